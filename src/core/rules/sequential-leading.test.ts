import { expect } from 'vitest';
import rule from './sequential-leading';
import { keyDesign, ruleTester } from './tester';

const design = (template: string, fields: string, extra = '') => keyDesign(template, fields, extra, 'orders');

ruleTester(rule, {
  valid: [
    {
      name: 'an auto-increment id behind a salt computed from it (salting, Schema design best practices; the user-profiles example)',
      yaml: design(
        '{salt}#{user_id}',
        '        salt: {type: hash, of: [user_id], buckets: 16}\n        user_id: {type: int, min: 1, max: 9999999999, pad: 10, distribution: sequential}',
      ),
    },
    {
      name: 'a sequence number after the entity it numbers',
      yaml: design('{customer}#{order_no}', '        customer: {type: uuid}\n        order_no: {type: int, distribution: sequential, pad: 8}'),
    },
  ],
  invalid: [
    {
      name: 'a uuid v7 id first: time-ordered, it leads like a timestamp',
      yaml: design('{order_id}#{item}', '        order_id: {type: uuid, version: 7}\n        item: {type: int, cardinality: 50, pad: 2}'),
      findings: [{ messageId: 'timeOrdered', path: 'tables[0].rowKey.fields.order_id', severity: 'error', message: /first 48 bits are the time/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{salt}#{order_id}#{item}'),
    },
    {
      // Leading with the line number (1-999) would turn "an invoice" into a full scan: not advised.
      name: 'invoice lines: no advice to lead with the line number, and the salt keeps the invoice query a prefix scan',
      yaml: `${design('{invoice}#{line}', '        invoice: {type: int, min: 1, max: 9999999999, pad: 10, distribution: sequential}\n        line: {type: int, min: 1, max: 999, pad: 3}')}    queries:\n      - {name: an invoice, match: {invoice: eq}}\n`,
      findings: [{ messageId: 'leading', path: 'tables[0].rowKey.fields.invoice', message: /^(?![\s\S]*\bline\b)[\s\S]*hashed from invoice/ }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{salt}#{invoice}#{line}'),
    },
    {
      name: 'an auto-increment order id first',
      yaml: design('{order_id}#{item}', '        order_id: {type: int, distribution: sequential, pad: 12}\n        item: {type: int, cardinality: 50, pad: 2}'),
      findings: [
        {
          messageId: 'leading',
          path: 'tables[0].rowKey.fields.order_id',
          severity: 'error',
          message: /^(?![\s\S]*such as item)[\s\S]*12 buckets hashed from order_id/,
        },
      ],
      fixed: (d) => {
        expect(d.tables[0]!.rowKey.template).toBe('{salt}#{order_id}#{item}');
        expect(d.tables[0]!.rowKey.fields.salt).toEqual({ type: 'hash', of: ['order_id'], buckets: 12 });
      },
    },
    {
      name: 'a key of one sequential ticket number gets its first delimiter',
      yaml: design('{ticket}', '        ticket: {type: string, prefix: T, alphabet: digits, length: 9, distribution: sequential}'),
      findings: [{ messageId: 'leading', path: 'tables[0].rowKey.fields.ticket' }],
      fixed: (d) => {
        expect(d.tables[0]!.rowKey.template).toBe('{salt}#{ticket}');
        expect(d.tables[0]!.rowKey.delimiter).toBe('#');
      },
    },
    {
      name: 'an ordered-code key: the salt is one more ordered-code field',
      yaml: design(
        '{id}{part}',
        '        id: {type: int, encoding: orderedCode, distribution: sequential}\n        part: {type: string, values: [a, b]}',
        '      encoding: orderedCode\n',
      ),
      findings: [{ messageId: 'leading', path: 'tables[0].rowKey.fields.id' }],
      fixed: (d) => expect(d.tables[0]!.rowKey.template).toBe('{salt}{id}{part}'),
    },
    {
      name: 'a lone big-endian sequence: no delimiter is safe next to raw bytes, so no fix',
      yaml: design('{id}', '        id: {type: int, encoding: bigEndian, distribution: sequential}'),
      findings: [{ messageId: 'leading', path: 'tables[0].rowKey.fields.id' }],
      fixed: null,
    },
  ],
});
