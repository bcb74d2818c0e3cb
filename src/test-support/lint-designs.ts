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
  if (shape === 'linked') return linkedYaml(n);
  const table = (i: number) => {
    const fam = shape === 'same' ? 'f' : `f${i}`;
    return `  - name: t${i}
    rowKey:
      template: "{host}#{id}"
      fields:
        host: {type: domain, cardinality: ${shape === 'same' ? 100000 : 1000 + i}}
        id: {type: int, cardinality: 1000, pad: 4}
    families:
      - name: ${fam}
        gc: {maxVersions: ${shape === 'same' ? 1 : 1 + (i % 3)}}
        columns: [{qualifier: c, valueBytes: ${shape === 'same' ? 100 : 50 + (i % 200)}}]
    queries:
      - {name: q${i}, match: {host: eq, id: eq}, perSecond: ${shape === 'same' ? 10 : 1 + (i % 50)}}
    load: {writesPerSecond: ${shape === 'same' ? 100 : 10 + i}, retention: ${shape === 'same' ? 30 : 7 + (i % 60)}d}`;
  };
  return `format: bigtable-studio/v1\nname: generated\ncluster: {nodes: 10}\ntables:\n${Array.from({ length: n }, (_, i) => table(i)).join('\n')}\n`;
}

function linkedYaml(n: number): string {
  const table = (i: number) => {
    const companion = i % 10 === 1;
    const serves = i % 10 === 2;
    return `  - name: t${i}
    rowKey:
      template: "{host}#{id}"
      fields:
        host: {type: domain, cardinality: ${1000 + i}}
        id: {type: int, cardinality: 1000, pad: 4}
    families:
      - name: f${i}
        gc: {maxVersions: ${1 + (i % 3)}}
        columns: [{qualifier: c, valueBytes: ${50 + (i % 200)}}]
    queries:
      - {name: q${i}, match: {host: eq, id: eq}, perSecond: ${1 + (i % 50)}}${serves ? `\n      - {name: s${i}, match: {host: eq, id: eq}, perSecond: 5, servedBy: t${i - 1}}` : ''}
    load: {${companion ? '' : `writesPerSecond: ${10 + (i % 100) * 10}, `}retention: ${7 + (i % 60)}d}${companion ? `\n    writtenWith: t${i - 1}` : ''}`;
  };
  const views = Array.from({ length: Math.max(1, Math.floor(n / 50)) }, (_, j) => 50 * j + 3).filter((i) => i < n);
  return `format: bigtable-studio/v1\nname: generated\ncluster: {nodes: ${Math.max(1, Math.round(n / 100))}}\ntables:\n${Array.from({ length: n }, (_, i) => table(i)).join('\n')}\n${
    views.length
      ? `materializedViews:\n${views.map((i) => `  - {name: v${i}, table: t${i}, groupBy: {fields: [host], aggregations: [{fn: sum, column: "f${i}:c", as: total}]}}`).join('\n')}\n`
      : ''
  }`;
}
