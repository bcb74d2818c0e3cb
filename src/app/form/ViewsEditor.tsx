// The design's views in the Form tab: materialized views (name, source table, SQL or the
// builder it was declared with, deletion protection), logical views (name, SQL) and authorized
// views (name, table, row prefixes one per line, families). A builder (groupBy, index) and
// qualifier subsets are edited in the Code tab; the form shows them and keeps them.
import { memo } from 'react';
import type { AuthorizedView, Design, LogicalView, MaterializedView } from '../../core/model/schema';
import { CheckField, SelectField, TextField, options, splitList } from './fields';
import type { Edit } from './hooks';
import { replaceAt, setOpt } from './ops';

type Key = 'materializedViews' | 'logicalViews' | 'authorizedViews';

function freshName(taken: readonly { name: string }[], base: string): string {
  const names = new Set(taken.map((v) => v.name));
  for (let n = taken.length + 1; ; n++) if (!names.has(`${base}${n}`)) return `${base}${n}`;
}

export const ViewsEditor = memo(function ViewsEditor({ design, edit }: { design: Design; edit: Edit }) {
  const tables = design.tables.map((t) => t.name);
  const list = <K extends Key>(key: K, fn: (vs: NonNullable<Design[K]>) => NonNullable<Design[K]>, label: string, path?: (string | number)[]) =>
    edit((d) => {
      const next = fn((d[key] ?? []) as NonNullable<Design[K]>);
      return setOpt(d, key, (next.length ? next : undefined) as Design[K]);
    }, label, path ? [key, ...path] : undefined);
  const mvs = design.materializedViews ?? [];
  const lvs = design.logicalViews ?? [];
  const avs = design.authorizedViews ?? [];
  const first = design.tables[0];

  const setMv = (i: number, fn: (v: MaterializedView) => MaterializedView, label: string, key: string) => list('materializedViews', (vs) => replaceAt(vs, i, fn), label, [i, key]);
  const setLv = (i: number, fn: (v: LogicalView) => LogicalView, label: string, key: string) => list('logicalViews', (vs) => replaceAt(vs, i, fn), label, [i, key]);
  const setAv = (i: number, fn: (v: AuthorizedView) => AuthorizedView, label: string, key: string) => list('authorizedViews', (vs) => replaceAt(vs, i, fn), label, [i, key]);

  return (
    <section className="panel" aria-labelledby="views-heading" data-testid="views-editor">
      <h2 id="views-heading">Views</h2>
      <h3>Materialized views</h3>
      {mvs.map((v, i) => {
        const at = `materializedViews[${i}]`;
        return (
          <fieldset key={i} className="view" data-path={at}>
            <legend>{v.name}</legend>
            <div className="field-row">
              <TextField label="View id" path={`${at}.name`} mono value={v.name} onCommit={(x) => setMv(i, (o) => ({ ...o, name: x }), 'Rename materialized view', 'name')} />
              <SelectField label="Source table" path={`${at}.table`} value={v.table} options={options(tables.includes(v.table) ? tables : [...tables, v.table])} onCommit={(x) => setMv(i, (o) => ({ ...o, table: x ?? o.table }), 'Set source table', 'table')} />
              <CheckField label="Deletion protection" path={`${at}.deletionProtection`} checked={v.deletionProtection === true} onCommit={(x) => setMv(i, (o) => setOpt(o, 'deletionProtection', x || undefined), 'Toggle deletion protection', 'deletionProtection')} />
            </div>
            {v.query !== undefined ? (
              <TextField label="Query (GoogleSQL: GROUP BY or ORDER BY)" path={`${at}.query`} multiline mono value={v.query} onCommit={(x) => setMv(i, (o) => ({ ...o, query: x }), 'Edit view query', 'query')} />
            ) : (
              <p className="muted">
                Built from {v.groupBy ? `groupBy (${v.groupBy.fields.join(', ')})` : `index (${v.index?.fields.join(', ') ?? ''})`}: edit it in the Code tab.
              </p>
            )}
            <button type="button" className="danger" onClick={() => list('materializedViews', (vs) => vs.filter((_, j) => j !== i), `Remove materialized view ${v.name}`)}>
              Remove materialized view
            </button>
          </fieldset>
        );
      })}
      {first ? (
        <button
          type="button"
          className="link-button"
          onClick={() => list('materializedViews', (vs) => [...vs, { name: freshName(vs, 'view'), table: first.name, index: { fields: [Object.keys(first.rowKey.fields)[0] ?? 'id'] } }], 'Add materialized view')}
        >
          Add materialized view
        </button>
      ) : null}

      <h3>Logical views</h3>
      {lvs.map((v, i) => {
        const at = `logicalViews[${i}]`;
        return (
          <fieldset key={i} className="view" data-path={at}>
            <legend>{v.name}</legend>
            <div className="field-row">
              <TextField label="Logical view id" path={`${at}.name`} mono value={v.name} onCommit={(x) => setLv(i, (o) => ({ ...o, name: x }), 'Rename logical view', 'name')} />
              <CheckField label="Deletion protection" path={`${at}.deletionProtection`} checked={v.deletionProtection === true} onCommit={(x) => setLv(i, (o) => setOpt(o, 'deletionProtection', x || undefined), 'Toggle deletion protection', 'deletionProtection')} />
            </div>
            <TextField label="Query (GoogleSQL SELECT)" path={`${at}.query`} multiline mono value={v.query} onCommit={(x) => setLv(i, (o) => ({ ...o, query: x }), 'Edit logical view query', 'query')} />
            <button type="button" className="danger" onClick={() => list('logicalViews', (vs) => vs.filter((_, j) => j !== i), `Remove logical view ${v.name}`)}>
              Remove logical view
            </button>
          </fieldset>
        );
      })}
      {first ? (
        <button type="button" className="link-button" onClick={() => list('logicalViews', (vs) => [...vs, { name: freshName(vs, 'logical'), query: `SELECT _key FROM \`${first.name}\`` }], 'Add logical view')}>
          Add logical view
        </button>
      ) : null}

      <h3>Authorized views</h3>
      {avs.map((v, i) => {
        const at = `authorizedViews[${i}]`;
        return (
          <fieldset key={i} className="view" data-path={at}>
            <legend>{v.name}</legend>
            <div className="field-row">
              <TextField label="Authorized view id" path={`${at}.name`} mono value={v.name} onCommit={(x) => setAv(i, (o) => ({ ...o, name: x }), 'Rename authorized view', 'name')} />
              <SelectField label="Table" path={`${at}.table`} value={v.table} options={options(tables.includes(v.table) ? tables : [...tables, v.table])} onCommit={(x) => setAv(i, (o) => ({ ...o, table: x ?? o.table }), 'Set view table', 'table')} />
              <CheckField label="Deletion protection" path={`${at}.deletionProtection`} checked={v.deletionProtection === true} onCommit={(x) => setAv(i, (o) => setOpt(o, 'deletionProtection', x || undefined), 'Toggle deletion protection', 'deletionProtection')} />
            </div>
            <TextField
              label="Row prefixes (one per line; none = every row)"
              path={`${at}.rowPrefixes`}
              multiline
              mono
              value={(v.rowPrefixes ?? []).join('\n')}
              onCommit={(x) => setAv(i, (o) => setOpt(o, 'rowPrefixes', x.trim() === '' ? undefined : x.split('\n')), 'Edit row prefixes', 'rowPrefixes')}
            />
            <TextField
              label="Families (comma-separated; qualifier subsets in the Code tab)"
              path={`${at}.families`}
              value={Object.keys(v.families).join(', ')}
              format={(x) => splitList(x).join(', ')}
              onCommit={(x) => setAv(i, (o) => ({ ...o, families: Object.fromEntries(splitList(x).map((f) => [f, o.families[f] ?? {}])) }), 'Edit view families', 'families')}
            />
            <button type="button" className="danger" onClick={() => list('authorizedViews', (vs) => vs.filter((_, j) => j !== i), `Remove authorized view ${v.name}`)}>
              Remove authorized view
            </button>
          </fieldset>
        );
      })}
      {first ? (
        <button type="button" className="link-button" onClick={() => list('authorizedViews', (vs) => [...vs, { name: freshName(vs, 'authorized'), table: first.name, families: Object.fromEntries((first.families ?? []).map((f) => [f.name, {}])) }], 'Add authorized view')}>
          Add authorized view
        </button>
      ) : null}
    </section>
  );
});
