// Generated designs for lint's speed and for the fix check's equivalence tests: n tables (up to
// the format's 1,000), each with a fixable finding (a domain in natural order; the key puts the
// domain before the id). `shape: 'varied'` gives each table its own families (no two alike, as
// in a real design); 'same' gives every table the same shape, so similar-tables reports all but
// the first (the worst case for the rules that compare tables). 'linked' is 'varied' with what a
// design of any size carries alike: a cluster of one node per 100 tables that the writes overload
// (each table's rate as at 100 tables, so the total grows with the table count), a companion
// table written with every tenth table, a query served by it, and a materialized view per 50 tables
// (at least one).
export function manyTablesYaml(n: number, shape: 'varied' | 'same' | 'linked' = 'varied'): string {
  const same = shape === 'same';
  const linked = shape === 'linked';
  const table = (i: number) => {
    const companion = linked && i % 10 === 1;
    const serves = linked && i % 10 === 2;
    const writes = same ? 100 : linked ? 10 + (i % 100) * 10 : 10 + i;
    return `  - name: t${i}
    rowKey:
      template: "{host}#{id}"
      fields:
        host: {type: domain, cardinality: ${same ? 100000 : 1000 + i}}
        id: {type: int, cardinality: 1000, pad: 4}
    families:
      - name: ${same ? 'f' : `f${i}`}
        gc: {maxVersions: ${same ? 1 : 1 + (i % 3)}}
        columns: [{qualifier: c, valueBytes: ${same ? 100 : 50 + (i % 200)}}]
    queries:
      - {name: q${i}, match: {host: eq, id: eq}, perSecond: ${same ? 10 : 1 + (i % 50)}}${serves ? `\n      - {name: s${i}, match: {host: eq, id: eq}, perSecond: 5, servedBy: t${i - 1}}` : ''}
    load: {${companion ? '' : `writesPerSecond: ${writes}, `}retention: ${same ? 30 : 7 + (i % 60)}d}${companion ? `\n    writtenWith: t${i - 1}` : ''}`;
  };
  const tables = Array.from({ length: n }, (_, i) => table(i)).join('\n');
  if (!linked) return `format: bigtable-studio/v1\nname: generated\ncluster: {nodes: 10}\ntables:\n${tables}\n`;
  const views = Array.from({ length: Math.max(1, Math.floor(n / 50)) }, (_, j) => 50 * j + 3).filter((i) => i < n);
  return `format: bigtable-studio/v1\nname: generated\ncluster: {nodes: ${Math.max(1, Math.round(n / 100))}}\ntables:\n${tables}\n${
    views.length
      ? `materializedViews:\n${views.map((i) => `  - {name: v${i}, table: t${i}, groupBy: {fields: [host], aggregations: [{fn: sum, column: "f${i}:c", as: total}]}}`).join('\n')}\n`
      : ''
  }`;
}

/**
 * A design of n tables at every limit of the format, as JSON text: 10^9 writes and reads a
 * second, 100 MiB values, a full scan and a point read of 10^12 rows on every table, an HDD
 * cluster of 1,000 nodes, a companion written with every third table. Every table has findings
 * whose fixes are checked (a timestamp leading in natural order on every other table, the HDD
 * reads, the capacity), so lint checks a fix per table against the design-wide capacity rules.
 */
export function limitsDesignJson(n: number): string {
  const table = (i: number) => ({
    name: `t${i}`,
    rowKey: {
      template: '{a}#{b}#{ts}',
      fields: {
        a: { type: 'string', cardinality: 1e15, length: 20 },
        b: { type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, cardinality: Number.MAX_SAFE_INTEGER },
        ts: { type: 'timestamp', unit: 'us', reversed: i % 2 === 0 },
      },
    },
    families: [
      {
        name: 'f',
        columns: [
          { qualifier: 'v', valueBytes: 104857600 },
          { qualifier: '{k}', dynamic: true, perRow: 1000000, valueBytes: 104857600 },
        ],
      },
    ],
    queries: [
      { name: 'scan', match: {}, perSecond: 1e9 },
      { name: 'pt', match: { a: 'eq', b: 'eq' }, perSecond: 1e9, limit: 1e12 },
    ],
    load: { writesPerSecond: 1e9, readsPerSecond: 1e9, retention: '999999999d' },
    ...(i % 3 === 0 && i > 0 ? { writtenWith: `t${i - 1}` } : {}),
  });
  return JSON.stringify({
    format: 'bigtable-studio/v1',
    name: 'a',
    cluster: { nodes: 1000, storage: 'hdd' },
    tables: Array.from({ length: n }, (_, i) => table(i)),
  });
}
