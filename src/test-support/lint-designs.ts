// Generated designs for lint's speed and for the fix check's equivalence tests: n tables (up to
// the format's 1,000), each with a fixable finding (a domain in natural order; the key puts the
// domain before the id). `shape: 'varied'` gives each table its own families (no two alike, as
// in a real design); 'same' gives every table the same shape, so similar-tables reports all but
// the first (the worst case for the rules that compare tables).
export function manyTablesYaml(n: number, shape: 'varied' | 'same' = 'varied'): string {
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
