// The Form tab: the design's own settings (name, description, cluster), its tables, and the
// selected table's editor.
import { memo } from 'react';
import type { Design } from '../../core/model/schema';
import type { DesignAnalysis } from '../../core/rules/analysis';
import { designHref, navigate } from '../routing';
import { useStudio } from '../store';
import type { DesignDoc } from '../studio/contract';
import { NumberField, SelectField, TextField, options } from './fields';
import { useEdit, type Edit } from './hooks';
import { newTable, setOpt } from './ops';
import { useReveal, useShownTable } from './reveal';
import { TableEditor } from './TableEditor';
import './form.css';

interface Props {
  doc: DesignDoc;
  /** The table in the address; null for the first. */
  selected: string | null;
  analysis: DesignAnalysis;
}

type Cluster = NonNullable<Design['cluster']>;

/** The design's own settings: name (this is where a design is renamed), description, cluster. */
const DesignSettings = memo(function DesignSettings({ name, description, cluster, edit }: { name: string; description: string | undefined; cluster: Cluster | undefined; edit: Edit }) {
  const setCluster = <K extends keyof Cluster>(key: K, value: Cluster[K] | undefined, label: string) =>
    edit(
      (d) => {
        const c = setOpt({ ...(d.cluster ?? {}) }, key, value);
        return setOpt(d, 'cluster', Object.keys(c).length ? c : undefined);
      },
      label,
      ['cluster', key],
    );
  return (
    <section className="panel" aria-labelledby="design-settings-heading">
      <h2 id="design-settings-heading">Design</h2>
      <div className="field-row">
        <TextField label="Design name" path="name" value={name} onCommit={(v) => edit((d) => ({ ...d, name: v }), 'Rename design', ['name'])} className="grow" />
        <NumberField label="Cluster nodes" path="cluster.nodes" integer value={cluster?.nodes} placeholder="3" onCommit={(v) => setCluster('nodes', v, 'Set cluster nodes')} />
        <SelectField label="Storage" path="cluster.storage" value={cluster?.storage} unset="ssd (default)" options={options(['ssd', 'hdd'] as const)} onCommit={(v) => setCluster('storage', v, 'Set storage')} />
      </div>
      <TextField label="Description" path="description" multiline value={description ?? ''} onCommit={(v) => edit((d) => setOpt(d, 'description', v || undefined), 'Edit design description', ['description'])} />
    </section>
  );
});

export const DesignForm = memo(function DesignForm({ doc, selected, analysis }: Props) {
  const edit = useEdit(doc.id);
  const { design } = doc;
  const ti = useShownTable(doc.id, design, selected);
  const table = design.tables[ti];
  useReveal(doc.id, design, ti);
  const addTable = () => {
    const t = newTable(design);
    if (edit((d) => ({ ...d, tables: [...d.tables, t] }), 'Add table').ok) navigate(designHref(doc.id, t.name));
  };
  const deleteTable = () => {
    if (!table) return;
    if (edit((d) => ({ ...d, tables: d.tables.filter((_, j) => j !== ti) }), `Delete table ${table.name}`).ok) {
      useStudio.getState().say(`Deleted table ${table.name}`, { undo: true });
    }
  };

  return (
    <div className="design-form" data-testid="design-form">
      <DesignSettings name={design.name} description={design.description} cluster={design.cluster} edit={edit} />

      <div className="tabs table-tabs">
        <nav aria-label="Tables">
          {design.tables.map((t, i) => (
            <a key={`${i}:${t.name}`} className="tab" href={designHref(doc.id, t.name)} aria-current={i === ti ? 'page' : undefined}>
              {t.name}
            </a>
          ))}
        </nav>
        <button type="button" className="tab-add" onClick={addTable}>
          Add table
        </button>
      </div>

      {table ? (
        <TableEditor
          key={ti}
          docId={doc.id}
          ti={ti}
          table={table}
          keyFields={analysis.tables[ti]?.layout?.fields ?? Object.keys(table.rowKey.fields)}
          plans={analysis.tables[ti]?.plans ?? []}
          edit={edit}
          onDelete={deleteTable}
        />
      ) : design.tables.length === 0 ? (
        <p className="notice">This design has no tables yet. Add one to start designing its row key.</p>
      ) : (
        <p className="notice" data-testid="table-missing">
          This design has no table <code>{selected ?? ''}</code>. Tables: {design.tables.map((t) => t.name).join(', ')}.
        </p>
      )}
    </div>
  );
});
