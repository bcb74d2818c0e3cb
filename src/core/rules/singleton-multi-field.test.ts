import { expect } from 'vitest';
import rule from './singleton-multi-field';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string, encoding = 'singleton') =>
  tableYaml({ table: 'things', template, fields, rowKey: `      encoding: ${encoding}\n` });

ruleTester(rule, {
  valid: [
    { name: 'one field and nothing else', yaml: design('{id}', '        id: {type: string, cardinality: 1000000}') },
    { name: 'several fields in a delimited key', yaml: design('{a}#{b}', '        a: {type: string}\n        b: {type: uuid}', 'delimited') },
  ],
  invalid: [
    {
      name: 'two fields in a singleton key',
      yaml: design('{tenant}#{id}', '        tenant: {type: string}\n        id: {type: uuid}'),
      findings: [{ messageId: 'fields', path: 'tables[0].rowKey.encoding', severity: 'error', message: /<tenant>#<id>" has 2 fields \(tenant, id\)/ }],
      fixed: (d) => {
        expect(d.tables[0]!.rowKey.encoding).toBeUndefined();
        expect(d.tables[0]!.rowKey.template).toBe('{tenant}#{id}');
      },
    },
    {
      name: 'literal text around the one field',
      yaml: design('user_{id}', '        id: {type: string}'),
      findings: [{ messageId: 'literal', path: 'tables[0].rowKey.encoding', message: /\("user_"\) around id/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.encoding).toBeUndefined(),
    },
    {
      name: 'three fields with a written delimiter',
      yaml: `format: bigtable-studio/v1
name: t
tables:
  - name: things
    rowKey:
      template: "{a}|{b}|{c}"
      delimiter: "|"
      encoding: singleton
      fields:
        a: {type: string}
        b: {type: string}
        c: {type: string}
`,
      findings: [{ messageId: 'fields', path: 'tables[0].rowKey.encoding', message: /3 fields/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey).toMatchObject({ delimiter: '|', template: '{a}|{b}|{c}' }),
    },
  ],
});
