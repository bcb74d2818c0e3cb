// Issue 12: a design the format accepts never crashes a command and never shows NaN, Infinity,
// undefined or a negative figure. Every command of the CLI runs over generated designs (all
// types, options and encodings: design-arbitrary.ts) and over the named regression cases
// (regressions.ts), and every output is scanned. fast-check's seed is fixed and printed
// (src/test-support/fc-seed.ts); `npm run fuzz` runs this file long with random seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dump } from 'js-yaml';
import { fullDesign } from '../test-support/design-extras';
import { allOutputs, budgetProblems, exitProblems, figureProblems } from '../test-support/outputs';
import { REGRESSIONS } from './regressions';

// Each run is a whole design through many commands: shrinking one takes minutes, so it is asked for
// (FUZZ_SHRINK=1 with the seed that failed).
const SHRINK = process.env.FUZZ_SHRINK === '1';
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

// The fuzz run (scripts/fuzz.mjs) also holds each command to ten times its time budget.
const TIMES = process.env.FUZZ_TIMES === '1';

async function problemsOf(design: Parameters<typeof allOutputs>[0]): Promise<string[]> {
  const outs = await allOutputs(design);
  const bytes = Buffer.byteLength(dump(design, { noRefs: true, lineWidth: -1 }));
  if (process.env.OUTPUTS_RATIOS)
    for (const o of outs)
      console.log(`ratio ${((o.out.length + o.err.length) / bytes).toFixed(1)} ${o.out.length + o.err.length} ${bytes} ${o.ms} ms ${o.command.slice(0, 60)}`);
  return outs.flatMap((o) => [...exitProblems(o), ...figureProblems(o), ...budgetProblems(o, bytes, TIMES)].map((p) => `${o.command}: ${p}`));
}

describe('every output of a valid design', () => {
  for (const r of REGRESSIONS) {
    it(`regression: ${r.name}`, async () => {
      expect(await problemsOf(r.design)).toEqual([]);
    });
  }

  it(
    `generated designs (${RUNS} runs): every part of the format: no crash, no NaN, Infinity, undefined or negative figure in any command, every output within its budget`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fullDesign, async (d) => {
          expect(await problemsOf(d)).toEqual([]);
        }),
        { numRuns: RUNS, endOnFailure: !SHRINK },
      );
    },
    Math.max(600_000, RUNS * 60_000),
  ); // the fuzz run draws more designs: give each a minute
});

describe('the scanner', () => {
  it('finds what it looks for, and passes a clean output', () => {
    const clean = { err: '', code_text: false };
    expect(figureProblems({ ...clean, out: 'row ~1.2 KB, 3 rows, 0 writes/s per node' })).toEqual([]);
    expect(figureProblems({ ...clean, out: 'row ~NaN B' })).toHaveLength(1);
    expect(figureProblems({ ...clean, out: 'about Infinity rows' })).toHaveLength(1);
    expect(figureProblems({ ...clean, out: 'family undefined holds' })).toHaveLength(1);
    expect(figureProblems({ ...clean, out: 'table t: ~-3 KB over 30d' })).toHaveLength(1);
    expect(figureProblems({ ...clean, out: '{"tableBytes": -12}' })).toHaveLength(1);
    expect(figureProblems({ ...clean, out: 'x\n    at run (file.ts:1:2)\n' })).toHaveLength(1);
    expect(figureProblems({ out: 'if (x === undefined) return;', err: '', code_text: true })).toEqual([]);
    expect(figureProblems({ out: 'const n = NaN;', err: '', code_text: true })).toHaveLength(1);
  });
});
