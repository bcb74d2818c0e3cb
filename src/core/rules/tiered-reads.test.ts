import { expect } from 'vitest';
import rule from './tiered-reads';
import { ruleTester, tableYaml } from './tester';

/** Trades kept for years, tiered after `tier`, with `queries`. */
const trades = (tier: string, queries: string) =>
  tableYaml({
    table: 'trades',
    top: 'cluster: {nodes: 3}',
    template: '{account}#{ts}',
    fields: '        account: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}',
    families: '      - {name: t, gc: {maxAge: 1825d}}',
    queries,
    after: `    load: {writesPerSecond: 2000, retention: 1825d}\n    tieredStorage: {infrequentAccessAfter: ${tier}}\n`,
  });

ruleTester(rule, {
  valid: [
    {
      name: 'the last 7 days of an account, tiered after 30 days',
      yaml: trades('30d', '      - {name: recent trades, match: {account: eq}, lookback: 7d, limit: 100, perSecond: 500}'),
    },
    {
      name: 'a yearly statement now and then (2 reads/s)',
      yaml: trades('30d', '      - {name: statement, match: {account: eq}, lookback: 365d, limit: 50, perSecond: 2}'),
    },
    {
      name: 'history on Data Boost',
      yaml: trades('30d', '      - {name: audit, kind: batch, dataBoost: true, lookback: 1825d, perSecond: 100, limit: 100000}'),
    },
  ],
  invalid: [
    {
      name: 'tiered after 30 days while the app reads 180 days of history heavily',
      yaml: trades('30d', '      - {name: six months of an account, match: {account: eq}, lookback: 180d, limit: 200, perSecond: 50}'),
      findings: [
        {
          messageId: 'rate',
          path: 'tables[0].queries[0].lookback',
          severity: 'error',
          message: /reads 180d back, past the 30d tiering age: ~8,333 rows\/s from a tier that serves 300 rows\/s/,
        },
      ],
      fixed: (d) => expect(d.tables[0]!.tieredStorage).toEqual({ infrequentAccessAfter: '180d' }),
    },
    {
      name: 'months of history with no limit: the rows a run reads come from the load (2,000 writes/s over 100,000 accounts)',
      yaml: trades('30d', '      - {name: history of an account, match: {account: eq}, lookback: 365d, perSecond: 40}'),
      findings: [{ messageId: 'rate', path: 'tables[0].queries[0].lookback', severity: 'error' }],
    },
    {
      name: 'a 10 ms target on reads that reach the tier',
      yaml: trades('60d', '      - {name: quarter of an account, match: {account: eq}, lookback: 90d, latencyMs: 10, limit: 10, perSecond: 1}'),
      findings: [{ messageId: 'latency', path: 'tables[0].queries[0].lookback', severity: 'warning', message: /10 ms target/ }],
      fixed: (d) => expect(d.tables[0]!.tieredStorage).toEqual({ infrequentAccessAfter: '90d' }),
    },
  ],
});
