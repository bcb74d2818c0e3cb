// fast-check generators of the format's newer parts, over the designs of design-arbitrary.ts:
// production settings (instance, clusters, app profiles, per-table settings), node capacity,
// average rates and conditional writes, typed columns and filters on them, writtenWith,
// servedBy, views (materialized by SQL, groupBy or index; logical; authorized) and lint.accept.
// `fullDesign` draws designs that pass validateDesign; `nearValidDesign` draws one of them with
// exactly one format rule broken, which `check` must refuse with file:line:column.
// Test code only.
import fc from 'fast-check';
import { validateDesign } from '../core/load/load-design';
import type { AppProfile, ClusterSpec, Column, Design, Family, Instance, MaterializedView, Table } from '../core/model/schema';
import { RULES } from '../core/rules/registry';
import { validDesign } from './design-arbitrary';

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
const reason = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0);
const days = (min: number, max: number) => fc.integer({ min, max }).map((n) => `${n}d`);
const isoDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
/** A sub-list of at most `max` of `xs`, in order. */
const some = <T>(xs: T[], max: number) => fc.subarray(xs, { maxLength: Math.min(max, xs.length) });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** The object without its undefined keys (the YAML dump and the strict schema both want that). */
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A literal of each column type that the filter check reads as that type. */
const LITERALS: Record<string, string[]> = {
  string: ["'abc'", '"x y"', "''"],
  int64: ['5', '-12', '0'],
  float32: ['1.5', '0', '-2'],
  float64: ['3.25', '1e3', '-0.5'],
  bool: ['true', 'false'],
  timestamp: ["'2024-01-01T00:00:00Z'"],
  date: ["'2024-01-01'"],
  bytes: ["b'ab'", "'ab'"],
};
const COLUMN_TYPES = ['bytes', 'string', 'int64', 'float32', 'float64', 'bool', 'timestamp', 'date', 'json', 'proto'] as const;

// ---- production settings ----

const clusterSpec = (i: number): fc.Arbitrary<ClusterSpec> =>
  fc
    .oneof(
      fc.record({ nodes: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }),
      fc.integer({ min: 1, max: 100 }).chain((min) =>
        fc.record({
          autoscaling: fc.record(
            {
              minNodes: fc.constant(min),
              maxNodes: fc.integer({ min, max: Math.min(1000, min * 10) }),
              cpuTarget: fc.integer({ min: 10, max: 80 }),
              storageTarget: fc.integer({ min: 2560, max: 5120 }),
            },
            { requiredKeys: ['minNodes', 'maxNodes', 'cpuTarget'] },
          ),
        }),
      ),
    )
    .map((size) => ({ id: `cluster-${i}${'abc'[i % 3]}`, zone: `us-central1-${'abcdef'[i]}`, ...size }));

const appProfile = (i: number, clusterIds: string[]): fc.Arbitrary<AppProfile> =>
  fc.oneof(
    fc
      .tuple(pick(clusterIds), fc.constantFrom('priority', 'dataBoost', 'transactional', 'none'), pick(['low', 'medium', 'high'] as const), text(20))
      .map(([cluster, iso, priority, description]) =>
        defined<AppProfile>({
          id: `app_${i}`,
          description: description || undefined,
          routing: 'single',
          cluster: clusterIds.length === 1 && iso === 'none' ? undefined : cluster,
          ...(iso === 'priority' ? { priority } : {}),
          ...(iso === 'dataBoost' ? { dataBoost: { computeBillingOwner: 'HOST_PAYS' as const } } : {}),
          ...(iso === 'transactional' ? { allowTransactionalWrites: true } : {}),
        }),
      ),
    fc
      .tuple(fc.subarray(clusterIds, { minLength: 1 }), fc.boolean(), maybe(pick(['low', 'medium', 'high'] as const)))
      .map(([clusters, all, priority]) => defined<AppProfile>({ id: `app_${i}`, routing: 'multi', clusters: all ? undefined : clusters, priority })),
  );

