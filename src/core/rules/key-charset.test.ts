import rule from './key-charset';
import { keyDesign, ruleTester } from './tester';

const design = keyDesign;

ruleTester(rule, {
  valid: [
    {
      name: 'tenantID#reversedTimestamp#objectID keeps to [a-zA-Z0-9_#-]',
      yaml: design(
        '{tenant}#{ts}#{id}',
        '        tenant: {type: string, prefix: tenant_, alphabet: digits, length: 4}\n        ts: {type: timestamp, reversed: true}\n        id: {type: uuid}',
      ),
    },
    {
      name: 'reversed domains (Schema design best practices): the dots of host names are not reported',
      yaml: design('{domain}#{page}', '        domain: {type: domain, reversed: true}\n        page: {type: string, alphabet: lower, length: 12}'),
    },
    {
      name: 'Schema design best practices names ":" as a delimiter',
      yaml: design('{tenant}:{device}', '        tenant: {type: string, values: [acme, globex]}\n        device: {type: int, max: 9999, pad: 4}'),
    },
  ],
  invalid: [
    {
      name: 'ISO times with ":" and "." (such as 2026-09-14T16:45:00)',
      yaml: design('{device}#{ts}', '        device: {type: uuid}\n        ts: {type: timestamp, format: iso}'),
      findings: [{ messageId: 'chars', path: 'tables[0].rowKey.fields.ts', severity: 'info', message: /':', '\.' \(ISO times/ }],
    },
    {
      name: 'city names with a space and a non-ASCII letter',
      yaml: design('{city}#{id}', '        city: {type: string, values: [new york, zürich]}\n        id: {type: uuid}'),
      findings: [{ messageId: 'chars', path: 'tables[0].rowKey.fields.city', message: /a space, 'ü'.*invisible.*non-ASCII/ }],
    },
    {
      name: 'a big-endian integer is raw bytes',
      yaml: design('{tenant}#{seq}', '        tenant: {type: string}\n        seq: {type: int, encoding: bigEndian}'),
      findings: [{ messageId: 'binary', path: 'tables[0].rowKey.fields.seq', message: /big-endian int64/ }],
    },
    {
      name: 'a version literal with a dot and an inferred "/" delimiter',
      yaml: design('{app}/v1.0/{user}', '        app: {type: string}\n        user: {type: uuid}'),
      findings: [
        { messageId: 'literal', path: 'tables[0].rowKey.template', message: /'\.'/ },
        { messageId: 'delimiter', path: 'tables[0].rowKey.template', message: /"\/"/ },
      ],
    },
  ],
});
