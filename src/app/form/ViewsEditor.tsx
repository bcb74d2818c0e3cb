// The design's views in the Form tab, every key of the format: materialized views (id, source
// table, description, deletion protection, and the view as SQL in Monaco or as a builder:
// groupBy fields and aggregations, or index fields and families), logical views (SQL in
// Monaco) and authorized views (table, row prefixes, families with their qualifiers and
// qualifier prefixes). The SQL's problems are the view checks' (core/export/views/check.ts), inline.
import { lazy, memo, type ReactNode, Suspense } from 'react';
import type { AuthorizedView, Design, LogicalView, MaterializedView, ViewAggregation } from '../../core/model/schema';
import { checkMaterializedView, checkSelect } from '../../core/export/views/check';
import { materializedViewSql } from '../../core/export/views/sql';
import { Section } from '../components/Section';
import type { EditResult } from '../store';
import { SelectField, TextField, options, splitList } from './fields';
import type { Edit } from './hooks';
import { replaceAt, setOpt } from './ops';
import { choicesWith, DeletionProtectionField, IdField, PartFieldset } from './parts';

const SqlEditor = lazy(() => import('../code/SqlEditor'));

type Key = 'materializedViews' | 'logicalViews' | 'authorizedViews';
type Definition = 'query' | 'groupBy' | 'index';

const AGG_FNS = [
  'count',
  'sum',
  'min',
  'max',
  'avg',
  'any_value',
  'hll_count.init',
  'hll_count.merge',
  'hll_count.merge_partial',
  'bit_and',
  'bit_or',
  'bit_xor',
] as const;

function freshName(taken: readonly { name: string }[], base: string): string {
  const names = new Set(taken.map((v) => v.name));
  for (let n = taken.length + 1; ; n++) if (!names.has(`${base}${n}`)) return `${base}${n}`;
}

const lines = (v: string) => v.split('\n').filter((s) => s !== '');

/** The problems of a view's SQL as Bigtable would see them (the view-query rule's checks). */
function sqlProblems(design: Design, sql: string, kind: 'materialized' | 'logical', table?: string): string[] {
  try {
    if (kind === 'logical') return checkSelect(sql, design).problems;
    const { problems, shape } = checkMaterializedView(sql, design);
    return shape?.table && table !== undefined && shape.table !== table
      ? [...problems, `reads table ${shape.table}, but the source table is ${table}`]
      : problems;
  } catch (e) {
    return [e instanceof Error ? e.message : String(e)];
  }
}

function SqlField({
  uri,
  label,
  path,
  value,
  problems,
  onCommit,
}: {
  uri: string;
  label: string;
  path: string;
  value: string;
  problems: string[];
  onCommit(v: string): EditResult;
}) {
  return (
    <div data-path={path}>
      <Suspense fallback={<TextField label={label} path={path} multiline mono value={value} onCommit={onCommit} />}>
        <SqlEditor uri={uri} label={label} value={value} problems={problems} onCommit={onCommit} />
      </Suspense>
    </div>
  );
}

/** The same view defined another way: SQL (from the builder's own SQL when it can be written), groupBy or index. */
function redefine(design: Design, v: MaterializedView, to: Definition, firstField: string): MaterializedView {
  const base = setOpt(setOpt(setOpt(v, 'query', undefined), 'groupBy', undefined), 'index', undefined);
  if (to === 'query') {
    const built = materializedViewSql(design, v);
    return { ...base, query: built.ok ? built.sql : `SELECT ${firstField} AS ${firstField}, COUNT(*) AS n\nFROM \`${v.table}\`\nGROUP BY ${firstField}` };
  }
  if (to === 'groupBy') return { ...base, groupBy: { fields: [firstField], aggregations: [{ fn: 'count', as: 'n' }] } };
  return { ...base, index: { fields: [firstField] } };
}