const instance: fc.Arbitrary<Instance> = fc.integer({ min: 1, max: 3 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => `cluster-${i}${'abc'[i % 3]}`);
  return fc
    .record(
      {
        id: fc.constantFrom('my-instance', 'prod-bigtable-01'),
        displayName: fc.constantFrom('My instance', 'Production'),
        environment: pick(['production', 'staging', 'development'] as const),
        storage: pick(['ssd', 'hdd'] as const),
        clusters: fc.tuple(...ids.map((_, i) => clusterSpec(i))),
        appProfiles: fc.integer({ min: 0, max: 3 }).chain((k) => fc.tuple(...Array.from({ length: k }, (_, i) => appProfile(i, ids)))),
      },
      { requiredKeys: ['clusters', 'appProfiles'] },
    )
    .chain((inst) =>
      (inst.appProfiles.length ? maybe(pick(inst.appProfiles.map((p) => p.id))) : fc.constant(undefined)).map((dflt) =>
        defined<Instance>({ ...inst, appProfiles: inst.appProfiles.length ? inst.appProfiles : undefined, defaultAppProfile: dflt }),
      ),
    );
});

const nodeCapacity = fc.record(
  {
    readsPerSecond: fc.integer({ min: 1, max: 1e9 }),
    writesPerSecond: fc.integer({ min: 1, max: 1e9 }),
    scanBytesPerSecond: fc.integer({ min: 1, max: 1e12 }),
    storageBytes: fc.integer({ min: 1, max: 1e15 }),
    cpuTarget: fc.double({ min: 0.05, max: 1, noNaN: true, noDefaultInfinity: true }),
  },
  { requiredKeys: [] },
);

// ---- per table ----

const typedColumn = (c: Column, aggregate: boolean): fc.Arbitrary<Column> =>
  aggregate
    ? fc.constant(c)
    : fc.option(pick(COLUMN_TYPES), { nil: undefined }).map((type) => defined({ ...c, type, message: type === 'proto' ? 'shop.v1.Order' : undefined }));

const typedFamily = (f: Family): fc.Arbitrary<Family> =>
  fc.tuple(...(f.columns ?? []).map((c) => typedColumn(c, f.aggregate !== undefined))).map((columns) => (f.columns ? { ...f, columns } : f));

/** Filters that name the table's own families and compare typed columns with literals of their type. */
function filters(t: Table): fc.Arbitrary<string[]> {
  const entries: string[] = [];
  for (const f of t.families ?? []) {
    entries.push(`${f.name}:*`);
    for (const c of f.columns ?? []) {
      if (/\s|\{/.test(c.qualifier) || c.qualifier.includes(':')) continue;
      entries.push(`${f.name}:${c.qualifier}`);
      const type = f.aggregate ? 'int64' : c.type;
      for (const lit of type ? (LITERALS[type] ?? []) : ["'x'", '7']) entries.push(`${f.name}:${c.qualifier} ${['=', '!=', '>', '<='][lit.length % 4]} ${lit}`);
    }
  }
  return entries.length ? some(entries, 3) : fc.constant([]);
}

function tableExtras(t: Table, others: string[], views: string[], profiles: string[]): fc.Arbitrary<Table> {
  const families = fc.tuple(...(t.families ?? []).map(typedFamily));
  const profile = profiles.length ? maybe(pick(profiles)) : fc.constant(undefined);
  const servedBy = [...others, ...views];
  return fc
    .record({
      families,
      settings: fc.record(
        {
          deletionProtection: fc.boolean(),
          changeStreamRetention: days(1, 7),
          backup: fc.record({ retention: days(3, 90) }),
          tieredStorage: fc.record({ infrequentAccessAfter: days(30, 3650) }),
        },
        { requiredKeys: [] },
      ),
      writtenWith: others.length ? maybe(pick(others)) : fc.constant(undefined),
      average: fc.double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true }),
      averageOn: fc.boolean(),
      checkAndMutate: maybe(fc.boolean()),
      loadProfile: profile,
      queryExtras: fc.array(fc.record({ profile, servedBy: servedBy.length ? maybe(pick(servedBy)) : fc.constant(undefined) }), {
        minLength: t.queries?.length ?? 0,
        maxLength: t.queries?.length ?? 0,
      }),
    })
    .chain((x) => {
      const typed: Table = { ...t, ...(t.families ? { families: x.families } : {}) };
      return fc.array(filters(typed), { minLength: t.queries?.length ?? 0, maxLength: t.queries?.length ?? 0 }).map((fs) => {
        const load = t.load
          ? defined({
              ...t.load,
              averageWritesPerSecond: x.averageOn && t.load.writesPerSecond !== undefined ? t.load.writesPerSecond * x.average : undefined,
              checkAndMutate: x.checkAndMutate,
              appProfile: x.loadProfile,
            })
          : undefined;
        const queries = t.queries?.map((q, i) =>
          defined({ ...q, filter: fs[i]!.length ? fs[i] : undefined, appProfile: x.queryExtras[i]!.profile, servedBy: x.queryExtras[i]!.servedBy }),
        );
        return defined<Table>({ ...typed, ...x.settings, writtenWith: x.writtenWith, load, queries });
      });
    });
}

