import { expect } from 'vitest';
import rule from './domain-not-reversed';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string, queries = '') => tableYaml({ table: 'webtable', template, fields, after: queries });

ruleTester(rule, {
  valid: [
    {
      name: 'reversed host names (Schema design best practices: com.google/search, com.google/maps)',
      yaml: design(
        '{domain}#{path}',
        '        domain: {type: domain, reversed: true, cardinality: 1000000}\n        path: {type: string, prefix: /}',
        '    queries:\n      - {name: an organisation, match: {domain: prefix}}\n',
      ),
    },
    {
      name: 'a reversed domain after the crawl job',
      yaml: design('{job}#{host}', '        job: {type: int, cardinality: 100, pad: 3}\n        host: {type: domain, reversed: true}'),
    },
  ],
  invalid: [
    {
      name: 'natural host names',
      yaml: design('{domain}#{path}', '        domain: {type: domain, example: maps.google.com}\n        path: {type: string, prefix: /}'),
      findings: [{ messageId: 'natural', path: 'tables[0].rowKey.fields.domain', message: /maps\.google\.com.*com\.google\.maps/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.domain).toEqual({ type: 'domain', example: 'maps.google.com', reversed: true }),
    },
    {
      name: 'a prefix query on natural host names cannot read an organisation',
      yaml: design(
        '{domain}#{path}',
        '        domain: {type: domain, reversed: false}\n        path: {type: string}',
        '    queries:\n      - {name: all hosts of an org, match: {domain: prefix}}\n',
      ),
      findings: [{ messageId: 'prefixQuery', path: 'tables[0].rowKey.fields.domain', message: /"all hosts of an org".*"com\.example\."/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.fields.domain).toMatchObject({ reversed: true }),
    },
    {
      name: 'a natural domain in the second position',
      yaml: design('{tenant}#{site}', '        tenant: {type: string, cardinality: 500}\n        site: {type: domain}'),
      findings: [{ messageId: 'natural', path: 'tables[0].rowKey.fields.site', severity: 'warning' }],
    },
  ],
});
