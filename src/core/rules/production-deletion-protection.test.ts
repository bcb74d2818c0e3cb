import { expect } from 'vitest';
import rule from './production-deletion-protection';
import { ruleTester } from './tester';

const design = (env: string, tables: string) => `format: bigtable-studio/v1
name: t
instance:
  environment: ${env}
tables:
${tables}`;
const table = (name: string, extra = '') => `  - name: ${name}
    rowKey: {template: "{id}", fields: {id: {type: uuid}}}
${extra}`;

ruleTester(rule, {
  valid: [
    { name: 'every production table is protected', yaml: design('production', table('orders', '    deletionProtection: true\n')) },
    { name: 'a development design needs no protection', yaml: design('development', table('orders')) },
  ],
  invalid: [
    {
      name: 'an unprotected production table gets protection',
      yaml: design('production', table('orders', '    deletionProtection: true\n') + table('carts')),
      findings: [
        { messageId: 'unprotected', path: 'tables[1].deletionProtection', severity: 'warning', message: /table carts of a production design can be deleted/ },
      ],
      fixed: (d) => expect(d.tables.map((t) => t.deletionProtection)).toEqual([true, true]),
    },
    {
      name: 'protection set to false is reported too',
      yaml: design('production', table('orders', '    deletionProtection: false\n')),
      findings: [{ messageId: 'unprotected', path: 'tables[0].deletionProtection' }],
      fixed: (d) => expect(d.tables[0]!.deletionProtection).toBe(true),
    },
  ],
});
