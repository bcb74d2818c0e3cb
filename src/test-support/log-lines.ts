// Log lines kept 14 days: the time series whose GC rule the retention tests vary (the
// gc-retention rule's and the capacity workload's stored bytes and growth).
import { tableYaml } from '../core/rules/tester';

/**
 * `{service}#{ts}#{host}` lines of 300 bytes in family l, whose GC rule is `gc` (a flow mapping
 * such as `{maxAge: 14d}`; '' for none), at 2,000 writes/s kept 14 days unless `load` says otherwise.
 */
export const logLines = (gc: string, load = 'load: {writesPerSecond: 2000, retention: 14d}') =>
  tableYaml({
    table: 'lines',
    template: '{service}#{ts}#{host}',
    fields: '        service: {type: string, cardinality: 300}\n        ts: {type: timestamp, unit: us}\n        host: {type: string, cardinality: 5000}',
    families: `      - name: l\n${gc ? `        gc: ${gc}\n` : ''}        columns:\n          - {qualifier: line, valueBytes: 300}`,
    after: `    ${load}\n`,
  });
