// The design's views in the Form tab, every key of the format: materialized views (id, source
// table, description, deletion protection, and the view as SQL in Monaco or as a builder:
// groupBy fields and aggregations, or index fields and families), logical views (SQL in
// Monaco) and authorized views (table, row prefixes, families with their qualifiers and
// qualifier prefixes). The SQL's problems are the view checks' (core/export/views/check.ts), inline.
import { lazy, memo, type ReactNode, Suspense } from 'react';
import type { AuthorizedView, Design, LogicalView, MaterializedView, Table, ViewAggregation } from '../../core/model/schema';
import { checkMaterializedView, checkSelect } from '../../core/export/views/check';
import { materializedViewSql } from '../../core/export/views/sql';
import { Section } from '../components/Section';
import type { EditResult } from '../store';
import { ListField, SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
import { replaceAt, setOpt } from './ops';
import { choicesWith, DeletionProtectionField, DescriptionField, IdField, PartFieldset } from './parts';

const SqlEditor = lazy(() => import('../code/SqlEditor'));

type Key = 'materializedViews' | 'logicalViews' | 'authorizedViews';
type Definition = 'query' | 'groupBy' | 'index';
type Builder = Exclude<Definition, 'query'>;

/** The view builders' key fields: their label, and the undo label of an edit. */
const BUILDERS: Record<Builder, { fields: string; undo: string }> = {
  groupBy: { fields: 'Group by key fields (comma-separated, in order: the view key)', undo: 'Edit group-by fields' },
  index: { fields: 'Index by (key fields or family:qualifier, comma-separated)', undo: 'Edit index fields' },
};

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
  const set = viewSetter<MaterializedView>(list, 'materializedViews', i);
  const def: Definition = v.query !== undefined ? 'query' : v.groupBy ? 'groupBy' : 'index';
  const source = design.tables.find((t) => t.name === v.table);
  const firstField = Object.keys(source?.rowKey.fields ?? {})[0] ?? 'id';
  const built = def === 'query' ? null : materializedViewSql(design, v);
  const aggs = v.groupBy?.aggregations ?? [];
  /** Edits the view's `groupBy` or `index` builder (nothing when it has none). */
  const setBuilder = <D extends Builder>(
    d: D,
    fn: (b: NonNullable<MaterializedView[D]>) => NonNullable<MaterializedView[D]>,
    label: string,
    key?: (string | number)[],
  ) => set((o) => (o[d] ? { ...o, [d]: fn(o[d] as NonNullable<MaterializedView[D]>) } : o), label, key && [d, ...key]);
  const setAgg = (ai: number, fn: (a: ViewAggregation) => ViewAggregation, label: string, key?: string) =>
    setBuilder('groupBy', (g) => ({ ...g, aggregations: replaceAt(g.aggregations, ai, fn) }), label, key ? ['aggregations', ai, key] : undefined);
  /** The builder's key fields, in order: the view's key. */
  const keyFields = def !== 'query' && v[def] && (
    <ListField
      label={BUILDERS[def].fields}
      path={`${at}.${def}.fields`}
      mono
      value={v[def].fields}
      onCommit={(x) => setBuilder(def, (b) => ({ ...b, fields: x }), BUILDERS[def].undo, ['fields'])}
    />
  );
  return (
    <ViewFieldset
      list={list}
      views="materializedViews"
      i={i}
      v={v}
      tables={tables}
      head={
        <SelectField
          label="Defined by"
          path={`${at}.${def}`}
          value={def}
          options={options(['query', 'groupBy', 'index'] as const, { query: 'SQL', groupBy: 'a rollup (GROUP BY)', index: 'a secondary index (ORDER BY)' })}
          onCommit={(x) => set((o) => redefine(design, o, x ?? 'query', firstField), 'Change how the view is defined')}
        />
      }
    >
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
          {keyFields}
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
                  onClick={() => setBuilder('groupBy', (g) => ({ ...g, aggregations: g.aggregations.filter((_, j) => j !== ai) }), 'Remove aggregation')}
                >
                  Remove aggregation {ai + 1}
                </button>
              )}
            </div>
          ))}
          <button
            type="button"
            onClick={() =>
              setBuilder(
                'groupBy',
                (g) => ({ ...g, aggregations: [...g.aggregations, { fn: 'count', as: `n${g.aggregations.length + 1}` }] }),
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
          {keyFields}
          <ListField
            label="Families copied into the index (comma-separated)"
            path={`${at}.index.families`}
            mono
            value={v.index.families}
            onCommit={(x) => setBuilder('index', (b) => setOpt(b, 'families', x.length ? x : undefined), 'Edit index families', ['families'])}
          />
        </div>
      )}
      {built && (
        <details className="view-sql-preview">
          <summary>The SQL this builder writes</summary>
          {built.ok ? <pre className="mono">{built.sql}</pre> : <p className="field-error">{built.reason}</p>}
        </details>
      )}
    </ViewFieldset>
  );
}