// ---- views ----

const fieldsOf = (t: Table) => Object.keys(t.rowKey.fields).filter((f) => t.rowKey.fields[f]!.type !== 'hash');
const columnsOf = (t: Table) =>
  (t.families ?? []).flatMap((f) => (f.columns ?? []).filter((c) => !c.dynamic && !c.qualifier.includes(':')).map((c) => `${f.name}:${c.qualifier}`));
const sqlId = (s: string) => `\`${s.replace(/[`\\]/g, '')}\``;

function materializedView(t: Table, name: string): fc.Arbitrary<MaterializedView> {
  const fields = fieldsOf(t);
  const cols = columnsOf(t);
  const kinds: fc.Arbitrary<Record<string, unknown>>[] = [
    fc
      .constantFrom(
        `SELECT _key, COUNT(*) AS n FROM ${sqlId(t.name)} GROUP BY _key`,
        `SELECT SPLIT(_key, '#')[SAFE_OFFSET(0)] AS k, COUNT(*) AS n FROM ${sqlId(t.name)} GROUP BY k`,
        `SELECT * FROM ${sqlId(t.name)} ORDER BY _key;`,
      )
      .map((query) => ({ query })),
  ];
  if (fields.length) {
    kinds.push(
      fc
        .tuple(
          fc.subarray(fields, { minLength: 1 }),
          fc.array(
            cols.length
              ? fc.tuple(pick(['sum', 'min', 'max', 'avg', 'count'] as const), maybe(pick(cols)))
              : fc.tuple(fc.constant('count' as const), fc.constant(undefined)),
            {
              minLength: 1,
              maxLength: 3,
            },
          ),
        )
        .map(([f, aggs]) => ({
          groupBy: { fields: f, aggregations: aggs.map(([fn, column], i) => defined({ fn, column: fn === 'count' ? undefined : column, as: `a${i}` })) },
        })),
      fc
        .tuple(fc.subarray([...fields, ...cols], { minLength: 1 }), maybe(fc.subarray((t.families ?? []).map((f) => f.name))))
        .filter(([f]) => f.length > 0)
        .map(([f, families]) => ({ index: defined({ fields: f, families }) })),
    );
  }
  return fc
    .tuple(fc.oneof(...kinds), text(30), maybe(fc.boolean()))
    .map(([kind, description, deletionProtection]) =>
      defined({ name, table: t.name, description: description || undefined, ...kind, deletionProtection }),
    ) as never;
}

const logicalView = (t: Table, name: string) =>
  fc
    .tuple(
      fc.constantFrom(
        `SELECT _key FROM ${sqlId(t.name)}`,
        `SELECT _key, ${sqlId((t.families ?? [])[0]?.name ?? 'f')} FROM ${sqlId(t.name)} WHERE _key >= 'a' LIMIT 10`,
        `select count(*) as n from ${sqlId(t.name)};`,
        `SELECT\n  _key -- the row key\nFROM ${sqlId(t.name)} /* all */`,
      ),
      maybe(fc.boolean()),
    )
    .map(([query, deletionProtection]) => defined({ name, query, deletionProtection }));

const authorizedView = (t: Table, name: string) =>
  fc
    .tuple(
      maybe(fc.array(text(8), { maxLength: 3 })),
      fc
        .subarray(t.families ?? [])
        .chain((fams) =>
          fc.tuple(
            ...fams.map((f) =>
              fc
                .record(
                  { qualifiers: fc.subarray((f.columns ?? []).map((c) => c.qualifier)), qualifierPrefixes: fc.array(text(4), { maxLength: 2 }) },
                  { requiredKeys: [] },
                )
                .map((sel) => [f.name, sel] as const),
            ),
          ),
        ),
    )
    .map(([rowPrefixes, fams]) => defined({ name, table: t.name, rowPrefixes, families: Object.fromEntries(fams) }));

