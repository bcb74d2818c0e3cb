import { expect } from 'vitest';
import rule from './delimiter-in-values';
import { keyDesign, ruleTester } from './tester';

const design = keyDesign;

ruleTester(rule, {
  valid: [
    {
      name: 'tenantID#reversedTimestamp#objectID: no field holds "#"',
      yaml: design(
        '{tenant}#{ts}#{id}',
        '        tenant: {type: string, prefix: tenant_, alphabet: digits, length: 4}\n        ts: {type: timestamp, reversed: true}\n        id: {type: uuid}',
      ),
    },
    {
      name: 'balloon weeks (Schema design for time series data): location values, padded ids and ISO weeks hold no "#"',
      yaml: design(
        '{location}#{balloon}#week{week}',
        '        location: {type: string, values: [us-west2, asia-south2]}\n        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        week: {type: timestamp, bucket: week, format: iso}',
        '      delimiter: "#"\n',
      ),
    },
    {
      name: 'an ordered-code struct key allows any byte in its fields',
      yaml: design('{tenant}{blob}', '        tenant: {type: string}\n        blob: {type: bytes, length: 16}', '      encoding: orderedCode\n'),
    },
    {
      name: 'a "|" delimiter with values that never hold "|"',
      yaml: design('{category}|{sku}', '        category: {type: string, values: [apparel, shoes]}\n        sku: {type: uuid}'),
    },
  ],
  invalid: [
    {
      name: 'a listed value holds the delimiter',
      yaml: design(
        '{category}#{product}',
        '        category: {type: string, values: [apparel, "shoes#kids"]}\n        product: {type: int, min: 1, max: 9999, pad: 4}',
      ),
      findings: [{ messageId: 'value', path: 'tables[0].rowKey.fields.category', severity: 'error', message: /the value "shoes#kids"/ }],
      fixed: (d) => {
        expect(d.tables[0]!.rowKey.template).toBe('{category}:{product}');
        expect(d.tables[0]!.rowKey.delimiter).toBe(':');
      },
    },
    {
      name: 'UUIDs hold the hyphen that was inferred as the delimiter',
      yaml: design('{user}-{session}-{ts}', '        user: {type: string, length: 6}\n        session: {type: uuid}\n        ts: {type: timestamp}'),
      findings: [{ messageId: 'value', path: 'tables[0].rowKey.fields.session', message: /UUIDs/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{user}#{session}#{ts}'),
    },
    {
      name: 'the last field holds the delimiter: a warning, since it still reads back',
      yaml: design('{domain}/{path}', '        domain: {type: domain, reversed: true}\n        path: {type: string, values: [/index.html, /a/b]}'),
      findings: [{ messageId: 'lastField', path: 'tables[0].rowKey.fields.path', severity: 'warning' }],
      fixed: (d) => expect(d.tables[0]!.rowKey).toMatchObject({ template: '{domain}#{path}', delimiter: '#' }),
    },
    {
      name: 'random bytes can hold any byte, so no delimiter fits and the fix declines',
      yaml: design('{tenant}#{blob}#{ts}', '        tenant: {type: string}\n        blob: {type: bytes, length: 4}\n        ts: {type: timestamp}'),
      findings: [{ messageId: 'value', path: 'tables[0].rowKey.fields.blob', message: /orderedCode/ }],
      fixed: null,
    },
    {
      name: 'pre-split keys hold the old delimiter, so the fix declines',
      yaml: design(
        '{category}#{product}',
        '        category: {type: string, values: [apparel, "shoes#kids"]}\n        product: {type: uuid}',
        '      delimiter: "#"\n',
      ).replace('    rowKey:', '    splits: ["apparel#", "shoes#"]\n    rowKey:'),
      findings: [{ messageId: 'value', path: 'tables[0].rowKey.fields.category', message: /rewrite the pre-split keys/ }],
      fixed: null,
    },
    {
      name: 'ISO minutes hold ":", the first byte of the delimiter "::"',
      yaml: design(
        '{room}::{minute}::{msg}',
        '        room: {type: string}\n        minute: {type: timestamp, bucket: minute, format: iso}\n        msg: {type: uuid}',
        '      delimiter: "::"\n',
      ),
      findings: [{ messageId: 'value', path: 'tables[0].rowKey.fields.minute', message: /':' \(the first byte of "::"\)/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{room}#{minute}#{msg}'),
    },
    {
      name: 'a constant segment holds the first byte of a two-byte delimiter',
      yaml: design('{a}#!v#1#!{b}', '        a: {type: string}\n        b: {type: uuid}', '      delimiter: "#!"\n'),
      findings: [{ messageId: 'literal', path: 'tables[0].rowKey.template', message: /"v#1"/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey).toMatchObject({ template: '{a}:v#1:{b}', delimiter: ':' }),
    },
  ],
});
