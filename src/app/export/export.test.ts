import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportTable } from '../../core/outputs';
import { EVIL } from '../../test-support/export-designs';
import { loadDesign } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';
import { applyCommands, shellWord } from './apply';
import { importFile, MAX_IMPORT_BYTES, type FileLike } from './importFile';
import { EXPORT_FORMATS, exportView, tableFor, type ExportChoice } from './preview';

const EXAMPLES = new URL('../../../examples/', import.meta.url);
function example(id: string): Design {
  const r = loadDesign(readFileSync(new URL(`${id}.yaml`, EXAMPLES), 'utf8'), `${id}.yaml`);
  if (!r.ok) throw new Error(`${id} does not load`);
  return r.design;
}
const choice = (patch: Partial<ExportChoice>): ExportChoice => ({
  format: 'row-key-schema',
  table: null,
  preEncoded: false,
  lang: 'ts',
  as: 'yaml',
  wholeDesign: true,
  ...patch,
});
const file = (name: string, text: string, size = new TextEncoder().encode(text).length): FileLike => ({ name, size, text: async () => text });
const CONSTANT_SEGMENT: Design = {
  format: 'bigtable-studio/v1',
  name: 'Users',
  tables: [
    { name: 'users', rowKey: { template: 'user#{id}', delimiter: '#', fields: { id: { type: 'uuid' } } }, families: [{ name: 'p', gc: { maxVersions: 1 } }] },
  ],
};

