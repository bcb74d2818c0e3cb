// The ride-events design the language server's tests edit: a first draft whose key leads with
// the time (timestamp-leading, which offers a fix, and query-full-scan; the cluster is too small
// for what it stores), and the draft after that fix, keyed by driver, newest first.
export function ridesYaml(draft: 'first' | 'fixed'): string {
  const first = draft === 'first';
  return `format: bigtable-studio/v1
name: ride-events
cluster: {nodes: 3}
tables:
  - name: trips  # ${first ? 'every trip' : 'the trips'} of every driver
    rowKey:
      template: "${first ? '{ts}#{driver}' : '{driver}#{ts}'}"
      fields:
        ts: {type: timestamp, unit: ms${first ? '' : ', reversed: true'}}
        driver: {type: string, prefix: drv-, alphabet: digits, length: 7, cardinality: 200000}
    families:
      - name: t
        gc: {maxAge: 90d}
        columns:
          - {qualifier: fare, valueBytes: 8}
          - {qualifier: route, valueBytes: 600}
    queries:
      - name: latest trips of a driver
        match: {driver: eq}
${first ? '' : '        order: newest\n        limit: 20\n'}        perSecond: 200
    load: {writesPerSecond: 3000, retention: 90d}
`;
}
