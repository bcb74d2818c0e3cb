import { expect } from 'vitest';
import rule from './unpadded-number';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string, load = '') => tableYaml({ table: 'things', template, fields, after: load });

ruleTester(rule, {
  valid: [
    {
      name: 'zero-padded ids (field promotion, Schema design best practices: tenant#device_type#device)',
      yaml: design(
        '{tenant}#{device}#{ts}',
        '        tenant: {type: string, cardinality: 2000}\n        device: {type: int, min: 1, max: 99999999, pad: 8}\n        ts: {type: timestamp, reversed: true}',
      ),
    },
    {
      name: 'a sequential id bounded by max, padded to its width (the user-profiles example)',
      yaml: design(
        '{salt}#{user_id}',
        '        salt: {type: hash, of: [user_id], buckets: 16}\n        user_id: {type: int, min: 1, max: 9999999999, cardinality: 50000000, pad: 10, distribution: sequential}',
        '    load: {writesPerSecond: 30000, retention: 730d}\n',
      ),
    },
    {
      name: 'numbers of one width and epoch seconds need no pad',
      yaml: design('{code}#{ts}', '        code: {type: int, min: 100, max: 999}\n        ts: {type: timestamp, unit: s}'),
    },
  ],
  invalid: [
    {
      name: 'ids from 1 to 5000 as plain text',
      yaml: design('{device}#{ts}', '        device: {type: int, min: 1, max: 5000}\n        ts: {type: timestamp, reversed: true}'),
      findings: [{ messageId: 'unpadded', path: 'tables[0].rowKey.fields.device', severity: 'warning', message: /"10" sorts before "9".*4 digits/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.device).toEqual({ type: 'int', min: 1, max: 5000, pad: 4 }),
    },
    {
      name: 'a pad narrower than the largest value',
      yaml: design('{store}#{item}', '        store: {type: int, min: 1, max: 99999, pad: 3}\n        item: {type: uuid}'),
      findings: [{ messageId: 'padTooShort', path: 'tables[0].rowKey.fields.store', message: /"1000" sorts before "999"/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.store).toMatchObject({ pad: 5 }),
    },
    {
      name: 'a growing sequence without max or pad',
      yaml: design(
        '{salt}#{n}',
        '        salt: {type: hash, of: [n], buckets: 4}\n        n: {type: int, distribution: sequential}',
        '    load: {writesPerSecond: 100, retention: 30d}\n',
      ),
      findings: [{ messageId: 'unpadded', path: 'tables[0].rowKey.fields.n', message: /0 to 259199999/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.n).toMatchObject({ pad: 9 }),
    },
    {
      // 10^9 writes a second for 100,000 years is 3e21 ids; an int64 stops at 2^63 - 1, and the
      // message says so digit for digit (not 2.8e+21, nor a width of that text's 16 characters).
      name: 'a sequence that would run past int64: it reaches 2^63 - 1, 19 digits',
      yaml: design(
        '{salt}#{n}',
        '        salt: {type: hash, of: [n], buckets: 4}\n        n: {type: int, min: 1000, pad: 5, distribution: sequential}',
        '    load: {writesPerSecond: 1000000000, retention: 36500000d}\n',
      ),
      findings: [
        { messageId: 'padTooShort', path: 'tables[0].rowKey.fields.n', message: /^n is padded to 5 digits but reaches 9223372036854775807 \(19 digits\)/ },
      ],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.n).toMatchObject({ pad: 19 }),
    },
    {
      name: 'negative numbers cannot be fixed by padding',
      yaml: design('{delta}#{id}', '        delta: {type: int, min: -500, max: 500}\n        id: {type: uuid}'),
      findings: [{ messageId: 'negative', path: 'tables[0].rowKey.fields.delta', message: /orderedCode/ }],
      fixed: null,
    },
  ],
});