function MaterializedEditor({
  design,
  docId,
  v,
  i,
  tables,
  list,
}: {
  design: Design;
  docId: string;
  v: MaterializedView;
  i: number;
  tables: string[];
  list: ListEdit;
}) {
  const at = `materializedViews[${i}]`;
  const set = (fn: (v: MaterializedView) => MaterializedView, label: string, key?: (string | number)[]) =>
    list('materializedViews', (vs) => replaceAt(vs, i, fn), label, key && [i, ...key]);
  const def: Definition = v.query !== undefined ? 'query' : v.groupBy ? 'groupBy' : 'index';
  const source = design.tables.find((t) => t.name === v.table);
  const firstField = Object.keys(source?.rowKey.fields ?? {})[0] ?? 'id';
  const built = def === 'query' ? null : materializedViewSql(design, v);
  const aggs = v.groupBy?.aggregations ?? [];
  const setAgg = (ai: number, fn: (a: ViewAggregation) => ViewAggregation, label: string, key?: string) =>
    set(
      (o) => (o.groupBy ? { ...o, groupBy: { ...o.groupBy, aggregations: replaceAt(o.groupBy.aggregations, ai, fn) } } : o),
      label,
      key ? ['groupBy', 'aggregations', ai, key] : undefined,
    );
  return (
    <PartFieldset kind="Materialized view" name={v.name} at={at} className="view" testId="materialized-view-editor">
      <ViewHead
        list={list}
        views="materializedViews"
        kind="materialized view"
        idLabel="View id"
        i={i}
        v={v}
        table={{ label: 'Source table', undo: 'Set source table', tables }}
      >
        <SelectField
          label="Defined by"
          path={`${at}.${def}`}
          value={def}
          options={options(['query', 'groupBy', 'index'] as const, { query: 'SQL', groupBy: 'a rollup (GROUP BY)', index: 'a secondary index (ORDER BY)' })}
          onCommit={(x) => set((o) => redefine(design, o, x ?? 'query', firstField), 'Change how the view is defined')}
        />
      </ViewHead>
      {def === 'query' && (
        <SqlField
          uri={`file:///views/${encodeURIComponent(docId)}/materialized-${i}.sql`}
          label="Query (GoogleSQL: GROUP BY or ORDER BY)"
          path={`${at}.query`}
          value={v.query ?? ''}
          problems={sqlProblems(design, v.query ?? '', 'materialized', v.table)}
          onCommit={(x) => set((o) => ({ ...o, query: x }), 'Edit view query', ['query'])}
        />
      )}
      {def === 'groupBy' && v.groupBy && (
        <div data-path={`${at}.groupBy`}>
          <TextField
            label="Group by key fields (comma-separated, in order: the view key)"
            path={`${at}.groupBy.fields`}
            mono
            value={v.groupBy.fields.join(', ')}
            format={(x) => splitList(x).join(', ')}
            onCommit={(x) =>
              set((o) => (o.groupBy ? { ...o, groupBy: { ...o.groupBy, fields: splitList(x) } } : o), 'Edit group-by fields', ['groupBy', 'fields'])
            }
          />
          {aggs.map((a, ai) => (
            <div className="field-row" key={ai} data-path={`${at}.groupBy.aggregations[${ai}]`}>
              <SelectField
                label={`Aggregation ${ai + 1}`}
                path={`${at}.groupBy.aggregations[${ai}].fn`}
                value={a.fn}
                options={options(AGG_FNS)}
                onCommit={(x) => setAgg(ai, (o) => ({ ...o, fn: x ?? o.fn }), 'Set aggregation')}
              />
              <TextField
                label={`Column of aggregation ${ai + 1} (family:qualifier; empty: rows)`}
                path={`${at}.groupBy.aggregations[${ai}].column`}
                mono
                value={a.column ?? ''}
                onCommit={(x) => setAgg(ai, (o) => setOpt(o, 'column', x || undefined), 'Set aggregated column', 'column')}
              />
              <TextField
                label={`Output name of aggregation ${ai + 1}`}
                path={`${at}.groupBy.aggregations[${ai}].as`}
                mono
                value={a.as}
                onCommit={(x) => setAgg(ai, (o) => ({ ...o, as: x }), 'Name aggregation', 'as')}
              />
              {aggs.length > 1 && (
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    set(
                      (o) => (o.groupBy ? { ...o, groupBy: { ...o.groupBy, aggregations: o.groupBy.aggregations.filter((_, j) => j !== ai) } } : o),
                      'Remove aggregation',
                    )
                  }
                >
                  Remove aggregation {ai + 1}
                </button>
              )}
            </div>
          ))}
          <button
            type="button"
            onClick={() =>
              set(
                (o) =>
                  o.groupBy
                    ? {
                        ...o,
                        groupBy: { ...o.groupBy, aggregations: [...o.groupBy.aggregations, { fn: 'count', as: `n${o.groupBy.aggregations.length + 1}` }] },
                      }
                    : o,
                'Add aggregation',
              )
            }
          >
            Add aggregation
          </button>
        </div>
      )}
      {def === 'index' && v.index && (
        <div className="field-row" data-path={`${at}.index`}>
          <TextField
            label="Index by (key fields or family:qualifier, comma-separated)"
            path={`${at}.index.fields`}
            mono
            value={v.index.fields.join(', ')}
            format={(x) => splitList(x).join(', ')}
            onCommit={(x) => set((o) => (o.index ? { ...o, index: { ...o.index, fields: splitList(x) } } : o), 'Edit index fields', ['index', 'fields'])}
          />
          <TextField
            label="Families copied into the index (comma-separated)"
            path={`${at}.index.families`}
            mono
            value={(v.index.families ?? []).join(', ')}
            format={(x) => splitList(x).join(', ')}
            onCommit={(x) =>
              set((o) => (o.index ? { ...o, index: setOpt(o.index, 'families', splitList(x).length ? splitList(x) : undefined) } : o), 'Edit index families', [
                'index',
                'families',
              ])
            }
          />
        </div>
      )}
      {built && (
        <details className="view-sql-preview">
          <summary>The SQL this builder writes</summary>
          {built.ok ? <pre className="mono">{built.sql}</pre> : <p className="field-error">{built.reason}</p>}
        </details>
      )}
      <ViewEnd list={list} views="materializedViews" kind="materialized view" i={i} v={v} />
    </PartFieldset>
  );
}

