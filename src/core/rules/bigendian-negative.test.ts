import { expect } from 'vitest';
import rule from './bigendian-negative';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string) => tableYaml({ table: 'positions', template, fields });

ruleTester(rule, {
  valid: [
    {
      name: 'big-endian ids that are never negative',
      yaml: design('{id}', '        id: {type: int, encoding: bigEndian, min: 0, max: 1000000}'),
    },
    {
      name: 'negative values in ordered code, which sorts every int64',
      yaml: design(
        '{x}#{y}',
        '        x: {type: int, encoding: orderedCode, min: -1000, max: 1000}\n        y: {type: int, encoding: orderedCode, min: -1000, max: 1000}',
      ),
    },
  ],
  invalid: [
    {
      name: 'a big-endian coordinate from -180',
      yaml: design('{lon}', '        lon: {type: int, encoding: bigEndian, min: -180, max: 180}'),
      findings: [{ messageId: 'negative', path: 'tables[0].rowKey.fields.lon', severity: 'warning', message: /min -180/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.lon).toEqual({ type: 'int', encoding: 'orderedCode', min: -180, max: 180 }),
    },
    {
      name: 'two signed big-endian fields',
      yaml: design('{a}#{b}', '        a: {type: int, encoding: bigEndian, min: -1}\n        b: {type: int, encoding: bigEndian, min: -5, max: 5}'),
      findings: [
        { messageId: 'negative', path: 'tables[0].rowKey.fields.a' },
        { messageId: 'negative', path: 'tables[0].rowKey.fields.b' },
      ],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.a).toMatchObject({ encoding: 'orderedCode' }),
    },
    {
      name: 'a signed big-endian field after a string',
      yaml: design(
        '{sym}#{delta}',
        '        sym: {type: string, cardinality: 500}\n        delta: {type: int, encoding: bigEndian, min: -1000000, max: 1000000}',
      ),
      findings: [{ messageId: 'negative', path: 'tables[0].rowKey.fields.delta' }],
    },
  ],
});