/** The columns an authorized view shows of a family, one list a line each: what it holds, and its field's label. */
const COLUMN_LISTS = [
  { key: 'qualifiers', label: (f: string) => `Qualifiers of ${f} (one per line)` },
  { key: 'qualifierPrefixes', label: (f: string) => `Qualifier prefixes of ${f} (one per line; none and no qualifiers: every column)` },
] as const;

function AuthorizedEditor({ v, i, tables, list }: { v: AuthorizedView; i: number; tables: string[]; list: ListEdit }) {
  const at = `authorizedViews[${i}]`;
  const set = viewSetter<AuthorizedView>(list, 'authorizedViews', i);
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
    <ViewFieldset list={list} views="authorizedViews" i={i} v={v} tables={tables}>
      <TextField
        label="Row prefixes (one per line; none = every row)"
        path={`${at}.rowPrefixes`}
        multiline
        mono
        value={(v.rowPrefixes ?? []).join('\n')}
        onCommit={(x) => set((o) => setOpt(o, 'rowPrefixes', x.trim() === '' ? undefined : x.split('\n')), 'Edit row prefixes', ['rowPrefixes'])}
      />
      <ListField
        label="Families (comma-separated)"
        path={`${at}.families`}
        value={Object.keys(v.families)}
        onCommit={(x) => set((o) => ({ ...o, families: Object.fromEntries(x.map((f) => [f, o.families[f] ?? {}])) }), 'Edit view families', ['families'])}
      />
      {Object.entries(v.families).map(([f, sub]) => (
        <div className="field-row" key={f} data-path={`${at}.families.${f}`}>
          {COLUMN_LISTS.map(({ key, label }) => (
            <TextField
              key={key}
              label={label(f)}
              path={`${at}.families.${f}.${key}`}
              multiline
              mono
              value={(sub[key] ?? []).join('\n')}
              format={(x) => lines(x).join('\n')}
              onCommit={(x) => setFamily(f, key, x)}
            />
          ))}
        </div>
      ))}
    </ViewFieldset>
  );
}

/** Each kind of view: its legend, its name in undo labels and buttons, its id's label, its test id, and its table's label and undo label (when it has a table). */
const VIEW_KINDS: Record<Key, { legend: string; kind: string; idLabel: string; testId: string; table?: { label: string; undo: string } }> = {
  materializedViews: {
    legend: 'Materialized view',
    kind: 'materialized view',
    idLabel: 'View id',
    testId: 'materialized-view-editor',
    table: { label: 'Source table', undo: 'Set source table' },
  },
  logicalViews: { legend: 'Logical view', kind: 'logical view', idLabel: 'Logical view id', testId: 'logical-view-editor' },
  authorizedViews: {
    legend: 'Authorized view',
    kind: 'authorized view',
    idLabel: 'Authorized view id',
    testId: 'authorized-view-editor',
    table: { label: 'Table', undo: 'Set view table' },
  },
};

/** What every view has: a name, a table (materialized and authorized views), deletion protection and a description. */
interface ViewBase {
  name: string;
  table?: string;
  deletionProtection?: boolean;
  description?: string;
}

/** Edits view `i` of `views`; with `key` (a path inside the view), a typing burst in one input is one undo step. */
function viewSetter<V>(list: ListEdit, views: Key, i: number) {
  return (fn: (v: V) => V, label: string, key?: (string | number)[]) => anyViews<V>(list)(views, (vs) => replaceAt(vs, i, fn), label, key && [i, ...key]);
}

/** `list` for code that works on every kind of view alike (`V`: what it reads and writes of one). */
const anyViews = <V,>(list: ListEdit) => list as unknown as (key: Key, fn: (vs: V[]) => V[], label: string, path?: (string | number)[]) => EditResult;

