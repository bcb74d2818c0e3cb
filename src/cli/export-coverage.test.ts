// What each export covers is decided once (core/outputs.ts); the export itself, the CLI's
// --table and the MCP tool's description must all follow it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-in-memory';
import { TOOLS } from './mcp/tools';
import { loadDesign } from '../core/load/load-design';
import { coverageText, EXPORT_FORMATS, EXPORTERS, exportTable, writesWholeDesign } from '../core/outputs';
import { adClicksYaml } from '../test-support/ad-clicks';

const yaml = adClicksYaml();
const design = (() => {
  const r = loadDesign(yaml, 'ad-clicks.yaml');
  if (!r.ok) throw new Error('fixture does not load');
  return r.design;
})();
const names = design.tables.map((t) => t.name);

describe('what each export covers', () => {
  it('the fixture has several tables, so "one table" and "the whole design" differ', () => {
    expect(names.length).toBeGreaterThan(1);
  });

  for (const format of EXPORT_FORMATS) {
    const covers = EXPORTERS[format].covers;
    it(`${format} (${covers}): exportTable with no table writes the whole design exactly when the registry says so`, () => {
      expect(writesWholeDesign(format, null)).toBe(covers !== 'table');
      if (covers === 'table') {
        expect(() => exportTable(design, null, format)).toThrow();
        return;
      }
      const text = exportTable(design, null, format, format === 'design' ? { as: 'yaml' } : {}).text;
      for (const name of names) expect(text).toContain(name);
    });
  }

  it('the CLI without --table follows the registry: a whole-design format writes every table, a one-table format asks for --table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outputs-'));
    const file = join(dir, 'ad-clicks.yaml');
    writeFileSync(file, yaml);
    for (const format of EXPORT_FORMATS) {
      const r = await runCli('export', file, '--to', format);
      if (EXPORTERS[format].covers === 'table') {
        expect(r.code, `${format}: ${r.err}`).toBe(2);
        expect(r.err).toMatch(/--table/);
      } else {
        expect(r.code, `${format}: ${r.err}`).toBe(0);
        for (const name of names) expect(r.out, format).toContain(name);
      }
    }
  });

  it("the CLI usage and the MCP export tool say the registry's coverage", async () => {
    const text = coverageText();
    expect(text).toMatch(/gcloud, cbt, terraform and markdown: the whole design unless a table is named/);
    expect(text).toMatch(/design: always the whole design/);
    const tool = TOOLS.find((t) => /^Exports a table or the whole design/.test(t.description));
    expect(tool?.description).toContain(text);
    const usage = await runCli('export', '--help');
    expect(usage.out.replace(/\s+/g, ' ')).toContain(text.replace(/\s+/g, ' '));
  });
});
