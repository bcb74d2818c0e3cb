import { expect } from 'vitest';
import rule from './key-field-name';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string, families: string, queries = '') =>
  tableYaml({ table: 'readings', template, fields, families, after: queries });

ruleTester(rule, {
  valid: [
    {
      name: 'tall and narrow (Schema design for time series data): station#metric#reversed time, family reading',
      yaml: design(
        '{station}#{metric}#{ts}',
        '        station: {type: string}\n        metric: {type: string, values: [temp, rh]}\n        ts: {type: timestamp, reversed: true}',
        '      - name: reading',
      ),
    },
    {
      name: 'key and timestamp as ordinary names',
      yaml: design('{key}#{timestamp}', '        key: {type: uuid}\n        timestamp: {type: timestamp}', '      - name: data'),
    },
  ],
  invalid: [
    {
      name: 'a field named like its family; salts and queries follow the rename',
      yaml: design(
        '{salt}#{m}#{ts}',
        '        salt: {type: hash, buckets: 8, of: [m]}\n        m: {type: string}\n        ts: {type: timestamp}',
        '      - name: m',
        '    queries:\n      - name: one\n        match: {salt: eq, m: eq}\n',
      ),
      findings: [{ messageId: 'family', path: 'tables[0].rowKey.fields.m', severity: 'error' }],
      fixed: (d) => {
        const rk = d.tables[0]!.rowKey;
        expect(rk.template).toBe('{salt}#{m_key}#{ts}');
        expect(Object.keys(rk.fields)).toEqual(['salt', 'm_key', 'ts']);
        expect(rk.fields.salt).toMatchObject({ of: ['m_key'] });
        expect(d.tables[0]!.queries![0]!.match).toEqual({ salt: 'eq', m_key: 'eq' });
      },
    },
    {
      name: 'a field named _timestamp',
      yaml: design('{device}#{_timestamp}', '        device: {type: uuid}\n        _timestamp: {type: timestamp}', '      - name: d'),
      findings: [{ messageId: 'reserved', path: 'tables[0].rowKey.fields._timestamp', message: /cell timestamp/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{device}#{timestamp}'),
    },
    {
      name: 'a field named _key, whose plain form is taken',
      yaml: design('{_key}#{key}', '        _key: {type: string}\n        key: {type: uuid}', '      - name: d'),
      findings: [{ messageId: 'reserved', path: 'tables[0].rowKey.fields._key' }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{key2}#{key}'),
    },
    {
      name: 'a field that differs from a family only in case',
      yaml: design('{Data}#{ts}', '        Data: {type: string}\n        ts: {type: timestamp}', '      - name: data'),
      findings: [{ messageId: 'caseOnly', path: 'tables[0].rowKey.fields.Data', severity: 'warning', message: /ignore case/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{Data_key}#{ts}'),
    },
  ],
});
