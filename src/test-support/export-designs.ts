// Designs that exercise every key encoding the exporters must reproduce (test data only):
// ordered-code structs with empty and NUL-holding values, big-endian and ordered-code ints,
// bytes, every timestamp form (units, buckets, ISO, reversed, big-endian), reversed domains,
// salts, literal and constant segments, multi-byte delimiters, singletons.
import type { Design, Family, RowKey } from '../core/model/schema';

/** The key and GC rules (nested, three at once, long ages) of the `nested_gc` table the gcloud and cbt tests export. */
export const NESTED_GC_KEY: RowKey = { template: '{a}#{b}', fields: { a: { type: 'string' }, b: { type: 'int', pad: 4 } } };
export const NESTED_GC_FAMILIES: Family[] = [
  { name: 'deep', gc: { union: [{ maxAge: '30d' }, { intersection: [{ maxAge: '3d' }, { maxVersions: 100 }] }] } },
  { name: 'three', gc: { union: [{ maxVersions: 5 }, { maxAge: '36h' }, { maxAge: '500ms' }] } },
  { name: 'long', gc: { maxAge: '400d' } },
];

export const ENCODING_ZOO: Design = {
  format: 'bigtable-studio/v1',
  name: 'encoding zoo',
  tables: [
    {
      name: 'oc_struct',
      rowKey: {
        template: '{tenant}{device}{name}',
        encoding: 'orderedCode',
        fields: {
          tenant: { type: 'string', values: ['acme', 'glo\u0000bex', '', 'ünï'] },
          device: { type: 'int', encoding: 'orderedCode', min: -100000, max: 100000 },
          name: { type: 'string', values: ['x', '', 'a\u0000'] },
        },
      },
      families: [{ name: 'f', gc: { maxVersions: 1 } }],
      queries: [
        { name: 'one tenant', match: { tenant: 'eq' } },
        { name: 'tenant and device range', match: { tenant: 'eq', device: 'range' } },
        { name: 'name prefix', match: { tenant: 'eq', device: 'eq', name: 'prefix' } },
        { name: 'point', match: { tenant: 'eq', device: 'eq', name: 'eq' } },
        { name: 'everything' },
      ],
    },
    {
      name: 'binary',
      rowKey: {
        template: '{a}#{b}#{c}#{d}',
        encoding: 'orderedCode',
        fields: {
          a: { type: 'bytes', length: 3 },
          b: { type: 'int', encoding: 'bigEndian', min: -5, max: 5 },
          c: { type: 'timestamp', unit: 'us', encoding: 'bigEndian' },
          d: { type: 'timestamp', unit: 'ms', encoding: 'bigEndian', reversed: true, bucket: 'minute' },
        },
      },
      queries: [
        { name: 'a and b', match: { a: 'eq', b: 'eq' } },
        { name: 'time window', match: { a: 'eq', b: 'eq', c: 'range' } },
      ],
    },
    {
      name: 'times',
      rowKey: {
        template: '{salt}#{dom}#{t1}#{t2}#{t3}#{t4}#{id}',
        delimiter: '#',
        fields: {
          salt: { type: 'hash', of: ['dom', 'id'], buckets: 16 },
          dom: { type: 'domain', reversed: true, cardinality: 50 },
          t1: { type: 'timestamp', unit: 's', bucket: 'week', format: 'iso' },
          t2: { type: 'timestamp', unit: 'us', reversed: true },
          t3: { type: 'timestamp', unit: 'ms', bucket: 'month', pad: 15 },
          t4: { type: 'timestamp', unit: 'us', format: 'iso' },
          id: { type: 'uuid' },
        },
      },
      queries: [
        { name: 'by site', match: { dom: 'eq' } },
        { name: 'site and id', match: { dom: 'eq', id: 'eq' } },
        { name: 'week range of a site', match: { salt: 'eq', dom: 'eq', t1: 'range' } },
        { name: 'newest of a site', match: { dom: 'eq', id: 'eq', t1: 'eq', t2: 'range' } },
      ],
    },
    {
      name: 'literals',
      rowKey: {
        template: 'user#{id}#v{n}x#{h}#{rest}',
        delimiter: '#',
        fields: {
          id: { type: 'int', pad: 6, min: -50, max: 50 },
          n: { type: 'int', min: 0, max: 20000 },
          h: { type: 'timestamp', unit: 'ms', bucket: 'hour', format: 'iso' },
          rest: { type: 'string', values: ['a#b', 'plain', 'x/y#', ''] },
        },
      },
      queries: [
        { name: 'one user', match: { id: 'eq' } },
        { name: 'n prefix', match: { id: 'eq', n: 'prefix' } },
        { name: 'hours', match: { id: 'eq', n: 'eq', h: 'range' } },
        { name: 'all users' },
      ],
    },
    {
      name: 'single_oc',
      rowKey: { template: '{k}', encoding: 'singleton', fields: { k: { type: 'int', encoding: 'orderedCode', min: -1000000000, max: 1000000000 } } },
      queries: [{ name: 'range', match: { k: 'range' } }],
    },
    {
      name: 'one_segment',
      rowKey: { template: 'pre{k}post', fields: { k: { type: 'string', alphabet: 'alnum', length: 5 } } },
      queries: [
        { name: 'by k', match: { k: 'eq' } },
        { name: 'k prefix', match: { k: 'prefix' } },
      ],
    },
    {
      name: 'wide_delimiter',
      rowKey: {
        template: '{s}::{m}::{hr}::{dy}::{v}',
        fields: {
          s: { type: 'hash', buckets: 100, pad: 3 },
          m: { type: 'timestamp', unit: 'us', bucket: 'minute', format: 'iso' },
          hr: { type: 'timestamp', unit: 's', bucket: 'hour', format: 'iso' },
          dy: { type: 'timestamp', unit: 'ms', bucket: 'day', format: 'iso', example: '2026-03-14T09:26:53Z' },
          v: { type: 'int', min: -1000, max: 1000, distribution: 'zipf' },
        },
      },
      queries: [
        { name: 'all salts by minute', match: { m: 'eq' } },
        { name: 'exact', match: { m: 'eq', hr: 'eq', dy: 'eq', v: 'eq' } },
      ],
    },
  ],
};

/** A design whose every name tries to run a command (the scripts must pass them verbatim). */
export const EVIL: Design = {
  format: 'bigtable-studio/v1',
  name: 'evil',
  tables: [
    {
      name: 'x$(touch pwned)',
      rowKey: { template: '{a}#{b}', fields: { a: { type: 'string', values: ["it's", '$(touch pwned-value)'] }, b: { type: 'int', pad: 3 } } },
      families: [
        { name: 'f`touch pwned-tick`', gc: { maxVersions: 2 } },
        { name: "g'$(touch pwned-quote)'", gc: { union: [{ maxAge: '1d' }, { intersection: [{ maxVersions: 3 }, { maxAge: '2h' }] }] } },
        { name: 'h;touch pwned-semi', aggregate: 'sum' },
        { name: 'i\n$(touch pwned-newline)', gc: { maxAge: '400d' } },
      ],
      splits: ['$(touch pwned-split)', "a'b", 'c"d'],
      queries: [{ name: '$(touch pwned-query)', match: { a: 'eq' } }],
    },
  ],
};
