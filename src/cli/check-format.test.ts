// `check` refuses every format rule with exit 2 and file:line:column: broken views, filters that
// cannot work, a delimiter Bigtable refuses; and no export writes such a delimiter.
import { describe, expect, it } from 'vitest';
import { exportTable } from '../core/outputs';
import { loadDesign } from '../core/load/load-design';
import { tempFolder } from '../test-support/temp-files';
import { runCli } from './run-in-memory';

const { write, writeDesign } = tempFolder('check-format');

const table = `format: bigtable-studio/v1
name: views
tables:
  - name: orders
    rowKey: {template: "{shop}#{id}", fields: {shop: {type: string}, id: {type: int, pad: 6}}}
    families:
      - name: o
        columns: [{qualifier: total, type: int64}, {qualifier: note, type: string}, {qualifier: raw}]
`;

const cases: [string, string, RegExp][] = [
  [
    'a materialized view on a missing table',
    `${table}materializedViews:\n  - {name: mv, table: nope, groupBy: {fields: [shop], aggregations: [{fn: count, as: n}]}}\n`,
    /:10:\d+: materializedViews\[0\]\.table: the view reads table "nope", which the design does not have \(tables: orders\)/,
  ],
  [
    'a materialized view with groupBy and index',
    `${table}materializedViews:\n  - name: mv\n    table: orders\n    groupBy: {fields: [shop], aggregations: [{fn: count, as: n}]}\n    index: {fields: [shop]}\n`,
    /:13:5: materializedViews\[0\]\.index: a materialized view is exactly one of query, groupBy and index; this one has groupBy and index/,
  ],
  [
    'a materialized view with none',
    `${table}materializedViews:\n  - {name: mv, table: orders}\n`,
    /:10:5: materializedViews\[0\]: a materialized view is exactly one of query, groupBy and index; this one has none/,
  ],
  [
    'a DELETE as a logical view',
    `${table}logicalViews:\n  - {name: lv, query: "DELETE FROM orders WHERE true"}\n`,
    /:10:\d+: logicalViews\[0\]\.query: the query is a DELETE statement, not a SELECT/,
  ],
  [
    'a SELECT then a DELETE',
    `${table}logicalViews:\n  - {name: lv, query: "SELECT _key FROM orders; DELETE FROM orders"}\n`,
    /logicalViews\[0\]\.query: the query holds more than one statement/,
  ],
  [
    'two views of one name',
    `${table}logicalViews:\n  - {name: lv, query: "SELECT _key FROM orders"}\n  - {name: lv, query: "SELECT _key FROM orders"}\n`,
    /:11:\d+: logicalViews\[1\]\.name: logical view "lv" is defined twice/,
  ],
  [
    'an authorized view on a missing table',
    `${table}authorizedViews:\n  - {name: av, table: nope, families: {o: {}}}\n`,
    /authorizedViews\[0\]\.table: the view reads table "nope", which the design does not have/,
  ],
  [
    'a filter on a missing family',
    table.replace('families:', 'queries: [{name: q, match: {shop: eq}, filter: ["zz:total > 5"]}]\n    families:'),
    /:6:\d+: tables\[0\]\.queries\[0\]\.filter\[0\]: filter "zz:total > 5" names family "zz", which table orders does not have \(families: o\)/,
  ],
  [
    'an int64 column compared with text',
    table.replace('families:', 'queries: [{name: q, match: {shop: eq}, filter: [\'o:total > "abc"\']}]\n    families:'),
    /filter\[0\]: filter "o:total > \\"abc\\"": "\\"abc\\"" is not a int64 value \(column o:total is int64\)/,
  ],
  [
    'a filter that is not family:qualifier',
    table.replace('families:', 'queries: [{name: q, match: {shop: eq}, filter: ["total > 5"]}]\n    families:'),
    /is not family:qualifier \[op value\]/,
  ],
  [
    'a 51-byte delimiter read from the template',
    table.replace('"{shop}#{id}"', `"{shop}${'#'.repeat(51)}{id}"`),
    /:5:\d+: tables\[0\]\.rowKey\.template: the delimiter read from the template is 51 bytes; Bigtable allows 1 to 50/,
  ],
  [
    'a 51-byte delimiter written',
    table.replace('{template: "{shop}#{id}",', `{template: "{shop}#{id}", delimiter: "${'#'.repeat(51)}",`),
    /rowKey\.delimiter: must be at most 50 characters/,
  ],
];

