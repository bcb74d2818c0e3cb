import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportDesign } from '../../core/export/design';
import { parseCase, tableYaml } from '../../core/rules/tester';
import { runCli } from '../run-in-memory';

const base = parseCase(
  tableYaml({
    table: 'orders',
    template: '{customer}#{ts}',
    fields: '        customer: { type: string }\n        ts: { type: timestamp }',
    families: '      - name: cf\n        gc: { maxVersions: 1 }',
  }),
);

describe('btstudio diff', () => {
  it('prints the classes and exits 1 when the designs differ, 0 when the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-'));
    const fa = join(dir, 'a.yaml');
    const fb = join(dir, 'b.yaml');
    writeFileSync(fa, exportDesign(base, null, { as: 'yaml' }).text);
    writeFileSync(fb, exportDesign({ ...base, tables: [{ ...base.tables[0]!, families: [{ name: 'cf', gc: { maxAge: '7d' } }] }] }, null, { as: 'yaml' }).text);
    const r = await runCli('diff', fa, fb);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/1 change: 1 in place/);
    expect(r.out).toMatch(/in place +~ families\.cf\.gc: \{"maxVersions":1\} -> \{"maxAge":"7d"\}/);
    const json = JSON.parse((await runCli('diff', fa, fb, '--format', 'json')).out);
    expect(json.changes[0]).toMatchObject({ class: 'in-place', path: ['tables', 'orders', 'families', 'cf', 'gc'] });
    expect((await runCli('diff', fa, fa)).code).toBe(0);
    expect((await runCli('diff', fa)).err).toMatch(/name two design files/);
  });
});
