import rule from './key-length';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string) => tableYaml({ table: 'items', template, fields });

ruleTester(rule, {
  valid: [
    {
      name: 'tenantID#reversedTimestamp#objectID: about 68 bytes',
      yaml: design(
        '{tenant}#{ts}#{id}',
        '        tenant: {type: string, prefix: tenant_, alphabet: digits, length: 4}\n        ts: {type: timestamp, reversed: true}\n        id: {type: uuid}',
      ),
    },
    {
      name: 'salting (Schema design best practices): a two-digit salt and a padded id, 13 bytes',
      yaml: design('{salt}#{user}', '        salt: {type: hash, buckets: 16}\n        user: {type: int, max: 9999999999, pad: 10}'),
    },
  ],
  invalid: [
    {
      name: 'a long path in the key',
      yaml: design('{domain}#{path}', '        domain: {type: domain, reversed: true}\n        path: {type: string, prefix: /, length: 120}'),
      findings: [{ messageId: 'long', path: 'tables[0].rowKey.template', severity: 'warning', message: /typical key is 138 bytes.*path takes 121/ }],
    },
    {
      name: 'three UUIDs make 110 bytes',
      yaml: design('{tenant}#{user}#{event}', '        tenant: {type: uuid}\n        user: {type: uuid}\n        event: {type: uuid}'),
      findings: [{ messageId: 'long', path: 'tables[0].rowKey.template', message: /110 bytes/ }],
    },
    {
      name: 'a bare 8-digit id is under 10 bytes',
      yaml: design('{id}', '        id: {type: int, max: 99999999, pad: 8}'),
      findings: [{ messageId: 'short', path: 'tables[0].rowKey.template', severity: 'info', message: /8 bytes/ }],
    },
  ],
});
