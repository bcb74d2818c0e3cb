import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../test-support/temp-files';
import { runCli } from './run-in-memory';

const cli = runCli;

const { dir, write, writeDesign } = tempFolder('cli');
const good = writeDesign(
  'good.yaml',
  'cli test',
  `tables:
  - name: events
    rowKey:
      template: "{user}#{n}#{raw}"
      fields:
        user: {type: string, values: ["ann", "bob\\\\x"]}
        n: {type: int, cardinality: 1000}
        raw: {type: bytes, length: 2}
  - name: other
    rowKey: {template: "{id}", fields: {id: {type: uuid}}}
`,
);
const bad = write('bad.yaml', 'format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: int, pad: 0}}}\n');

describe('btstudio', () => {
  it('prints help listing its commands, and exits 2 on an unknown command', async () => {
    const h = await cli('--help');
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/check[\s\S]*keys[\s\S]*sort[\s\S]*schema/);
    const u = await cli('frobnicate');
    expect(u.code).toBe(2);
    expect(u.err).toMatch(/unknown command "frobnicate"/);
  });

  it('check exits 0 on a good design and 2 with file:line:column on a bad one', async () => {
    const ok = await cli('check', good);
    expect(ok).toMatchObject({ code: 0, err: '' });
    expect(ok.out).toContain('ok (2 tables)');
    const ko = await cli('check', good, bad);
    expect(ko.code).toBe(2);
    expect(ko.err).toBe(`${bad}:5:60: tables[0].rowKey.fields.a.pad: must be at least 1 (found number 0)\n`);
  });

  it('check says so when a file is missing, without a stack trace', async () => {
    const r = await cli('check', join(dir, 'nope.yaml'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/nope\.yaml: no such file\n$/);
    expect(r.err).not.toMatch(/at .*\.ts/);
  });

  it('keys prints seeded sample keys, escaping bytes that are not printable UTF-8', async () => {
    const a = await cli('keys', good, '--table', 'events', '-n', '50', '--seed', '4');
    expect(a.code).toBe(0);
    const lines = a.out.trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    expect(lines.every((l) => /^(ann|bob\\\\x)#\d+#/.test(l))).toBe(true);
    expect(a.out).toMatch(/\\x[0-9a-f]{2}/);
    expect((await cli('keys', good, '--table', 'events', '-n', '50', '--seed', '4')).out).toBe(a.out);
  });

  it('keys --sorted --hex prints keys in unsigned byte order', async () => {
    const r = await cli('keys', good, '--table', 'events', '-n', '200', '--sorted', '--hex');
    const keys = r.out
      .trimEnd()
      .split('\n')
      .map((h) => Buffer.from(h, 'hex'));
    for (let i = 1; i < keys.length; i++) expect(Buffer.compare(keys[i - 1]!, keys[i]!)).toBeLessThanOrEqual(0);
  });

  it('keys asks for --table when the design has several, and checks numbers', async () => {
    expect((await cli('keys', good)).err).toMatch(/choose one with --table \(events, other\)/);
    expect((await cli('keys', good, '--table', 'nope')).err).toMatch(/no table "nope"/);
    expect((await cli('keys', good, '--table', 'other', '-n', '0')).err).toMatch(/-n must be between 1 and 1000000/);
    expect((await cli('keys', good, '--table', 'other', '-n', 'lots')).err).toMatch(/whole number/);
    expect((await cli('keys', good, '--bogus')).err).toMatch(/unknown option "--bogus" \(options: --table \(-t\), -n, --seed, --sorted, --hex\)/);
  });

  it('schema prints the JSON Schema', async () => {
    const r = await cli('schema');
    expect(JSON.parse(r.out).$schema).toBe('http://json-schema.org/draft-07/schema#');
  });
});

describe('reports for a terminal', () => {
  it('lint and simulate text never pass a control character from a design to the terminal', async () => {
    const esc = '\u001b]0;pwned\u0007\u001b[31m';
    const file = write(
      'escapes.yaml',
      JSON.stringify({
        format: 'bigtable-studio/v1',
        name: 'escapes',
        tables: [{ name: 't', rowKey: { template: '{ts}', fields: { ts: { type: 'timestamp' } } }, families: [{ name: `f${esc}` }] }],
      }),
    );
    const lint = await runCli('lint', file);
    expect(lint.out).toContain('f\\x1b]0;pwned\\x07\\x1b[31m');
    const sim = await runCli('simulate', file, '--wps', '1000', '--seconds', '10');
    for (const r of [lint, sim]) {
      expect(r.code, r.err).toBeLessThan(2);
      expect(r.out + r.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
  });
});