function AuthorizedEditor({ v, i, tables, list }: { v: AuthorizedView; i: number; tables: string[]; list: ListEdit }) {
  const at = `authorizedViews[${i}]`;
  const set = (fn: (v: AuthorizedView) => AuthorizedView, label: string, key?: (string | number)[]) =>
    list('authorizedViews', (vs) => replaceAt(vs, i, fn), label, key && [i, ...key]);
  const setFamily = (f: string, key: 'qualifiers' | 'qualifierPrefixes', text: string) =>
    set(
      (o) => {
        const cur = o.families[f] ?? {};
        const list_ = lines(text);
        return { ...o, families: { ...o.families, [f]: setOpt(cur, key, list_.length ? list_ : undefined) } };
      },
      key === 'qualifiers' ? `Edit qualifiers of ${f}` : `Edit qualifier prefixes of ${f}`,
      ['families', f, key],
    );
  return (
    <PartFieldset kind="Authorized view" name={v.name} at={at} className="view" testId="authorized-view-editor">
      <ViewHead
        list={list}
        views="authorizedViews"
        kind="authorized view"
        idLabel="Authorized view id"
        i={i}
        v={v}
        table={{ label: 'Table', undo: 'Set view table', tables }}
      />
      <TextField
        label="Row prefixes (one per line; none = every row)"
        path={`${at}.rowPrefixes`}
        multiline
        mono
        value={(v.rowPrefixes ?? []).join('\n')}
        onCommit={(x) => set((o) => setOpt(o, 'rowPrefixes', x.trim() === '' ? undefined : x.split('\n')), 'Edit row prefixes', ['rowPrefixes'])}
      />
      <TextField
        label="Families (comma-separated)"
        path={`${at}.families`}
        value={Object.keys(v.families).join(', ')}
        format={(x) => splitList(x).join(', ')}
        onCommit={(x) =>
          set((o) => ({ ...o, families: Object.fromEntries(splitList(x).map((f) => [f, o.families[f] ?? {}])) }), 'Edit view families', ['families'])
        }
      />
      {Object.entries(v.families).map(([f, sub]) => (
        <div className="field-row" key={f} data-path={`${at}.families.${f}`}>
          <TextField
            label={`Qualifiers of ${f} (one per line)`}
            path={`${at}.families.${f}.qualifiers`}
            multiline
            mono
            value={(sub.qualifiers ?? []).join('\n')}
            format={(x) => lines(x).join('\n')}
            onCommit={(x) => setFamily(f, 'qualifiers', x)}
          />
          <TextField
            label={`Qualifier prefixes of ${f} (one per line; none and no qualifiers: every column)`}
            path={`${at}.families.${f}.qualifierPrefixes`}
            multiline
            mono
            value={(sub.qualifierPrefixes ?? []).join('\n')}
            format={(x) => lines(x).join('\n')}
            onCommit={(x) => setFamily(f, 'qualifierPrefixes', x)}
          />
        </div>
      ))}
      <ViewEnd list={list} views="authorizedViews" kind="authorized view" i={i} v={v} />
    </PartFieldset>
  );
}

