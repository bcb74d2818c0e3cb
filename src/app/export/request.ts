// "Export in format X" from the palette: the command asks, the design page's
// Export button answers by opening its dialog at that format. A request is taken once, so a
// page that mounts later (another design) does not open a dialog nobody asked for.
import { useSyncExternalStore } from 'react';
import type { ExportFormat } from '../../core/outputs';

export interface ExportRequest {
  format: ExportFormat;
}

let pending: ExportRequest | null = null;
const listeners = new Set<() => void>();

export function requestExport(format: ExportFormat): void {
  pending = { format };
  for (const l of listeners) l();
}

/** The request not yet taken, if any. */
export function useExportRequest(): ExportRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => null,
  );
}

/** Marks the request handled (the dialog opened). */
export function takeExportRequest(r: ExportRequest): void {
  if (pending === r) pending = null;
  for (const l of listeners) l();
}
