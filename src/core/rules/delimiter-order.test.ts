import { expect } from 'vitest';
import rule from './delimiter-order';
import { keyDesign, ruleTester } from './tester';

const design = keyDesign;

ruleTester(rule, {
  valid: [
    {
      name: 'tenantID#reversedTimestamp#objectID: every byte sorts above "#"',
      yaml: design(
        '{tenant}#{ts}#{id}',
        '        tenant: {type: string, prefix: tenant_, alphabet: digits, length: 4}\n        ts: {type: timestamp, reversed: true}\n        id: {type: uuid}',
      ),
    },
    {
      name: '"|" with lower-case values of one length: no value is a prefix of another, so order holds',
      yaml: design('{room}|{ts}', '        room: {type: string, alphabet: lower, length: 10}\n        ts: {type: timestamp}'),
    },
    {
      name: '":" with zero-padded numbers: fixed width keeps field order',
      yaml: design('{device}:{ts}', '        device: {type: int, min: 1, max: 99999, pad: 5}\n        ts: {type: timestamp}'),
    },
    {
      name: 'the last field is never followed by the delimiter',
      yaml: design('{tenant}|{city}', '        tenant: {type: uuid}\n        city: {type: string, values: [new, new york]}'),
    },
  ],
  invalid: [
    {
      name: '"|" with lower-case values of different lengths (us < us-west)',
      yaml: design('{region}|{device}', '        region: {type: string, values: [us, us-west, eu]}\n        device: {type: uuid}'),
      findings: [{ messageId: 'misorder', path: 'tables[0].rowKey.fields.region', severity: 'warning', message: /"us-west\|…" sorts before "us\|…"/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey).toMatchObject({ template: '{region}#{device}', delimiter: '#' }),
    },
    {
      name: '":" after unpadded numbers: 10: sorts before 1:',
      yaml: design('{user}:{ts}', '        user: {type: int, min: 1, max: 100000}\n        ts: {type: timestamp}'),
      findings: [{ messageId: 'misorder', path: 'tables[0].rowKey.fields.user', message: /"10:…" sorts before "1:…"/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{user}#{ts}'),
    },
    {
      name: '"#" with spaces: no printable delimiter sorts lower, so the key becomes ordered code',
      yaml: design('{city}#{device}', '        city: {type: string, values: [new, new york]}\n        device: {type: uuid}'),
      findings: [{ messageId: 'misorder', path: 'tables[0].rowKey.fields.city', message: /space/ }],
      fixed: (d) => {
        expect(d.tables[0]!.rowKey).toMatchObject({ template: '{city}{device}', encoding: 'orderedCode' });
        expect(d.tables[0]!.rowKey.delimiter).toBeUndefined();
      },
    },
    {
      name: 'reversed domains with "|": com.example.www sorts before com.example',
      yaml: design('{domain}|{path}', '        domain: {type: domain, reversed: true}\n        path: {type: string}'),
      findings: [{ messageId: 'misorder', path: 'tables[0].rowKey.fields.domain', message: /com\.example\.www/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{domain}#{path}'),
    },
    {
      name: 'a long list of values is checked in byte order',
      yaml: design(
        '{shop}:{sku}',
        `        shop: {type: string, values: [${Array.from({ length: 80 }, (_, i) => `s${String(i).padStart(2, '0')}`).join(', ')}, s07-b]}\n        sku: {type: uuid}`,
      ),
      findings: [{ messageId: 'misorder', path: 'tables[0].rowKey.fields.shop', message: /"s07-b:…" sorts before "s07:…"/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{shop}#{sku}'),
    },
    {
      name: 'spaces before "#" and a constant segment: no fix',
      yaml: design('{city}#v1#{device}', '        city: {type: string, values: [new, new york]}\n        device: {type: uuid}'),
      findings: [{ messageId: 'misorder', path: 'tables[0].rowKey.fields.city', message: /Give city values of one width/ }],
      fixed: null,
    },
  ],
});
