// The Form tab: the design's own settings (name, description, cluster), its tables, the
// selected table's editor, and the design's views (ViewsEditor).
import { memo, useCallback, useMemo } from 'react';
import type { DesignAnalysis } from '../../core/analysis/design';
import { Section } from '../components/Section';
import { designHref, navigate } from '../routing';
import { useStudio } from '../store';
import type { DesignDoc } from '../studio/contract';
import { TextField } from './fields';
import { InstanceEditor } from './InstanceEditor';
import { ChecksEditor } from './ChecksEditor';
import { useEdit, type Edit } from './hooks';
import { newTable, setOpt } from './ops';
import { useReveal, useShownTable } from './reveal';
import { duplicateTable, moveQuery } from './table-ops';
import { DescriptionField, type DesignNames } from './parts';
import { TableEditor } from './TableEditor';
import { ViewsEditor } from './ViewsEditor';
import { markIn } from '../share/form-marks';
import { CompareBar, CompareMarksContext, useChangesInForm } from './compare-marks';
import './form.css';

interface Props {
  doc: DesignDoc;
  /** The table in the address; null for the first. */
  selected: string | null;
  analysis: DesignAnalysis;
}

/** The design's own settings: name (this is where a design is renamed) and description. */
const DesignSettings = memo(function DesignSettings({ name, description, edit }: { name: string; description: string | undefined; edit: Edit }) {
  return (
    <Section id="design" level={2} headingId="design-settings-heading" title="Design">
      <div className="field-row">
        <TextField
          label="Design name"
          path="name"
          value={name}
          onCommit={(v) => edit((d) => ({ ...d, name: v }), 'Rename design', ['name'])}
          className="grow"
        />
      </div>
      <DescriptionField
        path="description"
        multiline
        value={description}
        onCommit={(v) => edit((d) => setOpt(d, 'description', v), 'Edit design description', ['description'])}
      />
    </Section>
  );
});

/** `names` as an array that keeps its identity while its contents stay the same (the memoised panels compare by reference). */
function useStableList(names: readonly string[]): readonly string[] {
  const joined = names.join('\u0000');
  return useMemo(() => (joined === '' ? [] : joined.split('\u0000')), [joined]);
}

export const DesignForm = memo(function DesignForm({ doc, selected, analysis }: Props) {
  const edit = useEdit(doc.id);
  const { design } = doc;
  const ti = useShownTable(doc.id, design, selected);
  const tableNames = useStableList(design.tables.map((t) => t.name));
  // Materialized views over the shown table (a query may be served by one of them).
  const shownName = design.tables[ti]?.name;
  const viewNames = useStableList((design.materializedViews ?? []).filter((v) => v.table === shownName).map((v) => v.name));
  const profileIds = useStableList((design.instance?.appProfiles ?? []).map((p) => p.id));
  const names = useMemo<DesignNames>(() => ({ tables: tableNames, views: viewNames, profiles: profileIds }), [tableNames, viewNames, profileIds]);
  const table = design.tables[ti];
  useReveal(doc.id, design, ti);
  const compare = useChangesInForm(doc.id);
  const compared = compare?.marks ?? null;
  const addTable = () => {
    const t = newTable(design);
    if (edit((d) => ({ ...d, tables: [...d.tables, t] }), 'Add table').ok) navigate(designHref(doc.id, t.name));
  };
  // Stable handlers (memoised panels keep them): they read the design as it is when clicked.
  const current = useCallback(() => useStudio.getState().docs[doc.id]?.design, [doc.id]);
  const duplicate = useCallback(
    (from: number) => {
      const d = current();
      const r = d && duplicateTable(d, from);
      if (r && edit(() => r.design, `Duplicate table ${d.tables[from]!.name}`).ok) navigate(designHref(doc.id, r.name));
    },
    [current, edit, doc.id],
  );
  const moveQueryTo = useCallback(
    (from: number, qi: number, to: number) => {
      const d = current();
      const r = d && moveQuery(d, from, qi, to);
      if (!r || !edit(() => r.design, `Move query to ${d.tables[to]!.name}`).ok) return;
      const lost = r.dropped.length ? `; its match on ${r.dropped.join(', ')} was dropped (not in that key)` : '';
      useStudio.getState().say(`Moved query ${r.name} to table ${d.tables[to]!.name}${lost}`, { undo: true });
    },
    [current, edit],
  );
  const deleteTable = () => {
    if (!table) return;
    if (edit((d) => ({ ...d, tables: d.tables.filter((_, j) => j !== ti) }), `Delete table ${table.name}`).ok) {
      useStudio.getState().say(`Deleted table ${table.name}`, { undo: true });
    }
  };

  return (
    <CompareMarksContext.Provider value={compared}>
      <div className="design-form" data-testid="design-form">
        {compare && <CompareBar shown={compare} />}
        <DesignSettings name={design.name} description={design.description} edit={edit} />

        <div className="tabs table-tabs">
          <nav aria-label="Tables">
            {design.tables.map((t, i) => (
              <a
                key={`${i}:${t.name}`}
                className="tab"
                href={designHref(doc.id, t.name)}
                aria-current={i === ti ? 'page' : undefined}
                data-compare={markIn(compared, `tables[${i}]`)}
              >
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
            onDuplicate={duplicate}
            names={names}
            onMoveQuery={moveQueryTo}
          />
        ) : design.tables.length === 0 ? (
          <p className="notice">This design has no tables yet. Add one to start designing its row key.</p>
        ) : (
          <p className="notice" data-testid="table-missing">
            This design has no table <code>{selected ?? ''}</code>. Tables: {design.tables.map((t) => t.name).join(', ')}.
          </p>
        )}

        <InstanceEditor cluster={design.cluster} instance={design.instance} edit={edit} />
        <ViewsEditor design={design} docId={doc.id} edit={edit} />
        <ChecksEditor nodeCapacity={design.cluster?.nodeCapacity} rules={design.lint?.rules} edit={edit} />
      </div>
    </CompareMarksContext.Provider>
  );
});
