import { expect } from 'vitest';
import rule from './aggregate-input';
import { ruleTester, tableYaml } from './tester';

const design = (families: string) =>
  tableYaml({
    table: 'ads',
    template: '{advertiser}#{hour}',
    fields: '        advertiser: {type: string, cardinality: 1000}\n        hour: {type: timestamp, bucket: hour}',
    families,
  });

ruleTester(rule, {
  valid: [
    {
      name: 'aggregate columns without a type (int64 by default) or declared int64',
      yaml: design(`      - name: c
        aggregate: sum
        columns:
          - {qualifier: impressions, counter: true}
          - {qualifier: clicks, type: int64, counter: true}
      - name: uv
        aggregate: hll
        columns:
          - {qualifier: viewers, type: int64}`),
    },
    {
      name: 'text in a plain family is fine',
      yaml: design(`      - name: p
        gc: {maxVersions: 1}
        columns:
          - {qualifier: title, type: string}`),
    },
  ],
  invalid: [
    {
      name: 'text in a sum family (the emulator accepts it too)',
      yaml: design(`      - name: c
        aggregate: sum
        columns:
          - {qualifier: impressions, type: string}`),
      findings: [
        {
          messageId: 'notInt64',
          path: 'tables[0].families[0].columns[0].type',
          severity: 'error',
          message: /c:impressions is declared string \(UTF-8 text\) in the sum family c, which takes only Int64 input/,
        },
      ],
      fixed: (d) => expect(d.tables[0]!.families![0]!.columns![0]).toEqual({ qualifier: 'impressions', type: 'int64' }),
    },
    {
      name: 'a float in a max family and a proto in an hll family',
      yaml: design(`      - name: m
        aggregate: max
        columns:
          - {qualifier: peak, type: float64}
      - name: uv
        aggregate: hll
        columns:
          - {qualifier: viewers, type: proto, message: ads.v1.Viewer}`),
      findings: [
        { messageId: 'notInt64', path: 'tables[0].families[0].columns[0].type', message: /max family m/ },
        { messageId: 'notInt64', path: 'tables[0].families[1].columns[0].type', message: /hll family uv/ },
      ],
      fixed: (d) => expect(d.tables[0]!.families![0]!.columns![0]!.type).toBe('int64'),
    },
  ],
});
