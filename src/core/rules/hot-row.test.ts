import rule from './hot-row';
import { ruleTester, tableYaml } from './tester';

/** A quote per stock symbol, overwritten in place: `{exchange}#{symbol}`. */
const quotes = (symbol: string, wps: number, nodes = 24) =>
  tableYaml({
    top: `cluster: {nodes: ${nodes}}`,
    table: 'quotes',
    template: '{exchange}#{symbol}',
    fields: `        exchange: {type: string, values: [NYSE, NASDAQ, LSE, TSE]}\n        symbol: ${symbol}`,
    after: `    families: [{name: q, gc: {maxVersions: 1}, columns: [{qualifier: price, valueBytes: 8}]}]\n    load: {writesPerSecond: ${wps}}\n`,
  });

const hotSymbol = '{type: string, alphabet: lower, length: 4, cardinality: 5000, distribution: hot, share: 0.6}';

ruleTester(rule, {
  valid: [
    {
      name: 'symbols written evenly: the busiest row takes 1/20,000 of 250,000 writes/s',
      yaml: quotes('{type: string, alphabet: lower, length: 4, cardinality: 5000}', 250_000),
    },
    { name: 'a hot symbol at a rate one node serves easily', yaml: quotes(hotSymbol, 5000) },
    {
      name: 'a new row per quote (a timestamp after the symbol): the edge, not a row, is the hot piece',
      yaml: quotes(hotSymbol, 250_000)
        .replace('"{exchange}#{symbol}"', '"{exchange}#{symbol}#{ts}"')
        .replace('        symbol:', '        ts: {type: timestamp, unit: us}\n        symbol:'),
    },
  ],
  invalid: [
    {
      name: 'the top symbol takes 15% of 250,000 writes/s (the 4-value exchange is not the problem)',
      yaml: quotes(hotSymbol, 250_000),
      findings: [
        {
          messageId: 'hot',
          path: 'tables[0].rowKey.template',
          severity: 'error',
          message: /^one exchange#symbol row takes 37500 writes\/s \(2\.7x a node\) and a row never splits: write a new row per update/,
        },
      ],
    },
    {
      name: 'an hourly counter row of one hot ad takes 60% of 20,000 writes/s on HDD',
      yaml: `format: bigtable-studio/v1
name: t
cluster: {nodes: 4, storage: hdd}
tables:
  - name: ads
    rowKey:
      template: "{ad}#{hour}"
      fields:
        ad: {type: int, cardinality: 1000, pad: 4, distribution: hot, share: 0.6}
        hour: {type: timestamp, bucket: hour, format: iso}
    families: [{name: c, aggregate: sum, columns: [{qualifier: views, counter: true}]}]
    load: {writesPerSecond: 20000}
`,
      // An aggregate row keeps a running total: the advice is to shard it, not a row per update.
      findings: [
        {
          messageId: 'hotCounter',
          path: 'tables[0].rowKey.template',
          message: /one ad#hour counter row takes 60% of writes \(12000\/s, 1\.2x a node\)[\s\S]*split the counter over N rows/,
        },
      ],
    },
    {
      name: 'a hot row at 0.6 of one node: a warning, the ceiling is near',
      yaml: quotes(hotSymbol, 56_000),
      findings: [{ messageId: 'near', path: 'tables[0].rowKey.template', severity: 'warning', message: /8400\/s, 0\.6 of a node/ }],
    },
  ],
});
