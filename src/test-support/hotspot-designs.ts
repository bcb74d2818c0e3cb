// Designs of the hotspot cases (writes that land on one tablet, or spread), shared by the simulator's verdict tests and the rules'.
import { tableYaml } from '../core/rules/tester';

/** `{city}#{ts}#{driver}`: 300 zipf-skewed cities at 50,000 writes/s on 3 SSD nodes. */
export const citiesDesign = tableYaml({
  top: 'cluster: {nodes: 3, storage: ssd}',
  table: 'rides',
  template: '{city}#{ts}#{driver}',
  fields: [
    '        city: {type: string, alphabet: lower, length: 6, cardinality: 300, distribution: zipf, skew: 1.1}',
    '        ts: {type: timestamp, unit: ms}',
    '        driver: {type: string, alphabet: alnum, length: 10, cardinality: 1000000}',
  ].join('\n'),
  families:
    '      - name: d\n        gc: {maxAge: 30d}\n        columns:\n          - {qualifier: lat, valueBytes: 8}\n          - {qualifier: lng, valueBytes: 8}',
  after: '    load: {writesPerSecond: 50000, retention: 30d}\n',
});

/** One row per stock symbol, overwritten on every quote: the top symbol takes 15% of 250,000 writes/s. */
export const quotesDesign = tableYaml({
  top: 'cluster: {nodes: 24, storage: ssd}',
  table: 'quotes',
  template: '{exchange}#{symbol}',
  fields:
    '        exchange: {type: string, values: [NYSE, NASDAQ, LSE, TSE]}\n        symbol: {type: string, alphabet: lower, length: 4, cardinality: 5000, distribution: hot, share: 0.6}',
  families:
    '      - name: q\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: price, valueBytes: 8}\n          - {qualifier: volume, valueBytes: 8}',
  after: '    load: {writesPerSecond: 250000}\n',
});

/** A day bucket followed by 5 million accounts, at `wps` writes/s on 3 SSD nodes. */
export const dayAccountsDesign = (wps: number) =>
  tableYaml({
    top: 'cluster: {nodes: 3, storage: ssd}',
    table: 'ledger',
    template: '{day}#{account}',
    fields: '        day: {type: timestamp, bucket: day, format: iso}\n        account: {type: string, alphabet: digits, length: 8, cardinality: 5000000}',
    families: '      - name: b\n        gc: {maxAge: 90d}\n        columns:\n          - {qualifier: balance, valueBytes: 8}',
    after: `    load: {writesPerSecond: ${wps}, retention: 90d}\n`,
  });
