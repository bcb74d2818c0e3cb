// Everything about one table: name and description, the row key, families, queries, load, and
// sample keys in byte order.
import { memo } from 'react';
import type { Table } from '../../core/model/schema';
import type { QueryPlan } from '../../core/analysis/query-plan';
import { SampleKeys } from '../components/SampleKeys';
import { Section } from '../components/Section';
import { FamiliesEditor } from './FamiliesEditor';
import type { Edit } from './hooks';
import { KeyBuilder } from './KeyBuilder';
import { LoadEditor } from './LoadEditor';
import { onTable } from './ops';
import { QueriesEditor } from './QueriesEditor';
import { SettingsEditor } from './SettingsEditor';
import { renameTable } from './table-ops';
import { DescriptionField, type DesignNames, IdField, keyBinder, RefField } from './parts';

const SAMPLE_COUNT = 50;

interface Props {
  docId: string;
  ti: number;
  table: Table;
  keyFields: readonly string[];
  plans: readonly QueryPlan[];
  edit: Edit;
  onDelete(): void;
  onDuplicate(ti: number): void;
  names: DesignNames;
  onMoveQuery(from: number, qi: number, to: number): void;
}

/** A section of the table's form that collapses; `kind` is what the session remembers. */
function Panel({ id, kind, title, children }: { id: string; kind: string; title: string; children: React.ReactNode }) {
  return (
    <Section id={kind} headingId={id} title={title}>
      {children}
    </Section>
  );
}

export const TableEditor = memo(function TableEditor({ docId, ti, table, keyFields, plans, edit, onDelete, onDuplicate, names, onMoveQuery }: Props) {
  const others = names.tables.filter((n) => n !== table.name);
  const at = `tables[${ti}]`;
  const bind = keyBinder(at, table, (fn, undo, key) => edit(onTable(ti, fn), undo, key === undefined ? undefined : ['tables', ti, key]));
  return (
    <div className="table-panel" data-testid="table-panel" data-table={table.name} data-path={at}>
      <div className="table-head">
        <h2 className="table-title">
          Table <code>{table.name}</code>
        </h2>
        <span className="table-actions">
          <button type="button" onClick={() => onDuplicate(ti)} data-testid="table-duplicate">
            Duplicate table
          </button>{' '}
          <button type="button" className="danger" onClick={onDelete}>
            Delete table
          </button>
        </span>
      </div>
      <Panel id="table-heading" kind="table" title="Table">
        <div className="field-row">
          <IdField
            label="Table name"
            path={`${at}.name`}
            value={table.name}
            onCommit={(v) => edit((d) => renameTable(d, ti, v), 'Rename table', ['tables', ti, 'name'])}
          />
          <RefField
            label="Written with (an index or companion table of)"
            {...bind('writtenWith', (v) => (v ? `Write table with ${v}` : 'Write table on its own'))}
            names={others}
            unset="no other table"
          />
        </div>
        <DescriptionField {...bind('description', 'Edit table description', true)} multiline />
      </Panel>
      <Panel id="rowkey-heading" kind="key" title="Row key">
        <KeyBuilder docId={docId} ti={ti} table={table} edit={edit} />
      </Panel>
      <Panel id="families-heading" kind="families" title="Column families">
        <FamiliesEditor ti={ti} families={table.families} edit={edit} />
      </Panel>
      <Panel id="queries-heading" kind="queries" title="Queries">
        <QueriesEditor ti={ti} queries={table.queries} keyFields={keyFields} plans={plans} edit={edit} names={names} onMove={onMoveQuery} />
      </Panel>
      <Panel id="load-heading" kind="load" title="Load">
        <LoadEditor ti={ti} load={table.load} splits={table.splits} profileIds={names.profiles} edit={edit} />
      </Panel>
      <Panel id="settings-heading" kind="settings" title="Production settings">
        <SettingsEditor ti={ti} settings={table} edit={edit} />
      </Panel>
      <section className="panel" aria-label="Sample keys">
        <details open>
          <summary className="samples-summary">{SAMPLE_COUNT} sample keys in byte order</summary>
          <p className="hint">
            Generated from the field definitions (seed 1) and sorted as Bigtable sorts rows: by unsigned bytes. Keys that sit next to each other here are stored
            next to each other.
          </p>
          <SampleKeys rowKey={table.rowKey} count={SAMPLE_COUNT} />
        </details>
      </section>
    </div>
  );
});