describe('exportView', () => {
  it('gives every format of every example either a file or reasons, never a throw', () => {
    for (const f of readdirSync(EXAMPLES).filter((n) => n.endsWith('.yaml'))) {
      const d = example(f.replace(/\.yaml$/, ''));
      for (const format of EXPORT_FORMATS) {
        const v = exportView(d, choice({ format, table: tableFor(d, null) }));
        if (v.ok) {
          expect(v.text.length, `${f} ${format}`).toBeGreaterThan(0);
          expect(v.filename, `${f} ${format}`).toMatch(/\S/);
        } else {
          expect(v.problems.length, `${f} ${format}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('passes the options on: pre-encoded, language, YAML or JSON', () => {
    const d = example('chat-messages');
    const t = tableFor(d, null);
    const plain = exportView(d, choice({ table: t }));
    const pre = exportView(d, choice({ table: t, preEncoded: true }));
    expect(plain.ok && pre.ok && plain.text !== pre.text).toBe(true);
    for (const lang of ['ts', 'java', 'go', 'python'] as const) {
      const v = exportView(d, choice({ format: 'code', table: t, lang }));
      expect(v.ok && v.filename).toEqual(exportTable(d, t, 'code', { lang }).filename);
    }
    const json = exportView(d, choice({ format: 'design', as: 'json' }));
    expect(json.ok && JSON.parse(json.text)).toEqual(d);
  });

  it('lists every reason a design cannot be expressed', () => {
    const v = exportView(CONSTANT_SEGMENT, choice({ table: 'users' }));
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.title).toMatch(/cannot express table users/);
    expect(v.problems.join('\n')).toMatch(/constant segment "user" has no field/);
  });

  it('says so when the design has no table', () => {
    const empty: Design = { format: 'bigtable-studio/v1', name: 'Empty', tables: [] };
    expect(tableFor(empty, 'x')).toBeNull();
    expect(exportView(empty, choice({ format: 'gcloud' }))).toMatchObject({ ok: false, problems: ['add a table to the design first'] });
    expect(exportView(empty, choice({ format: 'design' })).ok).toBe(true);
    expect(exportView(empty, choice({ format: 'markdown' })).ok).toBe(true);
  });

  it('picks the named table, else the first', () => {
    const d = example('weather-balloons-time-buckets-cells');
    expect(tableFor(d, 'nope')).toBe(d.tables[0]!.name);
    expect(tableFor(d, d.tables[d.tables.length - 1]!.name)).toBe(d.tables[d.tables.length - 1]!.name);
  });
});

describe('applyCommands', () => {
  it('writes the emulator variant first, with the design file the design export saves', () => {
    const d = example('chat-messages');
    const t = d.tables[0]!.name;
    const c = applyCommands(d, t);
    expect(c.file).toBe(exportTable(d, null, 'design').filename);
    expect(c.emulator).toEqual([
      `BIGTABLE_EMULATOR_HOST=127.0.0.1:8086 npx btstudio apply ${c.file}`,
      `BIGTABLE_EMULATOR_HOST=127.0.0.1:8086 npx btstudio load ${c.file} --table ${t} --rows 20000`,
      `BIGTABLE_EMULATOR_HOST=127.0.0.1:8086 npx btstudio verify ${c.file} --table ${t}`,
    ]);
    expect(c.cloud[0]).toBe(`npx btstudio apply ${c.file} --project "$PROJECT" --instance "$INSTANCE" --dry-run`);
    expect(c.cloud[1]).toMatch(/ --yes$/);
    expect(c.cloud.slice(2).every((l) => l.includes(`--table ${t}`) && l.includes('--instance "$INSTANCE"'))).toBe(true);
  });

  it('quotes names that are not plain words, so pasting them runs nothing else', () => {
    const c = applyCommands(EVIL, 'x$(touch pwned)');
    expect(c.emulator[1]).toContain(`--table 'x$(touch pwned)'`);
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('--rows')).toBe(`'--rows'`);
    expect(shellWord('plain_name-1.yaml')).toBe('plain_name-1.yaml');
  });

  it('uses the first table for an unknown one, and only apply without tables', () => {
    const d = example('chat-messages');
    expect(applyCommands(d, 'nope').table).toBe(d.tables[0]!.name);
    const empty = applyCommands({ format: 'bigtable-studio/v1', name: 'Empty', tables: [] }, null);
    expect(empty.table).toBeNull();
    expect(empty.emulator).toHaveLength(1);
    expect(empty.cloud).toHaveLength(2);
  });
});

describe('importFile', () => {
  const bytesFile = (name: string, bytes: Uint8Array): FileLike => ({
    name,
    size: bytes.length,
    arrayBuffer: async () => bytes.slice().buffer,
    text: async () => new TextDecoder().decode(bytes),
  });

  it('reads the bytes: bad UTF-8 is refused at its line and column, UTF-16 by name, a UTF-8 BOM is fine', async () => {
    const text = readFileSync(new URL('chat-messages.yaml', EXAMPLES), 'utf8');
    const lines = text.split('\n');
    const enc = new TextEncoder();
    const head = enc.encode(`${lines.slice(0, 4).join('\n')}\n# é日 `);
    const bad = new Uint8Array([...head, 0xc3, 0x28, ...enc.encode(`\n${lines.slice(4).join('\n')}`)]);
    const r = await importFile(bytesFile('bad.yaml', bad));
    expect(r).toEqual({ ok: false, fileName: 'bad.yaml', errors: [expect.stringMatching(/^bad\.yaml:5:6: the file is not valid UTF-8 here \(bytes c3 28/)] });

    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'name: x'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await importFile(bytesFile('w.yaml', utf16))).toMatchObject({ ok: false, errors: [expect.stringContaining('w.yaml:1:1: the file is UTF-16')] });

    const bom = await importFile(bytesFile('bom.yaml', new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode(text)])));
    expect(bom.ok && bom.design).toEqual(example('chat-messages'));
  });

  it('imports a design file as it is', async () => {
    const text = readFileSync(new URL('chat-messages.yaml', EXAMPLES), 'utf8');
    const r = await importFile(file('chat-messages.yaml', text));
    expect(r).toMatchObject({ ok: true, kind: 'design', fileName: 'chat-messages.yaml' });
    expect(r.ok && r.design).toEqual(example('chat-messages'));
    expect(r.ok && r.text).toBe(text);
  });

  it('wraps a row key schema into a new design named after the file', async () => {
    const d = example('chat-messages');
    const t = d.tables[0]!;
    const schema = exportTable(d, t.name, 'row-key-schema');
    const r = await importFile(file('C:\\tmp\\messages.row_key_schema.yaml', schema.text));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.kind).toBe('row-key-schema');
    expect(r.fileName).toBe('messages.row_key_schema.yaml');
    expect(r.design.name).toContain('messages.row_key_schema.yaml');
    expect(r.design.tables.map((x) => x.name)).toEqual(['messages']);
  });

  it('passes pre-encoded on', async () => {
    const d = example('chat-messages');
    const pre = exportTable(d, d.tables[0]!.name, 'row-key-schema', { preEncoded: true }).text;
    const plainRead = await importFile(file('s.yaml', pre));
    const preRead = await importFile(file('s.yaml', pre), { preEncoded: true });
    expect(preRead.ok).toBe(true);
    expect(plainRead.ok && preRead.ok && JSON.stringify(plainRead.design) === JSON.stringify(preRead.design)).toBe(false);
  });

  it('refuses files over the cap before reading them', async () => {
    let read = false;
    const r = await importFile({ name: 'huge.yaml', size: MAX_IMPORT_BYTES + 1, text: async () => ((read = true), '') });
    expect(r).toMatchObject({ ok: false, fileName: 'huge.yaml' });
    expect(read).toBe(false);
    expect(!r.ok && r.errors[0]).toMatch(/huge\.yaml: the file is 5 MiB; the studio imports files up to 5 MiB/);
  });

  it('names the file in every error', async () => {
    const cases: [FileLike, RegExp][] = [
      [file('empty.yaml', '   \n'), /empty\.yaml: the file is empty/],
      [file('pic.png', '\u0089PNG\r\n\u001a\n\u0000\u0000'), /pic\.png: this is not a text file/],
      [file('bad.yaml', 'a: [1, 2'), /bad\.yaml:1:9: not YAML or JSON/],
      [file('list.json', '[1, 2]'), /list\.json: expected a mapping/],
      [file('other.json', '{"hello": 1}'), /other\.json: not a file the studio imports/],
      [file('d.yaml', 'format: bigtable-studio/v1\nname: x\ntables: [{name: t}]\n'), /d\.yaml:\d+:\d+/],
      [
        { name: 'gone.yaml', size: 10, text: () => Promise.reject(new Error('NotReadableError')) },
        /gone\.yaml: the file could not be read \(NotReadableError\)/,
      ],
    ];
    for (const [f, re] of cases) {
      const r = await importFile(f);
      expect(r.ok, f.name).toBe(false);
      if (!r.ok) expect(r.errors.join('\n'), f.name).toMatch(re);
    }
  });
});
