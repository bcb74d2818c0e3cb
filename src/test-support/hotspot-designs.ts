// Designs of issue 13's hotspot cases, shared by the simulator's verdict tests and the rules'.
/** `{city}#{ts}#{driver}`: 300 zipf-skewed cities at 50,000 writes/s on 3 SSD nodes. */
export const citiesDesign = `format: bigtable-studio/v1
name: rides
cluster: {nodes: 3, storage: ssd}
tables:
  - name: rides
    rowKey:
      template: "{city}#{ts}#{driver}"
      fields:
        city: {type: string, alphabet: lower, length: 6, cardinality: 300, distribution: zipf, skew: 1.1}
        ts: {type: timestamp, unit: ms}
        driver: {type: string, alphabet: alnum, length: 10, cardinality: 1000000}
    families:
      - name: d
        gc: {maxAge: 30d}
        columns:
          - {qualifier: lat, valueBytes: 8}
          - {qualifier: lng, valueBytes: 8}
    load: {writesPerSecond: 50000, retention: 30d}
`;

/** One row per stock symbol, overwritten on every quote: the top symbol takes 15% of 250,000 writes/s. */
export const quotesDesign = `format: bigtable-studio/v1
name: quotes
cluster: {nodes: 24, storage: ssd}
tables:
  - name: quotes
    rowKey:
      template: "{exchange}#{symbol}"
      fields:
        exchange: {type: string, values: [NYSE, NASDAQ, LSE, TSE]}
        symbol: {type: string, alphabet: lower, length: 4, cardinality: 5000, distribution: hot, share: 0.6}
    families:
      - name: q
        gc: {maxVersions: 1}
        columns:
          - {qualifier: price, valueBytes: 8}
          - {qualifier: volume, valueBytes: 8}
    load: {writesPerSecond: 250000}
`;

/** A day bucket followed by 5 million accounts, at `wps` writes/s on 3 SSD nodes. */
export const dayAccountsDesign = (wps: number) => `format: bigtable-studio/v1
name: ledger
cluster: {nodes: 3, storage: ssd}
tables:
  - name: ledger
    rowKey:
      template: "{day}#{account}"
      fields:
        day: {type: timestamp, bucket: day, format: iso}
        account: {type: string, alphabet: digits, length: 8, cardinality: 5000000}
    families:
      - name: b
        gc: {maxAge: 90d}
        columns:
          - {qualifier: balance, valueBytes: 8}
    load: {writesPerSecond: ${wps}, retention: 90d}
`;
