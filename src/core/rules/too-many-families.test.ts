import rule from './too-many-families';
import { ruleTester, tableYaml } from './tester';

const design = (count: number, table = 'events') =>
  tableYaml({
    table,
    template: '{device}#{ts}',
    fields: '        device: {type: uuid}\n        ts: {type: timestamp}',
    families: Array.from({ length: count }, (_, i) => `      - name: f${i}`).join('\n'),
  });

ruleTester(rule, {
  valid: [
    { name: 'one to five families', yaml: design(3) },
    { name: '99 families is still under the limit', yaml: design(99) },
  ],
  invalid: [
    {
      name: 'exactly 100 families',
      yaml: design(100),
      findings: [{ messageId: 'many', path: 'tables[0].families', severity: 'warning', message: /100 column families/ }],
    },
    {
      name: 'a family per sensor kind, 250 of them',
      yaml: design(250, 'sensors'),
      findings: [{ messageId: 'many', path: 'tables[0].families', message: /table sensors has 250/ }],
    },
    {
      name: 'a thousand families',
      yaml: design(1000),
      findings: [{ messageId: 'many', path: 'tables[0].families', message: /1000 column families/ }],
    },
  ],
});