/** The first row of every view's fieldset: its id, its table (when it has one), `children`, then its deletion protection. */
function ViewHead({
  list,
  views,
  kind,
  idLabel,
  i,
  v,
  table,
  children,
}: {
  list: ListEdit;
  views: Key;
  kind: string;
  idLabel: string;
  i: number;
  v: { name: string; table?: string; deletionProtection?: boolean };
  table?: { label: string; undo: string; tables: string[] };
  children?: ReactNode;
}) {
  const edit = list as (key: Key, fn: (vs: (typeof v)[]) => (typeof v)[], label: string, path?: (string | number)[]) => EditResult;
  const set = (fn: (o: typeof v) => typeof v, label: string, key?: string) =>
    edit(views, (vs) => replaceAt(vs, i, fn), label, key === undefined ? undefined : [i, key]);
  const at = `${views}[${i}]`;
  return (
    <div className="field-row">
      <IdField label={idLabel} path={`${at}.name`} value={v.name} onCommit={(x) => set((o) => ({ ...o, name: x }), `Rename ${kind}`, 'name')} />
      {table && v.table !== undefined && (
        <SelectField
          label={table.label}
          path={`${at}.table`}
          value={v.table}
          options={choicesWith(table.tables, v.table)}
          onCommit={(x) => set((o) => ({ ...o, table: x ?? o.table }), table.undo)}
        />
      )}
      {children}
      <DeletionProtectionField
        at={at}
        checked={v.deletionProtection}
        onCommit={(x) => set((o) => setOpt(o, 'deletionProtection', x || undefined), 'Toggle deletion protection')}
      />
    </div>
  );
}

/** The end of every view's fieldset: its description, then the button that removes the view. */
function ViewEnd({ list, views, kind, i, v }: { list: ListEdit; views: Key; kind: string; i: number; v: { name: string; description?: string } }) {
  const edit = list as (key: Key, fn: (vs: (typeof v)[]) => (typeof v)[], label: string, path?: (string | number)[]) => EditResult;
  return (
    <>
      <TextField
        label="Description"
        path={`${views}[${i}].description`}
        value={v.description ?? ''}
        onCommit={(x) => edit(views, (vs) => replaceAt(vs, i, (o) => setOpt(o, 'description', x || undefined)), 'Edit view description', [i, 'description'])}
      />
      <button type="button" className="danger" onClick={() => edit(views, (vs) => vs.filter((_, j) => j !== i), `Remove ${kind} ${v.name}`)}>
        Remove {kind}
      </button>
    </>
  );
}