// ---- the design ----

function extras(d: Design): fc.Arbitrary<Design> {
  const names = d.tables.map((t) => t.name);
  return fc
    .record({
      instance: maybe(instance),
      capacity: maybe(nodeCapacity),
      mvTables: some(names, 2),
      lvTables: some(names, 2),
      avTables: some(names, 2),
      acceptCount: fc.nat(3),
    })
    .chain((x) => {
      const byName = new Map(d.tables.map((t) => [t.name, t]));
      const mvNames = x.mvTables.map((_, i) => `mv_${i}`);
      const profiles = x.instance?.appProfiles?.map((p) => p.id) ?? [];
      return fc
        .record({
          mvs: fc.tuple(...x.mvTables.map((t, i) => materializedView(byName.get(t)!, mvNames[i]!))),
          lvs: fc.tuple(...x.lvTables.map((t, i) => logicalView(byName.get(t)!, `lv_${i}`))),
          avs: fc.tuple(...x.avTables.map((t, i) => authorizedView(byName.get(t)!, `av_${i}`))),
          // A table is written with an earlier one only: no cycles.
          tables: fc.tuple(...d.tables.map((t, i) => tableExtras(t, names.slice(0, i), [], profiles))),
          accept: fc.array(
            fc.record(
              {
                rule: pick(RULES.map((r) => r.meta.id)),
                table: names.length ? pick(names) : fc.constant(undefined),
                view: mvNames.length ? pick(mvNames) : fc.constant(undefined),
                reason,
                by: fc.constantFrom('alice', 'SRE team'),
                until: isoDay,
              },
              { requiredKeys: ['rule', 'reason'] },
            ),
            { minLength: x.acceptCount, maxLength: x.acceptCount },
          ),
        })
        .map((y) => {
          // servedBy a materialized view: only one of the query's own table, declared with a key.
          const served = new Map(y.mvs.filter((v) => !('query' in v)).map((v) => [v.name, v.table]));
          const tables = y.tables.map((t) => ({
            ...t,
            queries: t.queries?.map((q) =>
              q.servedBy === undefined || names.includes(q.servedBy) || served.get(q.servedBy) === t.name ? q : defined({ ...q, servedBy: undefined }),
            ),
          }));
          const lint = defined({ ...d.lint, accept: y.accept.length ? y.accept.map((a) => defined(a)) : undefined });
          const cluster = x.instance
            ? x.capacity
              ? { nodeCapacity: x.capacity }
              : undefined
            : d.cluster || x.capacity
              ? defined({ ...d.cluster, nodeCapacity: x.capacity })
              : undefined;
          return defined<Design>({
            ...d,
            cluster,
            instance: x.instance,
            tables: tables.map((t) => defined(t)),
            materializedViews: y.mvs.length ? y.mvs : undefined,
            logicalViews: y.lvs.length ? y.lvs : undefined,
            authorizedViews: y.avs.length ? y.avs : undefined,
            lint: Object.keys(lint).length ? lint : undefined,
          });
        });
    });
}

/** Valid designs that use every part of the format: the base generator's, and the parts above. */
export const fullDesign: fc.Arbitrary<Design> = validDesign.chain(extras).filter((d) => validateDesign(d).ok);

