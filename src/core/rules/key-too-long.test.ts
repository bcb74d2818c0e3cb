import rule from './key-too-long';
import { keyDesign, ruleTester } from './tester';

const design = keyDesign;

ruleTester(rule, {
  valid: [
    {
      name: 'field promotion (Schema design best practices): tenant#device_type#device_id#reversed time, about 50 bytes',
      yaml: design(
        '{tenant}#{type}#{device}#{ts}',
        '        tenant: {type: string, prefix: tenant_, alphabet: digits, length: 4}\n        type: {type: string, values: [sensor, meter]}\n        device: {type: int, max: 99999999, pad: 8}\n        ts: {type: timestamp, reversed: true}',
      ),
    },
    {
      name: 'exactly 4,096 bytes is still within the limit',
      yaml: design('{blob}', '        blob: {type: bytes, length: 4096}'),
    },
    {
      name: "long keys under 4 KB are key-length's concern, not this rule's",
      yaml: design('{a}#{b}#{c}', '        a: {type: string, length: 1000}\n        b: {type: string, length: 1000}\n        c: {type: string, length: 1000}'),
    },
  ],
  invalid: [
    {
      name: '4 KB of random bytes plus another field',
      yaml: design('{tenant}#{blob}', '        tenant: {type: string}\n        blob: {type: bytes, length: 4096}'),
      findings: [
        { messageId: 'tooLong', path: 'tables[0].rowKey.template', severity: 'error', message: /up to 4105 bytes.*blob alone takes up to 4096 bytes/ },
      ],
    },
    {
      name: 'four long generated strings with prefixes',
      yaml: design(
        '{a}#{b}#{c}#{d}',
        `        a: {type: string, prefix: "${'p'.repeat(200)}", length: 1024}\n        b: {type: string, length: 1024}\n        c: {type: string, length: 1024}\n        d: {type: string, length: 1024}`,
      ),
      findings: [{ messageId: 'tooLong', path: 'tables[0].rowKey.template', message: /a alone takes up to 1224 bytes/ }],
    },
    {
      name: 'ordered-code escaping doubles the zero bytes of raw bytes',
      yaml: design('{tenant}{blob}', '        tenant: {type: string}\n        blob: {type: bytes, length: 2100}', '      encoding: orderedCode\n'),
      findings: [{ messageId: 'tooLong', path: 'tables[0].rowKey.template', message: /ordered-code escaping/ }],
    },
  ],
});