describe('check refuses what the format does not allow, at file:line:column, exit 2', () => {
  it('the base design passes (each case below breaks one thing)', async () => {
    const ok = await runCli('check', write('base.yaml', `${table}logicalViews:\n  - {name: lv, query: "SELECT _key FROM orders"}\n`));
    expect(ok).toMatchObject({ code: 0, err: '' });
    const filters = table.replace(
      'families:',
      'queries: [{name: q, match: {shop: eq}, filter: ["o:total > 5", "o:note = \'x\'", "o:raw", "o:*", "o:total > @min", "o:{id} = 1"]}]\n    families:',
    );
    expect(await runCli('check', write('filters.yaml', filters))).toMatchObject({ code: 0, err: '' });
  });
  cases.forEach(([what, text, message], i) => {
    it(what, async () => {
      const file = write(`case${i}.yaml`, text);
      const r = await runCli('check', file);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `));
      expect(r.err).toMatch(message);
    });
  });
});

describe('no export writes a delimiter Bigtable refuses', () => {
  // A design that loads (the check is the format's); the export refuses on its own, for a design
  // that reached it another way (the studio's store, a share link, the MCP tools).
  const d = loadDesign(table).ok ? (loadDesign(table) as { design: import('../core/model/schema').Design }).design : null;
  const long = { ...d!, tables: d!.tables.map((t) => ({ ...t, rowKey: { ...t.rowKey, template: `{shop}${'#'.repeat(51)}{id}` } })) };
  for (const format of ['row-key-schema', 'gcloud', 'terraform'] as const) {
    it(`${format} refuses it with the reason`, () => {
      expect(() => exportTable(long, 'orders', format)).toThrow(/delimiter.* 51 bytes; Bigtable's row key schema allows 1 to 50/);
    });
  }
});

describe('keys | sort --escaped is keys --sorted (one escaping rule)', () => {
  it('for keys holding ESC, DEL, U+0085 and the one-byte CSI U+009B', async () => {
    const file = writeDesign(
      'controls.yaml',
      'controls',
      `tables:
  - name: t
    rowKey:
      template: "{k}#{n}"
      fields:
        k: {type: string, values: ["a\\u001b[2Jb", "c\\u0085d", "e\\u009b31mf", "g\\u007fh", "i\\u00a0j", "k\\\\\\\\l"]}
        n: {type: int, cardinality: 50}
`,
    );
    const { runCliWithInput } = await import('./run-in-memory');
    const keys = await runCli('keys', file, '-n', '200', '--seed', '7');
    expect(keys.code).toBe(0);
    expect(keys.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(keys.out).toContain('c\\xc2\\x85d');
    expect(keys.out).toContain('e\\xc2\\x9b31mf');
    const sorted = await runCli('keys', file, '-n', '200', '--seed', '7', '--sorted');
    const piped = await runCliWithInput(['sort', '--escaped'], keys.out);
    expect(piped.code).toBe(0);
    expect(piped.out).toBe(sorted.out);
  });
});

describe('share makes only links that open opens', () => {
  // Tables with long, repetitive descriptions: the JSON grows fast and compresses well, so the
  // link stays short and the 1 MiB of JSON is the limit that binds.
  const designOf = (tables: number, pad: number) =>
    `format: bigtable-studio/v1\nname: big\ndescription: "${'b'.repeat(pad)}"\ntables:\n${Array.from({ length: tables }, (_, i) => `  - name: t${i}\n    description: "${'a'.repeat(2000)}"\n    rowKey: {template: "{id}", fields: {id: {type: int}}}`).join('\n')}\n`;
  const jsonBytes = (text: string) => {
    const r = loadDesign(text);
    if (!r.ok) throw new Error(r.issues[0]!.message);
    return new TextEncoder().encode(JSON.stringify(r.design)).length;
  };
  // The largest design JSON a link may unpack to, exactly, and one byte more.
  const tables = 500;
  const base = jsonBytes(designOf(tables, 0));
  const limit = 1024 * 1024;
  it('at exactly 1 MiB of JSON: share makes the link and open opens it', async () => {
    expect(base).toBeLessThan(limit);
    const text = designOf(tables, limit - base);
    expect(jsonBytes(text)).toBe(limit);
    const link = await runCli('share', write('at-limit.yaml', text));
    expect(link.code).toBe(0);
    const opened = await runCli('open', link.out.trim(), '--as', 'json');
    expect(opened.code).toBe(0);
    expect(JSON.parse(opened.out).tables).toHaveLength(tables);
  });
  it('one byte over: share refuses with the reason open would give', async () => {
    const text = designOf(tables, limit - base + 1);
    expect(jsonBytes(text)).toBe(limit + 1);
    const r = await runCli('share', write('over-limit.yaml', text));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/no link made: the design is 1,048,577 bytes as JSON and a link unpacks to at most 1,048,576 .*share the design file instead/);
  });
});
