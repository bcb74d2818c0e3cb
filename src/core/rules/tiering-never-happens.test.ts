import rule from './tiering-never-happens';
import { ruleTester } from './tester';

const design = (gc: string, tier: string, head = '') => `format: bigtable-studio/v1
name: t
${head}tables:
  - name: readings
    rowKey: {template: "{device}#{ts}", fields: {device: {type: string, cardinality: 100000}, ts: {type: timestamp}}}
    families:
      - {name: m, gc: ${gc}}
    tieredStorage: {infrequentAccessAfter: ${tier}}
`;

ruleTester(rule, {
  valid: [
    { name: 'cells kept a year move after 60 days', yaml: design('{maxAge: 365d}', '60d') },
    { name: 'versions only: cells can get old enough', yaml: design('{maxVersions: 3}', '90d') },
    { name: 'an intersection keeps the newest versions forever', yaml: design('{intersection: [{maxAge: 30d}, {maxVersions: 2}]}', '60d') },
  ],
  invalid: [
    {
      name: 'GC deletes at 30 days, tiering at 60',
      yaml: design('{maxAge: 30d}', '60d'),
      findings: [
        {
          messageId: 'gcFirst',
          path: 'tables[0].tieredStorage.infrequentAccessAfter',
          severity: 'warning',
          message: /cells move after 60d but GC deletes them by 30d/,
        },
      ],
    },
    {
      name: 'a union bounds the age by its youngest rule, equal to the tiering age',
      yaml: design('{union: [{maxAge: 45d}, {maxVersions: 10}]}', '45d'),
      findings: [{ messageId: 'gcFirst', path: 'tables[0].tieredStorage.infrequentAccessAfter', message: /by 45d/ }],
    },
    {
      name: 'tiering on an HDD instance',
      yaml: design('{maxAge: 365d}', '60d', 'cluster: {storage: hdd}\n'),
      findings: [{ messageId: 'hdd', path: 'tables[0].tieredStorage.infrequentAccessAfter', severity: 'error', message: /needs an SSD instance/ }],
    },
  ],
});
