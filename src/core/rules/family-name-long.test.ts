import rule from './family-name-long';
import { ruleTester, tableYaml } from './tester';

const design = (families: string) =>
  tableYaml({ table: 'readings', template: '{device}#{ts}', fields: '        device: {type: uuid}\n        ts: {type: timestamp}', families });

ruleTester(rule, {
  valid: [
    { name: 'a tall and narrow table\'s family "reading" and short names', yaml: design('      - name: reading\n      - name: m\n      - name: raw') },
    { name: 'exactly 10 characters', yaml: design('      - name: properties') },
  ],
  invalid: [
    {
      name: 'the "measurements" family of Schema design for time series data on small cells: the name is 30% of each',
      yaml: design('      - name: measurements\n        columns: [{qualifier: pressure, valueBytes: 8}]'),
      findings: [{ messageId: 'long', path: 'tables[0].families[0].name', severity: 'info', message: /12 characters long.*about 30%/ }],
    },
    {
      name: 'a descriptive name with no columns declared',
      yaml: design('      - name: m\n      - name: user_profile_attributes'),
      findings: [{ messageId: 'long', path: 'tables[0].families[1].name', message: /23 characters/ }],
    },
    {
      name: 'two long names in one table',
      yaml: design('      - name: temperatures\n      - name: humidity_readings'),
      findings: [
        { messageId: 'long', path: 'tables[0].families[0].name' },
        { messageId: 'long', path: 'tables[0].families[1].name' },
      ],
    },
  ],
});
