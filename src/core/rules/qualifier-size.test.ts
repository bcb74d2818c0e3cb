import rule from './qualifier-size';
import { ruleTester, tableYaml } from './tester';

const design = (columns: string) =>
  tableYaml({
    table: 'pages',
    template: '{domain}#{path}',
    fields: '        domain: {type: domain, reversed: true}\n        path: {type: string}',
    families: `      - name: c\n        columns:\n${columns}`,
  });

const col = (q: string, extra = '') => `          - {qualifier: "${q}"${extra}}`;

ruleTester(rule, {
  valid: [
    { name: 'attribute qualifiers such as zipcode and city', yaml: design([col('zipcode'), col('city')].join('\n')) },
    { name: 'exactly 16,384 bytes', yaml: design(col('q'.repeat(16384))) },
    { name: 'a dynamic qualifier is data of unknown size', yaml: design(col('{referring_site}', ', dynamic: true, perRow: 40')) },
  ],
  invalid: [
    {
      name: '16,400 bytes of two-byte characters in 8,200 characters',
      yaml: design(col('é'.repeat(8200))),
      findings: [{ messageId: 'large', path: 'tables[0].families[0].columns[0].qualifier', severity: 'error', message: /16400 bytes/ }],
    },
    {
      name: 'three-byte characters over the limit',
      yaml: design([col('ok'), col('日'.repeat(5462))].join('\n')),
      findings: [{ messageId: 'large', path: 'tables[0].families[0].columns[1].qualifier', message: /16386 bytes/ }],
    },
    {
      name: 'one byte over in ASCII plus an emoji',
      yaml: design(col(`${'q'.repeat(16381)}😀`)),
      findings: [{ messageId: 'large', path: 'tables[0].families[0].columns[0].qualifier', message: /16385 bytes/ }],
    },
  ],
});
