// The Export dialog: "Export a file" (every format, preview, copy, download) and "Apply to
// Bigtable" (the btstudio commands for this design, emulator first), as two tabs.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SimulationSummary } from '../../core/outputs';
import type { Design } from '../../core/model/schema';
import { Modal } from '../share/Modal';
import { ApplyPanel } from './ApplyPanel';
import { ExportPanel } from './ExportPanel';
import type { ExportFormat } from './preview';

export type ExportTab = 'export' | 'apply';

export interface ExportDialogProps {
  design: Design;
  /** The open table (table formats and the apply commands use it); default: the first table. */
  tableName?: string | null;
  onClose(): void;
  /** The tab shown first. */
  initialTab?: ExportTab;
  initialFormat?: ExportFormat;
  /** Simulation results per table, for the markdown review. */
  simulations?: Record<string, SimulationSummary>;
}

const TABS: { id: ExportTab; label: string }[] = [
  { id: 'export', label: 'Export a file' },
  { id: 'apply', label: 'Apply to Bigtable' },
];

export function ExportDialog({ design, tableName = null, onClose, initialTab = 'export', initialFormat, simulations }: ExportDialogProps) {
  const id = useId();
  const [tab, setTab] = useState<ExportTab>(initialTab);
  const tabRefs = useRef<Partial<Record<ExportTab, HTMLButtonElement | null>>>({});
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const t = TABS[next]!.id;
    setTab(t);
    tabRefs.current[t]?.focus();
  };
  return (
    <Modal title={`Export ${design.name}`} onClose={onClose} testId="export-dialog" className="modal-wide">
      <div role="tablist" aria-label="Export or apply" className="modal-tabs" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            data-testid={`export-tab-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'export' ? (
          <ExportPanel design={design} tableName={tableName} {...(simulations ? { simulations } : {})} {...(initialFormat ? { initialFormat } : {})} />
        ) : (
          <ApplyPanel design={design} tableName={tableName} />
        )}
      </div>
    </Modal>
  );
}

/** An "Export" button that opens the dialog: the one-line way to mount it. */
export function ExportButton({
  design,
  tableName,
  className,
  simulations,
}: {
  design: Design;
  tableName?: string | null;
  className?: string;
  simulations?: Record<string, SimulationSummary>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} data-testid="export-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Export
      </button>
      {open && <ExportDialog design={design} tableName={tableName ?? null} onClose={() => setOpen(false)} {...(simulations ? { simulations } : {})} />}
    </>
  );
}
