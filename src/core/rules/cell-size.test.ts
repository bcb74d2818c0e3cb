import rule from './cell-size';
import { ruleTester, tableYaml } from './tester';

const design = (columns: string, family = 'd') =>
  tableYaml({
    table: 'docs',
    template: '{tenant}#{doc}',
    fields: '        tenant: {type: string, cardinality: 1000}\n        doc: {type: uuid}',
    families: `      - name: ${family}\n        gc: {maxVersions: 1}\n        columns:\n${columns}`,
  });

const MiB = 1024 * 1024;

ruleTester(rule, {
  valid: [
    {
      name: 'a serialized report of 24 bytes (Schema design for time series data, single-timestamp serialized)',
      yaml: design('          - {qualifier: blob, valueBytes: 24}'),
    },
    {
      name: 'exactly 10 MB is still within the guideline',
      yaml: design(`          - {qualifier: pdf, valueBytes: ${10 * MiB}}\n          - {qualifier: title, valueBytes: 80}`),
    },
  ],
  invalid: [
    {
      name: 'a 20 MB value slows every read of the cell',
      yaml: design(`          - {qualifier: title, valueBytes: 80}\n          - {qualifier: pdf, valueBytes: ${20 * MiB}}`),
      findings: [
        { messageId: 'large', path: 'tables[0].families[0].columns[1].valueBytes', severity: 'warning', message: /d:pdf holds values of about 20 MiB/ },
      ],
    },
    {
      name: 'a typical value at the 100 MB hard limit',
      yaml: design(`          - {qualifier: video, valueBytes: ${100 * MiB}}`, 'media'),
      findings: [{ messageId: 'limit', path: 'tables[0].families[0].columns[0].valueBytes', severity: 'error', message: /media:video .*hard limit/ }],
    },
    {
      name: 'dynamic columns with large values are reported too',
      yaml: design(
        `          - {qualifier: "{page}", dynamic: true, perRow: 3, valueBytes: ${64 * MiB}}\n          - {qualifier: raw, valueBytes: ${11 * MiB}}`,
      ),
      findings: [
        { messageId: 'large', path: 'tables[0].families[0].columns[0].valueBytes', message: /d:<page> holds values of about 64 MiB/ },
        { messageId: 'large', path: 'tables[0].families[0].columns[1].valueBytes', message: /about 11 MiB/ },
      ],
    },
  ],
});
