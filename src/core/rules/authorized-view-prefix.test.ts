import { expect } from 'vitest';
import rule from './authorized-view-prefix';
import { ruleTester, tableYaml } from './tester';

/** Documents keyed by tenant; `tenant` is the field's definition. */
const docs = (tenant: string, views: string) =>
  tableYaml({
    table: 'documents',
    template: '{tenant}#{doc}',
    fields: `        tenant: ${tenant}\n        doc: {type: uuid}`,
    families: '      - {name: d, gc: {maxVersions: 1}}',
    after: `authorizedViews:\n${views}\n`,
  });

const TENANTS = '{type: string, values: [acme, acmecorp, acme-eu, globex]}';

ruleTester(rule, {
  valid: [
    { name: 'a prefix that ends at the delimiter', yaml: docs(TENANTS, '  - {name: acme_only, table: documents, rowPrefixes: ["acme#"], families: {d: {}}}') },
    {
      name: 'a tenant no other value starts with (globex)',
      yaml: docs(TENANTS, '  - {name: globex_only, table: documents, rowPrefixes: ["globex"], families: {d: {}}}'),
    },
    {
      name: 'one letter of an open-ended value is a range on purpose',
      yaml: docs('{type: string, cardinality: 5000}', '  - {name: a_tenants, table: documents, rowPrefixes: ["a"], families: {d: {}}}'),
    },
    {
      name: 'a prefix into the uuid segment (fixed width)',
      yaml: docs(TENANTS, '  - {name: shard, table: documents, rowPrefixes: ["acme#0"], families: {d: {}}}'),
    },
  ],
  invalid: [
    {
      name: 'the prefix acme also matches acmecorp#... and acme-eu#...: a cross-tenant leak',
      yaml: docs(TENANTS, '  - {name: acme_view, table: documents, rowPrefixes: ["acme"], families: {d: {}}}'),
      findings: [
        {
          messageId: 'others',
          path: 'authorizedViews[0].rowPrefixes[0]',
          severity: 'error',
          message: /also matches "acmecorp", "acme-eu", other values of tenant: end it at the delimiter \("acme#"\)/,
        },
      ],
      fixed: (d) => expect(d.authorizedViews![0]!.rowPrefixes).toEqual(['acme#']),
    },
    {
      name: 'an open-ended tenant name without the delimiter',
      yaml: docs('{type: string, cardinality: 5000}', '  - {name: acme_view, table: documents, rowPrefixes: ["acme"], families: {d: {}}}'),
      findings: [{ messageId: 'open', path: 'authorizedViews[0].rowPrefixes[0]', severity: 'error', message: /any tenant that starts with "acme"/ }],
      fixed: (d) => expect(d.authorizedViews![0]!.rowPrefixes).toEqual(['acme#']),
    },
    {
      name: 'a project name cut short inside a tenant: a warning (the tenant still bounds it)',
      yaml: tableYaml({
        table: 'documents',
        template: '{tenant}#{project}#{doc}',
        fields: '        tenant: {type: string, cardinality: 5000}\n        project: {type: string, cardinality: 100000}\n        doc: {type: uuid}',
        families: '      - {name: d, gc: {maxVersions: 1}}',
        after: 'authorizedViews:\n  - {name: apollo, table: documents, rowPrefixes: ["acme#apollo"], families: {d: {}}}\n',
      }),
      findings: [{ messageId: 'open', path: 'authorizedViews[0].rowPrefixes[0]', severity: 'warning', message: /any project that starts with "apollo"/ }],
    },
  ],
});
