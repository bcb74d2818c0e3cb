// A part that fails on a valid design: lint reports rule-failed and exits 1; an
// exporter or the simulator prints one line naming what failed and exits 2, the stack only
// with BTSTUDIO_DEBUG=1; lint of an invalid file prints its load errors and no "✔" line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORTERS } from '../core/outputs';
import { figureProblems } from '../test-support/outputs';
import { runCli } from './run-in-memory';

// The simulator throws a plain error when the test says so (simulateThrows), else runs.
const sim = vi.hoisted(() => ({ throws: false }));
vi.mock('../core/sim/index', async (orig) => {
  const real = await orig<typeof import('../core/sim/index')>();
  return {
    ...real,
    simulate: (...args: Parameters<typeof real.simulate>) => {
      if (sim.throws) throw new RangeError('Invalid array length\n    at engine.ts:1');
      return real.simulate(...args);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), 'btstudio-fail-'));
const file = join(dir, 'd.yaml');
// A design that once made lint crash (NaN row size, families[-1]).
writeFileSync(
  file,
  `format: bigtable-studio/v1
name: t
tables:
  - name: events
    rowKey:
      template: "{id}#{day}"
      fields:
        id: {type: string, distribution: sequential}
        day: {type: timestamp, bucket: day}
    families:
      - name: f
`,
);
const invalid = join(dir, 'bad.yaml');
writeFileSync(invalid, 'format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: int, pad: 0}}}\n');

afterEach(() => {
  sim.throws = false;
  delete process.env.BTSTUDIO_DEBUG;
});

describe('failures on a valid design', () => {
  it('a design that once crashed lint (NaN row size, families[-1]) lints, simulates and exports', async () => {
    const l = await runCli('lint', file);
    expect(l.err).toBe('');
    expect(l.out).toContain('rows, size and writes unknown (no write load declared (load.writesPerSecond))');
    expect(l.out).not.toMatch(/NaN|Infinity|undefined/);
    expect((await runCli('simulate', file, '--seconds', '60')).code).toBe(0);
    for (const to of Object.keys(EXPORTERS)) {
      const r = await runCli('export', file, '--to', to);
      expect(r.code, `${to}: ${r.err}`).toBe(0);
      expect(figureProblems({ ...r, code_text: to === 'code' }), to).toEqual([]);
    }
  });

  it('an exporter that throws: one line naming the export and the table, exit 2, no stack', async () => {
    const real = EXPORTERS.sql.run;
    EXPORTERS.sql.run = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    };
    try {
      const r = await runCli('export', file, '--to', 'sql');
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(
        `btstudio export: ${file}: export --to sql of table events failed: Cannot read properties of undefined (reading 'x') (a bug: please report it; BTSTUDIO_DEBUG=1 shows where)\n`,
      );
      process.env.BTSTUDIO_DEBUG = '1';
      const d = await runCli('export', file, '--to', 'sql');
      expect(d.code).toBe(2);
      expect(d.err).toMatch(/\nTypeError: Cannot read properties[^\n]*\n\s+at /);
    } finally {
      EXPORTERS.sql.run = real;
    }
  });

  it('the simulator that throws: one line naming the simulation, exit 2, no stack', async () => {
    sim.throws = true;
    const r = await runCli('simulate', file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `btstudio simulate: ${file}: simulation of table events failed: Invalid array length (a bug: please report it; BTSTUDIO_DEBUG=1 shows where)\n`,
    );
  });

  it('lint of an invalid file prints its load errors and no "✔ 0 findings" line', async () => {
    const r = await runCli('lint', invalid);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.yaml:5:\d+: tables\[0\]\.rowKey\.fields\.a\.pad/);
    expect(r.out).toBe('');
    const both = await runCli('lint', file, invalid);
    expect(both.code).toBe(2);
    expect(both.out).not.toContain('✔');
    expect(both.out).toMatch(/✖ 2 findings \(1 error, 1 warning, 0 info\); 1 file invalid, not linted\n$/);
  });
});
