// A design the format accepts never crashes a command and never shows NaN, Infinity,
// undefined or a negative figure. Every command of the CLI runs over generated designs (all
// types, options and encodings: design-arbitrary.ts) and over the named regression cases
// (regressions.ts), and every output is scanned. fast-check's seed is fixed and printed
// (src/test-support/fc-seed.ts); `npm run fuzz` runs this file long with random seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dump } from 'js-yaml';
import { fullDesign } from '../test-support/design-extras';
import { allOutputs, boundProblems, budgetProblems, exitProblems, figureProblems } from '../test-support/outputs';
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
  return outs.flatMap((o) =>
    [...exitProblems(o), ...figureProblems(o), ...boundProblems(o), ...budgetProblems(o, bytes, TIMES)].map((p) => `${o.command}: ${p}`),
  );
}

describe('every output of a valid design', () => {
  for (const r of REGRESSIONS) {
    it(`regression: ${r.name}`, async () => {
      expect(await problemsOf(r.design)).toEqual([]);
    });
  }

  it(
    `generated designs (${RUNS} runs): every part of the format: no crash, no NaN, Infinity, undefined or negative figure, nothing past the bound (10^15, 16 PiB), every output within its budget`,
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
    // A random bytes key, escaped, is the user's text: a fuzz round read `\x0d:-4B` in one as a negative size.
    const keyLine = String.raw`j\xbf\x0d:-4B\x0a-12 rows`;
    expect(figureProblems({ ...clean, command: 'keys design.yaml --table t -n 20', out: keyLine })).toEqual([]);
    expect(figureProblems({ ...clean, command: 'keys design.yaml --table t -n 20', out: keyLine, err: 'size -4 KB' })).toHaveLength(1);
    expect(figureProblems({ ...clean, command: 'lint design.yaml', out: keyLine })).toHaveLength(1);
    // keys prints the user's bytes only: a random key held the letters NaN (seed 468715906).
    const nanKey = String.raw`\x97;NaN\x14\xab undefined Infinity`;
    expect(figureProblems({ ...clean, command: 'keys design.yaml --table t -n 20', out: nanKey })).toEqual([]);
    expect(figureProblems({ ...clean, command: 'keys design.yaml --table t -n 20', out: nanKey, err: 'NaN keys' })).toHaveLength(1);
    expect(figureProblems({ ...clean, command: 'plan design.yaml', out: nanKey })).toHaveLength(3);
  });

  it('finds figures past the bound, as the fuzz round saw them, and passes bounded ones and keys', () => {
    const lint = { command: 'lint design.yaml', code_text: false };
    expect(boundProblems({ ...lint, out: '  table t: 2.84e+41 rows, stored 3 GiB' })).toHaveLength(1);
    expect(boundProblems({ ...lint, out: 'the tables store 58 EiB after 12 months of growth' })).toHaveLength(1);
    expect(boundProblems({ ...lint, out: 'query "all" reads 2e33 rows per second' })).toHaveLength(1);
    expect(boundProblems({ ...lint, out: '  big: 31,536,000,000,000,000,000 rows read/s' })).toHaveLength(1);
    expect(boundProblems({ command: 'plan design.yaml --format json', code_text: false, out: '{"nodesNeeded": {"cpu": 2.9e36}}' })).toHaveLength(1);
    expect(boundProblems({ command: 'plan design.yaml --format json', code_text: false, out: `{"storedBytes": 1.8e16}` })).toHaveLength(1);
    expect(boundProblems({ command: 'lint design.yaml --format json', code_text: false, out: '{"message": "needs 2e33 rows read/s"}' })).toHaveLength(1);
    expect(
      boundProblems({
        ...lint,
        out: 'over 10^15 rows, stored more than the 16 PiB that 1,000 HDD nodes hold; 315,360,000,000,000 rows; key `1767225600000000000#x`; [a#1e99, a#1e99~); 550e8400-e29b-4e81-a716-446655440000',
      }),
    ).toEqual([]);
    expect(boundProblems({ command: 'plan design.yaml --format json', code_text: false, out: '{"storedBytes": 1.6e16, "rows": 1e15}' })).toEqual([]);
    // A node count past the format's 1,000 (simulate's verdict said "need about 10450 nodes").
    const simulate = { command: 'simulate design.yaml --table t', code_text: false };
    expect(boundProblems({ ...simulate, out: 'verdict     over-capacity: 1,000 writes/s need about 10450 nodes at 70% CPU' })).toHaveLength(1);
    expect(boundProblems({ ...simulate, out: 'needs 1,001 nodes' })).toHaveLength(1);
    expect(boundProblems({ ...simulate, out: '{"verdictReason": "need about 2,500 nodes"}' })).toHaveLength(1);
    expect(boundProblems({ ...simulate, out: 'over 1,000 nodes; 1,000 nodes; 3 nodes; 0.5 nodes; 108.69 of one node' })).toEqual([]);
    expect(boundProblems({ command: 'keys design.yaml', code_text: false, out: '100000000000000000000' })).toEqual([]);
    // growthPerMonth is bytes a month: bounded at 16 PiB like the other byte figures (seed 1036906713 found 1.07e16 taken for a count).
    const estimates = (g: number) => ({ command: 'lint design.yaml --format json', code_text: false, out: `{"estimates": [{"growthPerMonth": ${g}}]}` });
    expect(boundProblems(estimates(1.07e16))).toEqual([]);
    expect(boundProblems(estimates(2e16))).toHaveLength(1);
    // A simulated key is the user's bytes (a fuzz round took a heatmap row's key 8e033323 for a figure).
    const sim = { command: 'simulate() of table t on 3 nodes', code_text: false };
    expect(boundProblems({ ...sim, out: '{"hottestRange": {"start": "8e33323", "end": "9e44"}}\n8e033323 |@@%%..|\n9e44 cd |@@@@  |' })).toEqual([]);
    expect(boundProblems({ ...sim, out: '{"hottestRange": {"start": "a"}, "note": "8e33 writes"}\nmax rate    8e33 writes/s' })).toHaveLength(2);
    // A bucket label of hex keys (seed 1699025054 read 0e501092 as 10^501092): key text, and a mantissa of 0 is no figure.
    expect(boundProblems({ ...sim, out: '{"heatmap": {"bucketLabels": ["0025ea4b", "0e501092", "8e33"]}}\n0e501092 |%%@%%%@%|' })).toEqual([]);
    expect(boundProblems({ ...lint, out: 'keys 0e501092 and 0e99 here' })).toEqual([]);
    // Random bytes in a key, escaped, read as a negative duration (seed 1952666179: `~:-6s` in a
    // heatmap label); a negative figure of simulate's own is still one.
    const keyText = '{"hottestRange": {"start": "~:-6s", "startBytes": "~:-6s"}, "heatmap": {"bucketLabels": ["~:-6s"]}}';
    expect(figureProblems({ ...sim, err: '', out: `${keyText}\n~:-6s |@@@@|\nhottest     ~:-6s to ~:-7s: 33.6% of writes, 336 writes/s` })).toEqual([]);
    expect(figureProblems({ ...sim, err: '', out: `${keyText}\nmax rate    -5 writes/s sustainable` })).toHaveLength(1);
    expect(figureProblems({ ...sim, err: '', out: '{"hottestRange": {"share": 0.3}, "note": "= -6s"}' })).toHaveLength(1);
    // The same labels with their fields decoded (seed 1445612612 read the hash 6e589274 as 6x10^589274).
    expect(boundProblems({ ...sim, out: '{"heatmap": {"bucketReadable": ["5d439f84", "6e589274"]}}\n6e589274 |@@@@@@@@|' })).toEqual([]);
    expect(boundProblems({ ...sim, out: '{"heatmap": {"note": "2e44 rows"}}' })).toHaveLength(1);
  });
});