/**
 * One view's fieldset. First row: its id, its table (when it has one), `head`, then its deletion
 * protection; then `children`; last its description and the button that removes it.
 */
function ViewFieldset({
  list,
  views,
  i,
  v,
  tables,
  head,
  children,
}: {
  list: ListEdit;
  views: Key;
  i: number;
  v: ViewBase;
  tables: string[];
  head?: ReactNode;
  children: ReactNode;
}) {
  const { legend, kind, idLabel, testId, table } = VIEW_KINDS[views];
  const set = viewSetter<ViewBase>(list, views, i);
  const at = `${views}[${i}]`;
  return (
    <PartFieldset kind={legend} name={v.name} at={at} className="view" testId={testId}>
      <div className="field-row">
        <IdField label={idLabel} path={`${at}.name`} value={v.name} onCommit={(x) => set((o) => ({ ...o, name: x }), `Rename ${kind}`, ['name'])} />
        {table && v.table !== undefined && (
          <SelectField
            label={table.label}
            path={`${at}.table`}
            value={v.table}
            options={choicesWith(tables, v.table)}
            onCommit={(x) => set((o) => ({ ...o, table: x ?? o.table }), table.undo)}
          />
        )}
        {head}
        <DeletionProtectionField
          at={at}
          checked={v.deletionProtection}
          onCommit={(x) => set((o) => setOpt(o, 'deletionProtection', x || undefined), 'Toggle deletion protection')}
        />
      </div>
      {children}
      <DescriptionField
        path={`${at}.description`}
        value={v.description}
        onCommit={(x) => set((o) => setOpt(o, 'description', x), 'Edit view description', ['description'])}
      />
      <button
        type="button"
        className="danger"
        onClick={() => anyViews<ViewBase>(list)(views, (vs) => vs.filter((_, j) => j !== i), `Remove ${kind} ${v.name}`)}
      >
        Remove {kind}
      </button>
    </PartFieldset>
  );
}

/** The button that adds a view of this kind (`make` writes it over the design's first table, named `base` and a number); none without a table. */
function AddView<K extends Key>({
  list,
  views,
  first,
  base,
  make,
}: {
  list: ListEdit;
  views: K;
  first: Table | undefined;
  base: string;
  make: (name: string, first: Table) => NonNullable<Design[K]>[number];
}) {
  const { kind } = VIEW_KINDS[views];
  if (!first) return null;
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => anyViews<{ name: string }>(list)(views, (vs) => [...vs, make(freshName(vs, base), first)], `Add ${kind}`)}
    >
      Add {kind}
    </button>
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

  return (
    <Section id="views" level={2} headingId="views-heading" title="Views">
      <div data-testid="views-editor">
        <h3>Materialized views</h3>
        {mvs.map((v, i) => (
          <MaterializedEditor key={i} design={design} docId={docId} v={v} i={i} tables={tables} list={list} />
        ))}
        <AddView
          list={list}
          views="materializedViews"
          first={first}
          base="view"
          make={(name, t) => ({ name, table: t.name, index: { fields: [Object.keys(t.rowKey.fields)[0] ?? 'id'] } })}
        />

        <h3>Logical views</h3>
        {lvs.map((v, i) => (
          <ViewFieldset key={i} list={list} views="logicalViews" i={i} v={v} tables={tables}>
            <SqlField
              uri={`file:///views/${encodeURIComponent(docId)}/logical-${i}.sql`}
              label="Query (GoogleSQL SELECT)"
              path={`logicalViews[${i}].query`}
              value={v.query}
              problems={sqlProblems(design, v.query, 'logical')}
              onCommit={(x) => viewSetter<LogicalView>(list, 'logicalViews', i)((o) => ({ ...o, query: x }), 'Edit logical view query', ['query'])}
            />
          </ViewFieldset>
        ))}
        <AddView list={list} views="logicalViews" first={first} base="logical" make={(name, t) => ({ name, query: `SELECT _key FROM \`${t.name}\`` })} />

        <h3>Authorized views</h3>
        {avs.map((v, i) => (
          <AuthorizedEditor key={i} v={v} i={i} tables={tables} list={list} />
        ))}
        <AddView
          list={list}
          views="authorizedViews"
          first={first}
          base="authorized"
          make={(name, t) => ({ name, table: t.name, families: Object.fromEntries((t.families ?? []).map((f) => [f.name, {}])) })}
        />
      </div>
    </Section>
  );
});