/** One format rule broken on purpose: what `check` must refuse (exit 2, file:line:column), by name. */
export const BREAKS: Record<string, (d: Design) => Design | null> = {
  'materialized view with groupBy and index': (d) => {
    const t = d.tables[0];
    if (!t) return null;
    const f = Object.keys(t.rowKey.fields)[0]!;
    return {
      ...d,
      materializedViews: [{ name: 'both', table: t.name, groupBy: { fields: [f], aggregations: [{ fn: 'count', as: 'n' }] }, index: { fields: [f] } }],
    };
  },
  'materialized view with neither query, groupBy nor index': (d) =>
    d.tables[0] ? { ...d, materializedViews: [{ name: 'none', table: d.tables[0].name }] } : null,
  'view on a missing table': (d) => ({ ...d, authorizedViews: [{ name: 'av', table: 'no_such_table_x', families: {} }] }),
  'a DELETE as a logical view': (d) => ({ ...d, logicalViews: [{ name: 'lv', query: 'DELETE FROM t WHERE true' }] }),
  'duplicate logical view names': (d) => ({
    ...d,
    logicalViews: [...(d.logicalViews ?? []), { name: 'dup', query: 'SELECT 1' }, { name: 'dup', query: 'SELECT 2' }],
  }),
  'duplicate table': (d) => (d.tables[0] ? { ...d, tables: [...d.tables, d.tables[0]] } : null),
  'writtenWith itself': (d) => (d.tables[0] ? { ...d, tables: [{ ...d.tables[0], writtenWith: d.tables[0].name }, ...d.tables.slice(1)] } : null),
  'servedBy a missing object': (d) => {
    const t = d.tables[0];
    return t
      ? {
          ...d,
          tables: [{ ...t, queries: [...(t.queries ?? []).filter((q) => q.name !== 'qq'), { name: 'qq', servedBy: 'nowhere_x' }] }, ...d.tables.slice(1)],
        }
      : null;
  },
  'an app profile without an instance': (d) => {
    const t = d.tables[0];
    if (!t) return null;
    const { instance: _, ...rest } = d;
    return { ...rest, tables: [{ ...t, load: { ...t.load, appProfile: 'nope' } }, ...d.tables.slice(1)] };
  },
  'average writes above the peak': (d) => {
    const t = d.tables[0];
    return t ? { ...d, tables: [{ ...t, load: { ...t.load, writesPerSecond: 10, averageWritesPerSecond: 11 } }, ...d.tables.slice(1)] } : null;
  },
  'a 51-byte delimiter': (d) => {
    const t = d.tables[0];
    if (!t) return null;
    const delimiter = '#'.repeat(51);
    return {
      ...d,
      tables: [{ ...t, rowKey: { template: `{a}${delimiter}{b}`, delimiter, fields: { a: { type: 'uuid' }, b: { type: 'uuid' } } } }, ...d.tables.slice(1)],
    };
  },
  'a filter on a family the table lacks': (d) => {
    const t = d.tables[0];
    return t
      ? {
          ...d,
          tables: [
            { ...t, queries: [...(t.queries ?? []).filter((q) => q.name !== 'qf'), { name: 'qf', filter: ['zz_missing:total > 5'] }] },
            ...d.tables.slice(1),
          ],
        }
      : null;
  },
  'a template naming an undefined field': (d) => {
    const t = d.tables[0];
    return t ? { ...d, tables: [{ ...t, rowKey: { ...t.rowKey, template: `${t.rowKey.template}#{undefined_field_x}` } }, ...d.tables.slice(1)] } : null;
  },
  'an unknown key': (d) => ({ ...d, colour: 'blue' }) as unknown as Design,
  'a node count past the limit': (d) => ({ ...d, instance: undefined, cluster: { nodes: 1001 } }),
  'a uuid of version 5': (d) => {
    const t = d.tables[0];
    return t ? { ...d, tables: [{ ...t, rowKey: { template: '{u}', fields: { u: { type: 'uuid', version: 5 as 4 } } } }, ...d.tables.slice(1)] } : null;
  },
  'bulkRows on a burst load': (d) => {
    const t = d.tables[0];
    return t ? { ...d, tables: [{ ...t, load: { writePattern: 'burst', burstDuration: '1m', bulkRows: 10 } }, ...d.tables.slice(1)] } : null;
  },
  'an acceptance until a day that does not exist': (d) => ({ ...d, lint: { ...d.lint, accept: [{ rule: 'key-length', reason: 'ok', until: '2026-13-45' }] } }),
  'an int64 column compared with text': (d) => {
    const t = d.tables[0];
    if (!t) return null;
    return {
      ...d,
      tables: [
        {
          ...t,
          families: [...(t.families ?? []).filter((f) => f.name !== 'o'), { name: 'o', columns: [{ qualifier: 'total', type: 'int64' }] }],
          queries: [{ name: 'qi', filter: ['o:total > "abc"'] }],
        },
        ...d.tables.slice(1),
      ],
    };
  },
};

/** A valid full design with one rule broken, and the rule's name. */
export const nearValidDesign: fc.Arbitrary<{ broken: string; design: Design }> = fc
  .tuple(fullDesign, pick(Object.keys(BREAKS)))
  .map(([d, broken]) => ({ broken, design: BREAKS[broken]!(d) }))
  .filter((x): x is { broken: string; design: Design } => x.design !== null);
