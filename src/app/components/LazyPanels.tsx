// The share, export and import panels (src/app/share, src/app/export), loaded when first
// needed: the exporters, the share-link codec and the importers stay out of the first screen's
// JavaScript. Each button opens its dialog; the dialog's module arrives on the first click.
import { type ComponentType, lazy, type ReactElement, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import type { ExportFormat } from '../../core/outputs';
import type { Design } from '../../core/model/schema';
import { takeExportRequest, useExportRequest } from '../export/request';
import type { DesignAnalysis } from '../../core/analysis/design';
import type { ImportDropZoneProps } from '../export/ImportDropZone';
import type { SharedLinkBannerProps, SharedLinkErrorProps } from '../share/SharedLinkBanner';
import { useStudio } from '../store';
import { PanelBoundary } from './Boundary';
import { useAfterPaint } from './useAfterPaint';
import type { CompareDialogProps } from '../share/CompareDialog';

const ShareDialog = lazy(() => import('../share/ShareDialog').then((m) => ({ default: m.ShareDialog })));
const ExportDialog = lazy(() => import('../export/ExportDialog').then((m) => ({ default: m.ExportDialog })));
const ImportDropZone = lazy(() => import('../export/ImportDropZone').then((m) => ({ default: m.ImportDropZone })));
const SharedLinkBanner = lazy(() => import('../share/SharedLinkBanner').then((m) => ({ default: m.SharedLinkBanner })));
const CapacityPanel = lazy(() => import('../capacity/CapacityPanel'));
const SampleKeysDialog = lazy(() => import('../infer/SampleKeysPanel').then((m) => ({ default: m.SampleKeysDialog })));
const CompareDialog = lazy(() => import('../share/CompareDialog').then((m) => ({ default: m.CompareDialog })));
const HistoryPanel = lazy(() => import('../history/HistoryPanel').then((m) => ({ default: m.HistoryPanel })));
const SharedLinkError = lazy(() => import('../share/SharedLinkBanner').then((m) => ({ default: m.SharedLinkError })));

/** A dialog that belongs to the page it was opened on closes when the address moves (another design, the gallery, Back). */
function useCloseOnNavigation(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  }, [open, close]);
}

const useCloser = (setOpen: (v: boolean) => void) => useMemo(() => () => setOpen(false), [setOpen]);

/** The toolbar's dialogs: the button's text and test id, and the name of the boundary around the dialog. */
const DIALOGS = {
  share: { label: 'Share', testId: 'share-open', boundary: 'The share dialog' },
  history: { label: 'History', testId: 'history-open', boundary: 'The history panel' },
  export: { label: 'Export', testId: 'export-open', boundary: 'The export dialog' },
} as const;

/**
 * The button that opens one of the DIALOGS, lazily loaded, inside a PanelBoundary (reset when
 * `resetKey` changes); the dialog closes when the address moves.
 */
function DialogButton(props: {
  dialog: keyof typeof DIALOGS;
  resetKey: unknown;
  open: boolean;
  setOpen: (open: boolean) => void;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const { open, setOpen } = props;
  const { label, testId, boundary } = DIALOGS[props.dialog];
  useCloseOnNavigation(open, useCloser(setOpen));
  return (
    <>
      <button
        type="button"
        data-testid={testId}
        aria-haspopup="dialog"
        onClick={() => {
          props.onOpen?.();
          setOpen(true);
        }}
      >
        {label}
      </button>
      {open && (
        <PanelBoundary name={boundary} resetKey={props.resetKey} onClose={() => setOpen(false)}>
          <Suspense fallback={null}>{props.children}</Suspense>
        </PanelBoundary>
      )}
    </>
  );
}

export function ShareAction({ design, from }: { design: Design /** The version a link names as its base (when opened). */; from?: () => string | undefined }) {
  const [open, setOpen] = useState(false);
  const [base, setBase] = useState<string | undefined>(undefined);
  return (
    <DialogButton dialog="share" resetKey={design} open={open} setOpen={setOpen} onOpen={() => setBase(from?.())}>
      <ShareDialog design={design} {...(base ? { from: base } : {})} onClose={() => setOpen(false)} />
    </DialogButton>
  );
}

/** The History button and panel (history/HistoryPanel.tsx): versions, compare any two, restore. */
export function HistoryAction({ docId }: { docId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton dialog="history" resetKey={docId} open={open} setOpen={setOpen}>
      <HistoryPanel docId={docId} onClose={() => setOpen(false)} />
    </DialogButton>
  );
}

export function ExportAction({ design, tableName }: { design: Design; tableName: string | null }) {
  const [open, setOpen] = useState(false);
  // The palette's "Export: <format>" commands open this dialog at their format.
  const [format, setFormat] = useState<ExportFormat | undefined>(undefined);
  const request = useExportRequest();
  useEffect(() => {
    if (!request) return;
    takeExportRequest(request);
    setFormat(request.format);
    setOpen(true);
  }, [request]);
  return (
    <DialogButton dialog="export" resetKey={design} open={open} setOpen={setOpen} onOpen={() => setFormat(undefined)}>
      <ExportDialog key={format ?? ''} design={design} tableName={tableName} onClose={() => setOpen(false)} {...(format ? { initialFormat: format } : {})} />
    </DialogButton>
  );
}

/** A lazily loaded component, shown when its module has come (inside a PanelBoundary named `boundary`, when given). */
function lazyPanel<P extends object>(Component: ComponentType<P>, boundary?: string): (props: P) => ReactElement {
  return function LazyPanel(props: P) {
    const panel = (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
    return boundary === undefined ? panel : <PanelBoundary name={boundary}>{panel}</PanelBoundary>;
  };
}

const ImportDropZonePanel = lazyPanel<ImportDropZoneProps>(ImportDropZone, 'Import');
export function LazyImportDropZone(props: ImportDropZoneProps) {
  // Its module (and the importers') is asked for once the first view is painted, not before its
  // text, and once the saved designs are read (an import then never races the hydration).
  const ready = useAfterPaint(useStudio((s) => s.view !== 'loading' && s.persist.mode !== 'loading'));
  return ready ? <ImportDropZonePanel {...props} /> : null;
}
export const LazySharedLinkBanner = lazyPanel<SharedLinkBannerProps>(SharedLinkBanner, 'The shared link banner');
export const LazySharedLinkError = lazyPanel<SharedLinkErrorProps>(SharedLinkError);
/** The Capacity panel (src/app/capacity), loaded with its first render. */
export const LazyCapacityPanel = lazyPanel<{ design: Design; analysis: DesignAnalysis }>(CapacityPanel);

/** "New design from sample keys" (src/app/infer): the dialog and the core's inference load on the first click. */
export function SampleKeysAction({ onNewDesign }: { onNewDesign(design: Design): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="small-button side-infer" data-testid="infer-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        New design from sample keys
      </button>
      {open && (
        <Suspense fallback={null}>
          <SampleKeysDialog onNewDesign={onNewDesign} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export const LazyCompareDialog = lazyPanel<CompareDialogProps>(CompareDialog);
