// One design: its name and description, a tab per table, and the selected table's panel.
// A design that does not load shows its issues instead, each with file:line:column.
import type { Design } from '../../core/model/schema';
import { IssueList } from '../components/IssueList';
import { TablePanel } from '../components/TablePanel';
import { designHref, galleryHref } from '../routing';
import { selectOpenEntry, useStudio, type DesignEntry } from '../store';

function TableTabs({ designId, design, current }: { designId: string; design: Design; current: string | null }) {
  return (
    <nav className="tabs" aria-label="Tables">
      {design.tables.map((t) => (
        <a key={t.name} className="tab" href={designHref(designId, t.name)} aria-current={t.name === current ? 'page' : undefined}>
          {t.name}
        </a>
      ))}
    </nav>
  );
}

function ClusterLine({ design }: { design: Design }) {
  const nodes = design.cluster?.nodes ?? 3;
  const storage = design.cluster?.storage ?? 'ssd';
  const tables = design.tables.length;
  return (
    <p className="design-meta">
      {tables === 1 ? '1 table' : `${tables} tables`} · {nodes === 1 ? '1 node' : `${nodes} nodes`} · {storage.toUpperCase()}
      {design.cluster ? '' : ' (defaults)'}
    </p>
  );
}

/** The design view bound to the store. */
export function DesignView() {
  const openId = useStudio((s) => s.openDesignId);
  const entry = useStudio(selectOpenEntry);
  const selected = useStudio((s) => s.selectedTable);
  return <DesignPage openId={openId} entry={entry} selected={selected} />;
}

export interface DesignPageProps {
  /** The id in the address, shown when no design has it. */
  openId: string | null;
  entry: DesignEntry | undefined;
  /** The table in the address; null for the first table. */
  selected: string | null;
}

/** The design view as a function of its props (no store access), so it renders anywhere. */
export function DesignPage({ openId, entry, selected }: DesignPageProps) {
  if (!entry) {
    return (
      <section className="view notice" data-testid="design-missing">
        <h1>No such design</h1>
        <p>
          There is no design with the id <code>{openId ?? ''}</code>. <a href={galleryHref()}>Open the gallery</a>.
        </p>
      </section>
    );
  }

  if (!entry.ok) {
    return (
      <section className="view" data-testid="design-load-error">
        <h1>{entry.title}</h1>
        <div className="error-box" role="alert">
          <h2>This design could not be loaded</h2>
          <p>
            {entry.issues.length === 1 ? 'One problem' : `${entry.issues.length} problems`} in <code>{entry.file}</code>:
          </p>
          <IssueList issues={entry.issues} />
        </div>
      </section>
    );
  }

  const { design } = entry;
  const table = selected === null ? design.tables[0] : design.tables.find((t) => t.name === selected);
  return (
    <section className="view design" data-testid="design-view">
      <header className="design-header">
        <h1>{design.name}</h1>
        {design.description && <p className="design-description">{design.description}</p>}
        <ClusterLine design={design} />
      </header>
      {design.tables.length > 1 && <TableTabs designId={entry.id} design={design} current={table?.name ?? null} />}
      {table ? (
        <TablePanel key={`${entry.id}/${table.name}`} table={table} />
      ) : design.tables.length === 0 ? (
        <p className="notice">This design has no tables yet.</p>
      ) : (
        <p className="notice" data-testid="table-missing">
          This design has no table <code>{selected ?? ''}</code>. Tables: {design.tables.map((t) => t.name).join(', ')}.
        </p>
      )}
    </section>
  );
}
