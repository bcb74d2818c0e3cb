// btstudio share, open, export and import, run in memory through main().
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { runCliWithInput } from './run-in-memory';
import { loadDesign } from '../core/load/load-design';
import { tempFolder } from '../test-support/temp-files';

const cli = (argv: string[], stdin?: string) => runCliWithInput(argv, stdin);

const { dir, write, writeDesign } = tempFolder('share-cli');
const iot = new URL('../../examples/iot-multitenant.yaml', import.meta.url).pathname;
const two = writeDesign(
  'two.yaml',
  'two tables',
  `tables:
  - name: a
    rowKey: {template: "{x}#{y}", fields: {x: {type: string}, y: {type: int, pad: 4}}}
    families: [{name: f, gc: {maxVersions: 1}}]
  - name: b
    rowKey: {template: "user#{id}", delimiter: "#", fields: {id: {type: uuid}}}
`,
);

describe('btstudio share and open', () => {
  it('prints a link that open turns back into the same design', async () => {
    const s = await cli(['share', iot, '--base', 'https://studio.example.com/team/']);
    expect(s).toMatchObject({ code: 0, err: '' });
    expect(s.out).toMatch(/^https:\/\/studio\.example\.com\/team\/#d=1\.[A-Za-z0-9_-]+\n$/);
    const o = await cli(['open', s.out.trim()]);
    expect(o.code).toBe(0);
    const back = loadDesign(o.out);
    const orig = loadDesign(readFileSync(iot, 'utf8'));
    expect(back.ok && orig.ok && back.design).toEqual(orig.ok && orig.design);
    const viaStdin = await cli(['open', '-', '--as', 'json'], s.out);
    expect(JSON.parse(viaStdin.out)).toEqual(orig.ok && orig.design);
  });

  it('uses BTSTUDIO_SHARE_BASE, warns about long links, and refuses a bad base', async () => {
    process.env.BTSTUDIO_SHARE_BASE = 'http://h.example/';
    try {
      expect((await cli(['share', two])).out).toMatch(/^http:\/\/h\.example\/#d=1\./);
    } finally {
      delete process.env.BTSTUDIO_SHARE_BASE;
    }
    const words = Array.from({ length: 900 }, (_, i) => `w${(i * 7919) % 10007}q${i}`).join(' ');
    const big = write('big.yaml', `format: bigtable-studio/v1\nname: big\ndescription: "${words}"\ntables: []\n`);
    const r = await cli(['share', big]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^warning: the link is \d+ characters; chat apps may cut links above 2000/);
    expect((await cli(['share', two, '--base', 'not a url'])).err).toMatch(/--base must be an absolute URL/);
    expect((await cli(['share', two, '--base', 'ftp://x/'])).err).toMatch(/--base must be an http, https or file URL/);
  });

  it('says what is wrong with a bad link, exit 2', async () => {
    const s = (await cli(['share', two])).out.trim();
    const cut = await cli(['open', s.slice(0, s.length - 30)]);
    expect(cut.code).toBe(2);
    expect(cut.err).toMatch(/^btstudio open: the link is (cut off|damaged)/);
    expect((await cli(['open', 'https://x/#d=9.abc'])).err).toMatch(/made by a newer studio \(link format 9\)/);
    expect((await cli(['open', 'https://x/'])).err).toMatch(/not a design link/);
  });
});

describe('btstudio export', () => {
  it('writes row_key_schema.yaml to stdout, notes to stderr', async () => {
    const r = await cli(['export', iot, '--to', 'row-key-schema', '--pre-encoded']);
    expect(r.code).toBe(0);
    expect(load(r.out)).toMatchObject({ encoding: { delimitedBytes: { delimiter: 'Iw==' } } });
    expect(r.err).toMatch(/^note: device \(int, decimal text\) is a STRING in SQL/m);
  });

  it('writes scripts to -o as executables, and code in each language', async () => {
    const file = join(dir, 'create.sh');
    const r = await cli(['export', two, '--table', 'a', '--to', 'gcloud', '-o', file]);
    expect(r).toMatchObject({ code: 0, out: '' });
    expect(r.err).toContain(`wrote ${file}`);
    expect(statSync(file).mode & 0o111).toBeTruthy();
    expect(readFileSync(file, 'utf8')).toContain("gcloud bigtable instances tables create 'a'");
    for (const lang of ['ts', 'java', 'go', 'python']) {
      const c = await cli(['export', two, '--table', 'a', '--to', 'code', '--lang', lang]);
      expect(c.code).toBe(0);
      expect(c.out).toMatch(/Keys/);
    }
    expect((await cli(['export', two, '--table', 'a', '--to', 'code', '--lang', 'rust'])).err).toMatch(/--lang must be ts, java, go or python/);
  });

  it('reviews the whole design in Markdown without --table, and asks for one otherwise', async () => {
    const md = await cli(['export', two, '--to', 'markdown']);
    expect(md.out).toMatch(/## Table `a`[\s\S]*## Table `b`/);
    expect((await cli(['export', two, '--to', 'sql'])).err).toMatch(/choose one with --table \(a, b\)/);
  });

  it('refuses what a format cannot express, and bad flags, with exit 2', async () => {
    const r = await cli(['export', two, '--table', 'b', '--to', 'row-key-schema']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/table b cannot be written as a structured row key:\n {2}- the constant segment "user" has no field/);
    expect((await cli(['export', two, '--table', 'a'])).err).toMatch(
      /choose a format with --to \(row-key-schema, gcloud, cbt, terraform, code, sql, markdown, design\)/,
    );
    expect((await cli(['export', two, '--to', 'yaml'])).err).toMatch(/--to must be one of/);
  });
});

describe('btstudio import', () => {
  it('turns an exported row_key_schema.yaml back into a design', async () => {
    const schema = write('readings.row_key_schema.yaml', (await cli(['export', iot, '--to', 'row-key-schema'])).out);
    const r = await cli(['import', schema]);
    expect(r.code).toBe(0);
    const d = loadDesign(r.out);
    expect(d.ok && d.design.tables[0]).toMatchObject({ name: 'readings', rowKey: { template: '{tenant}#{device_type}#{device}#{ts}' } });
    // The studio's own export carries its row key, so the import gives back the example's key whole.
    const original = loadDesign(readFileSync(iot, 'utf8'));
    expect(d.ok && original.ok && d.design.tables[0]!.rowKey).toEqual(original.ok && original.design.tables.find((t) => t.name === 'readings')!.rowKey);
    expect(r.err).toMatch(/^note: restored the studio's row key from the file's "Studio row key" comment/);
    const j = await cli(['import', '-', '--as', 'json', '--table', 'from_stdin'], readFileSync(schema, 'utf8'));
    expect(JSON.parse(j.out).tables[0].name).toBe('from_stdin');
  });

  it('never overwrites a file, and explains what it cannot read', async () => {
    const target = join(dir, 'imported.yaml');
    expect((await cli(['import', iot, '-o', target])).code).toBe(0);
    expect(existsSync(target)).toBe(true);
    const again = await cli(['import', iot, '-o', target]);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/exists; import never overwrites a file/);
    const bad = write('bad.json', JSON.stringify({ fields: [{ fieldName: 'a', type: { aggregateType: { sum: {} } } }], encoding: { singleton: {} } }));
    expect((await cli(['import', bad])).err).toMatch(/aggregateType cannot be a row key field/);
    expect((await cli(['import', join(dir, 'missing.yaml')])).err).toMatch(/no such file/);
  });
});
