import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../../core/load/load-design';
import { runCli, runCliWithInput } from '../run-in-memory';

const keys = Array.from({ length: 200 }, (_, i) => `user${String(i % 17).padStart(3, '0')}#${1767225600000 + i * 1000}`).join('\n');

describe('btstudio infer', () => {
  it('reads stdin and prints a design that loads, with the summary as comments', async () => {
    const r = await runCliWithInput(['infer'], `${keys}\nnot a key\n`);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^# Inferred by btstudio from 201 keys in stdin/m);
    const d = loadDesign(r.out, 'out.yaml');
    expect(d.ok).toBe(true);
    if (d.ok) expect(d.design.tables[0]!.rowKey.template).toBe('{user}#{ts}');
    expect(r.err).toMatch(/^stdin:201: .*: not a key$/m);
  });

  it('--format json gives the design and the report, misfits by line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infer-'));
    const file = join(dir, 'keys.txt');
    writeFileSync(file, `${keys}\n\\xff\\x00junk\n`);
    const r = await runCli('infer', file, '--format', 'json', '--table', 'events');
    expect(r.code).toBe(0);
    const { design, report } = JSON.parse(r.out);
    expect(design.tables[0].name).toBe('events');
    expect(report.fields.map((f: { type: string }) => f.type)).toEqual(['string', 'timestamp']);
    expect(report.misfits).toEqual([expect.objectContaining({ line: 201, key: '\\xff\\x00junk' })]);
  });

  it('exits 1 when more than 1% do not fit, 2 on bad flags and missing files', async () => {
    const mixed = await runCliWithInput(['infer'], `${keys}\n${Array.from({ length: 10 }, (_, i) => `x${i}`).join('\n')}\n`);
    expect(mixed.code).toBe(1);
    expect((await runCli('infer', '--format', 'xml')).err).toMatch(/--format must be yaml or json/);
    const missing = await runCli('infer', '/nonexistent/keys.txt');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/no such file/);
    expect((await runCliWithInput(['infer'], '\n\n')).err).toMatch(/no keys to infer from/);
  });
});