type ListEdit = <K extends Key>(key: K, fn: (vs: NonNullable<Design[K]>) => NonNullable<Design[K]>, label: string, path?: (string | number)[]) => EditResult;

export const ViewsEditor = memo(function ViewsEditor({ design, docId, edit }: { design: Design; docId: string; edit: Edit }) {
  const tables = design.tables.map((t) => t.name);
  const list: ListEdit = (key, fn, label, path) =>
    edit(
      (d) => {
        const next = fn((d[key] ?? []) as never);
        return setOpt(d, key, (next.length ? next : undefined) as never);
      },
      label,
      path ? [key, ...path] : undefined,
    );
  const mvs = design.materializedViews ?? [];
  const lvs = design.logicalViews ?? [];
  const avs = design.authorizedViews ?? [];
  const first = design.tables[0];

  const setLv = (i: number, fn: (v: LogicalView) => LogicalView, label: string, key?: string) =>
    list('logicalViews', (vs) => replaceAt(vs, i, fn), label, key === undefined ? undefined : [i, key]);

  return (
    <Section id="views" level={2} headingId="views-heading" title="Views">
      <div data-testid="views-editor">
        <h3>Materialized views</h3>
        {mvs.map((v, i) => (
          <MaterializedEditor key={i} design={design} docId={docId} v={v} i={i} tables={tables} list={list} />
        ))}
        {first ? (
          <button
            type="button"
            className="link-button"
            onClick={() =>
              list(
                'materializedViews',
                (vs) => [...vs, { name: freshName(vs, 'view'), table: first.name, index: { fields: [Object.keys(first.rowKey.fields)[0] ?? 'id'] } }],
                'Add materialized view',
              )
            }
          >
            Add materialized view
          </button>
        ) : null}

        <h3>Logical views</h3>
        {lvs.map((v, i) => {
          const at = `logicalViews[${i}]`;
          return (
            <PartFieldset key={i} kind="Logical view" name={v.name} at={at} className="view" testId="logical-view-editor">
              <ViewHead list={list} views="logicalViews" kind="logical view" idLabel="Logical view id" i={i} v={v} />
              <SqlField
                uri={`file:///views/${encodeURIComponent(docId)}/logical-${i}.sql`}
                label="Query (GoogleSQL SELECT)"
                path={`${at}.query`}
                value={v.query}
                problems={sqlProblems(design, v.query, 'logical')}
                onCommit={(x) => setLv(i, (o) => ({ ...o, query: x }), 'Edit logical view query', 'query')}
              />
              <ViewEnd list={list} views="logicalViews" kind="logical view" i={i} v={v} />
            </PartFieldset>
          );
        })}
        {first ? (
          <button
            type="button"
            className="link-button"
            onClick={() =>
              list('logicalViews', (vs) => [...vs, { name: freshName(vs, 'logical'), query: `SELECT _key FROM \`${first.name}\`` }], 'Add logical view')
            }
          >
            Add logical view
          </button>
        ) : null}

        <h3>Authorized views</h3>
        {avs.map((v, i) => (
          <AuthorizedEditor key={i} v={v} i={i} tables={tables} list={list} />
        ))}
        {first ? (
          <button
            type="button"
            className="link-button"
            onClick={() =>
              list(
                'authorizedViews',
                (vs) => [
                  ...vs,
                  { name: freshName(vs, 'authorized'), table: first.name, families: Object.fromEntries((first.families ?? []).map((f) => [f.name, {}])) },
                ],
                'Add authorized view',
              )
            }
          >
            Add authorized view
          </button>
        ) : null}
      </div>
    </Section>
  );
});
