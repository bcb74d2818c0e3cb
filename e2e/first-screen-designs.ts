// Designs for e2e/first-screen.spec.ts (issue 17).

/** A ride-hailing design a newcomer writes first: two tables, each led by a timestamp, with many findings. */
export const NAIVE_TRIPS = `format: bigtable-studio/v1
name: Naive trips
cluster: {nodes: 3}
tables:
  - name: trips
    rowKey:
      template: "{ts}#{driver}"
      fields:
        ts: {type: timestamp, unit: ms}
        driver: {type: string, prefix: drv-, cardinality: 100000}
    families:
      - name: d
        columns: [{qualifier: fare, valueBytes: 8}]
    queries:
      - {name: a driver's trips, match: {driver: eq}}
    load: {writesPerSecond: 20000}
  - name: payments
    rowKey:
      template: "{ts}#{rider}#{n}"
      fields:
        ts: {type: timestamp, unit: ms}
        rider: {type: string, cardinality: 1000000}
        n: {type: int, min: 0, max: 100000}
    families:
      - name: p
        columns: [{qualifier: amount, valueBytes: 8}]
    queries:
      - {name: a rider's payments, match: {rider: eq}}
    load: {writesPerSecond: 5000}
`;
