// Designs of the capacity cases (a load over or under what the cluster serves), shared by the capacity rules' tests and the plan's.
/** One table of 1 KB-or-smaller events at `wps` writes/s, on `nodes` nodes of `storage`. */
export const eventsDesign = (wps: number, nodes: number, storage = 'ssd', queries = '', tables = 1) => `format: bigtable-studio/v1
name: capacity
cluster: {nodes: ${nodes}, storage: ${storage}}
tables:
${Array.from(
  { length: tables },
  (_, i) => `  - name: events${i || ''}
    rowKey:
      template: "{device}#{ts}"
      fields:
        device: {type: string, cardinality: 100000}
        ts: {type: timestamp, unit: us, reversed: true}
    families:
      - name: e
        gc: {maxAge: 7d}
        columns:
          - {qualifier: payload, valueBytes: 200}
${queries}    load: {writesPerSecond: ${wps}, retention: 7d}
`,
).join('')}`;
