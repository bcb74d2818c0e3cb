// Everything about one table: its row key (template, example, samples) and its families.
import type { Table } from '../../core/model/schema';
import { Families } from './Families';
import { KeyExample } from './KeyExample';
import { SampleKeys } from './SampleKeys';

const SAMPLE_COUNT = 50;

export function TablePanel({ table }: { table: Table }) {
  const { rowKey } = table;
  return (
    <div className="table-panel" data-testid="table-panel" data-table={table.name}>
      <h2 className="table-title">
        Table <code>{table.name}</code>
      </h2>
      {table.description && <p className="table-description">{table.description}</p>}

      <section className="panel" aria-labelledby="rowkey-heading">
        <h3 id="rowkey-heading">Row key</h3>
        <dl className="facts">
          <dt>Template</dt>
          <dd>
            <code className="template" data-testid="key-template">
              {rowKey.template}
            </code>
          </dd>
          <dt>Encoding</dt>
          <dd>{rowKey.encoding ?? 'delimited'}</dd>
        </dl>
        <KeyExample rowKey={rowKey} />
      </section>

      <section className="panel" aria-labelledby="families-heading">
        <h3 id="families-heading">Column families</h3>
        <Families families={table.families ?? []} />
      </section>

      <section className="panel" aria-labelledby="samples-heading">
        <h3 id="samples-heading">{SAMPLE_COUNT} sample keys in byte order</h3>
        <p className="hint">
          Generated from the field definitions (seed 1) and sorted as Bigtable sorts rows: by unsigned bytes. Keys
          that sit next to each other here are stored next to each other.
        </p>
        <SampleKeys rowKey={rowKey} count={SAMPLE_COUNT} />
      </section>
    </div>
  );
}
