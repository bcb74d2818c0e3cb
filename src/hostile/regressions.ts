// Named regression cases: designs that once crashed a command or showed a NaN,
// Infinity, undefined or negative figure. outputs.test.ts runs every command over each. A
// counterexample that `npm run fuzz` prints goes here, with a name that says what it exercised
// (docs/fuzz.md).
import type { Design } from '../core/model/schema';

export interface Regression {
  name: string;
  design: Design;
}

const v1 = 'bigtable-studio/v1' as const;

export const REGRESSIONS: Regression[] = [
  {
    // NaN row size (0 writes x an Infinity share) and row-size reading families[-1].
    name: 'sequential string without cardinality or load, family without columns',
    design: {
      format: v1,
      name: 't',
      tables: [
        {
          name: 'events',
          rowKey: { template: '{id}#{day}', fields: { id: { type: 'string', distribution: 'sequential' }, day: { type: 'timestamp', bucket: 'day' } } },
          families: [{ name: 'f' }],
        },
      ],
    },
  },
  {
    // An estimate of exabytes for a small design with no load: rows and size are unknown.
    name: 'uuid key, dynamic columns without perRow, no load',
    design: {
      format: v1,
      name: 'no load',
      tables: [
        {
          name: 'things',
          rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } },
          families: [{ name: 'f', columns: [{ qualifier: '{k}', dynamic: true }] }],
        },
      ],
    },
  },
  {
    // Found by npm run fuzz (a denormal rate): row i's time was i * 1000 / wps = Infinity, and
    // keys and the markdown review said "The number Infinity cannot be converted to a BigInt".
    name: 'a write rate of 7.4e-323 per second, with a microsecond timestamp in the key',
    design: {
      format: v1,
      name: 'slow',
      tables: [
        {
          name: 't',
          rowKey: {
            template: '{id}#{ts}',
            fields: { id: { type: 'int', encoding: 'bigEndian' }, ts: { type: 'timestamp', unit: 'us', bucket: 'day', reversed: true } },
          },
          load: { writesPerSecond: 7.4e-323 },
        },
      ],
    },
  },
  {
    // simulate kept 30,000 generated keys and up to 20,000 tablets of 4,096 bytes each: past
    // 30 s and 3.5 GB. Byte budgets now bound both (docs/simulator.md, "Budgets").
    name: 'one 4,096-byte bytes key field at 1e9 writes/s',
    design: {
      format: v1,
      name: 'long key',
      tables: [{ name: 't', rowKey: { template: '{k}', fields: { k: { type: 'bytes', length: 4096 } } }, load: { writesPerSecond: 1e9 } }],
    },
  },
  {
    // A 4 KB key with 100 MB values: every window split every tablet, and the tablets' key
    // labels ran V8 out of memory (exit 134).
    name: 'a 4,096-byte key with 100 MB values',
    design: {
      format: v1,
      name: 'huge values',
      tables: [
        {
          name: 't',
          rowKey: { template: '{k}', fields: { k: { type: 'bytes', length: 4096 } } },
          families: [{ name: 'f', columns: [{ qualifier: 'v', valueBytes: 104_857_600 }] }],
          load: { writesPerSecond: 1000 },
        },
      ],
    },
  },
  {
    // 2.84e+41 rows in lint's estimate and 58 EiB in a review for a table whose only load is
    // elsewhere: the loaded table is huge, the other declares 0 writes and a full scan of a key
    // whose four fields multiply to 10^48 (docs/capacity.md, Unknown and beyond the bound).
    name: 'a 0-write table with a full scan of 10^48 keys beside a table at 10^9 writes/s that never deletes',
    design: {
      format: v1,
      name: 'load elsewhere',
      cluster: { nodes: 3, storage: 'ssd' },
      tables: [
        {
          name: 'hot',
          rowKey: { template: '{user}#{ts}', fields: { user: { type: 'string', cardinality: 1_000_000 }, ts: { type: 'timestamp', unit: 'ms' } } },
          families: [{ name: 'd', columns: [{ qualifier: 'v', valueBytes: 100 }] }],
          load: { writesPerSecond: 1e9 },
        },
        {
          name: 'lookup',
          rowKey: {
            template: '{a}#{b}#{c}#{d}',
            fields: {
              a: { type: 'string', cardinality: 1e12 },
              b: { type: 'string', cardinality: 1e12 },
              c: { type: 'string', cardinality: 1e12 },
              d: { type: 'string', cardinality: 1e12 },
            },
          },
          families: [{ name: 'f', columns: [{ qualifier: 'x', valueBytes: 1000 }] }],
          load: { writesPerSecond: 0, readsPerSecond: 100 },
          queries: [{ name: 'everything', perSecond: 10 }],
        },
        {
          name: 'undeclared',
          rowKey: {
            template: '{a}#{b}#{c}',
            fields: { a: { type: 'string', cardinality: 1e15 }, b: { type: 'string', cardinality: 1e15 }, c: { type: 'string', cardinality: 1e15 } },
          },
          families: [{ name: 'f' }],
          queries: [{ name: 'all', perSecond: 1000 }],
        },
      ],
    },
  },
  {
    // 2e33 rows read a second and 2.9e36 nodes in the plan's JSON: full scans of a table whose
    // declared load over ten years fills more than 1,000 nodes hold.
    name: 'full scans at 1,000/s of a table written at 10^9 writes/s for 3,650 days',
    design: {
      format: v1,
      name: 'scans past the bound',
      cluster: { nodes: 3, storage: 'hdd' },
      tables: [
        {
          name: 'big',
          rowKey: {
            template: '{a}#{b}#{c}',
            fields: { a: { type: 'string', cardinality: 1e15 }, b: { type: 'string', cardinality: 1e15 }, c: { type: 'string', cardinality: 1e15 } },
          },
          families: [{ name: 'f', gc: { maxAge: '3650d' }, columns: [{ qualifier: 'x', valueBytes: 1000 }] }],
          load: { writesPerSecond: 1e9, retention: '3650d' },
          queries: [{ name: 'all', perSecond: 1000 }],
        },
      ],
    },
  },
  {
    // Found by npm run fuzz (infer of the design's own keys): one 1,030-character value in every
    // key made infer answer a closed set of values longer than the format's 1,024 characters, and
    // then refuse its own design as an internal error.
    name: "infer of the design's own keys: a string field of one 1,030-character value",
    design: {
      format: v1,
      name: 'long values',
      tables: [
        {
          name: 't',
          rowKey: {
            template: '{id}{s}',
            encoding: 'orderedCode',
            fields: { id: { type: 'uuid' }, s: { type: 'string', cardinality: 1, length: 1024, prefix: 'abcdef' } },
          },
        },
      ],
    },
  },
  {
    // Found by npm run fuzz (infer of the design's own keys): zipf values of 1,024 digits share a
    // long prefix, which infer quoted twice in the field's description (2,109 characters, over
    // the format's 2,000), and then refused its own design as an internal error.
    name: "infer of the design's own keys: 1,024-digit zipf values sharing a long prefix",
    design: {
      format: v1,
      name: 'long shared value',
      tables: [
        {
          name: 'm',
          rowKey: {
            template: '{k}~{s}',
            fields: {
              k: { type: 'bytes' },
              s: { type: 'string', cardinality: 999_999_988, length: 1024, alphabet: 'digits', distribution: 'zipf', skew: 10 },
            },
          },
        },
      ],
    },
  },
  {
    // Found by npm run fuzz (infer of the design's own keys): most values "*𝆹𝅥" (astral
    // characters), some empty: infer's common prefix ended between the two halves of a
    // surrogate pair, and the closed set it answered held a lone surrogate (no UTF-8 form).
    name: "infer of the design's own keys: values of astral characters sharing a prefix, and an empty one",
    design: {
      format: v1,
      name: 'astral',
      tables: [
        {
          name: 'd',
          rowKey: {
            template: '{a}#!{b}',
            delimiter: '#!',
            fields: {
              a: { type: 'string', values: ['*𝆹𝅥', '', 'ὴ'], weights: [77, 3, 5], distribution: 'sequential' },
              b: { type: 'domain', cardinality: 362_499, distribution: 'zipf', skew: 0.3688574272425216 },
            },
          },
        },
      ],
    },
  },
  {
    // Found by npm run fuzz (infer of the design's own keys): a 4,096-byte bytes field then a
    // binary ordered-code int, delimited by ~: infer read one binary run of 4,108 bytes and
    // answered a bytes field past the format's 4,096, then refused its own design.
    name: "infer of the design's own keys: a 4,096-byte field beside binary bytes, delimited",
    design: {
      format: v1,
      name: 'wide binary',
      tables: [
        {
          name: 't',
          rowKey: {
            template: '{salt}~{k}~{n}',
            delimiter: '~',
            fields: {
              salt: { type: 'hash', buckets: 1, of: ['k'], pad: 4 },
              k: { type: 'bytes', length: 4096 },
              n: { type: 'int', min: 761_267_264_600, max: 761_267_264_600, encoding: 'orderedCode', distribution: 'hot', share: 0.81 },
            },
          },
        },
      ],
    },
  },
  {
    // hdd-reads printed 10240005175781250 HDD nodes (a fuzz round: 1.1e21): node counts past
    // what one cluster holds are said as "over 1,000", at the per-node rate the design gives.
    name: 'HDD point reads of 100 MiB rows at 10^9 reads/s on nodes that read 0.01 rows/s',
    design: {
      format: v1,
      name: 'hdd reads past any cluster',
      cluster: { nodes: 1, storage: 'hdd', nodeCapacity: { readsPerSecond: 0.01 } },
      tables: [
        {
          name: 'blobs',
          rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } },
          families: [{ name: 'f', columns: [{ qualifier: 'body', valueBytes: 104857600 }] }],
          queries: [{ name: 'one blob', match: { id: 'eq' }, perSecond: 1000000000 }],
        },
      ],
    },
  },
  {
    // The output scanner read the simulated key 0e501092 (a heatmap bucket label, in simulate's
    // JSON) as a figure of 10^501092 (seed 1699025054): a mantissa of 0 is no figure any
    // formatter prints, and bucket labels are key text.
    name: 'hex string keys whose simulated bucket label reads 0e501092',
    design: {
      format: v1,
      name: 'x',
      tables: [
        {
          name: '_lR.7.7',
          rowKey: {
            template: '{_0}',
            fields: {
              _0: {
                type: 'string',
                description: '\u{10530},&struct',
                example: '/\u{1F0EF}\u{1D2CE}+\u{1088C}',
                cardinality: 31754555,
                alphabet: 'hex',
                distribution: 'uniform',
              },
            },
          },
          load: { writesPerSecond: 599863, averageWritesPerSecond: 3.852832e-317 },
        },
      ],
    },
  },
  {
    // unpadded-number said a sequential int "reaches 2.8190095318e+21 (16 digits)" (seed
    // 1228209812): 10^9 writes a second for 89,000 years counted past int64, and the text of that
    // double was taken for its digits. An int64 stops at 2^63 - 1 (19 digits).
    name: 'a sequential int at 10^9 writes a second for 89,000 years',
    design: {
      format: v1,
      name: 'x',
      tables: [
        {
          name: 't',
          rowKey: {
            template: '{s}::{n}',
            delimiter: '::',
            fields: { s: { type: 'hash', buckets: 4, of: ['n'] }, n: { type: 'int', min: 999999999964, pad: 5, distribution: 'sequential' } },
          },
          load: { writesPerSecond: 1000000000, retention: '783058203h' },
        },
      ],
    },
  },
  {
    // view-key-hotspot said a view's busiest key took "52,806 nodes' worth on one row" (seed
    // 1376042422, found once the scanner read node counts past the format's 1,000 a cluster):
    // now "over 1,000 nodes' worth", as every such count is said.
    name: "a materialized view grouped by a 6-value status at 10^9 writes/s: one row past 1,000 nodes' worth",
    design: {
      format: v1,
      name: 'x',
      tables: [
        {
          name: 'orders',
          rowKey: {
            template: '{status}#{customer}',
            fields: {
              status: { type: 'string', values: ['new', 'paid', 'packed', 'shipped', 'delivered', 'returned'] },
              customer: { type: 'string', cardinality: 1000000 },
            },
          },
          families: [{ name: 's', gc: { maxVersions: 1 } }],
          load: { writesPerSecond: 1000000000 },
        },
      ],
      materializedViews: [{ name: 'per_status', table: 'orders', groupBy: { fields: ['status'], aggregations: [{ fn: 'count', as: 'n' }] } }],
    },
  },
  {
    // infer of the design's own keys (seed 16632736): every key the same 1,025-character text,
    // made the one value of a string field (at most 1,024 characters), and then refused as an
    // internal error. The rest now goes before the field in the template.
    name: "infer of the design's own keys: every key one 1,025-character text",
    design: {
      format: v1,
      name: 'one key',
      tables: [{ name: 't', rowKey: { template: '{k}', fields: { k: { type: 'string', cardinality: 1, length: 1024, prefix: 'r', alphabet: 'lower' } } } }],
    },
  },
  {
    // storage-capacity said "more than the 16 PiB that 1,000 nodes hold; the design needs 762
    // nodes" with no fix, and plan priced the storage "unknown (over the 1,000-node limit)"
    // (seed 1227708028): the design's nodes hold 132 TB each.
    name: "past 16 PiB on nodes of the design's own figures that hold 132 TB each",
    design: {
      format: v1,
      name: 'x',
      cluster: { nodes: 300, storage: 'ssd', nodeCapacity: { storageBytes: 132295109208872 } },
      tables: [
        {
          name: 't',
          rowKey: {
            template: '{device}#{ts}',
            fields: { device: { type: 'string', cardinality: 100000 }, ts: { type: 'timestamp', unit: 'us', reversed: true } },
          },
          families: [{ name: 'e', columns: [{ qualifier: 'payload', valueBytes: 2000 }] }],
          load: { writesPerSecond: 1000000 },
        },
      ],
    },
  },
];
