// Properties of check, fix, diff and infer over generated designs that use every part of the
// format (design-extras.ts), run through the CLI as a user runs it. fast-check's seed is fixed
// and printed (src/test-support/fc-seed.ts); `npm run fuzz` runs this file long with random
// seeds and FUZZ_RUNS designs per property.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { runCli, runCliWithInput } from '../cli/run-in-memory';
import { applyChanges } from '../core/diff/apply';
import { CLASS_ORDER, diffDesigns } from '../core/diff/index';
import { loadDesign, validateDesign } from '../core/load/load-design';
import type { Design } from '../core/model/schema';
import { isAccepted } from '../core/rules/types';
import { lint } from '../core/rules/lint';
import { fullDesign, nearValidDesign } from '../test-support/design-extras';
import { tempFolder } from '../test-support/temp-files';

// Each run is a whole design through many commands: shrinking one takes minutes, so it is asked for
// (FUZZ_SHRINK=1 with the seed that failed).
const SHRINK = process.env.FUZZ_SHRINK === '1';
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const TIMEOUT = Math.max(120_000, RUNS * 30_000);
const folder = tempFolder('fuzz-commands');
let n = 0;
const yaml = (d: unknown) => dump(d, { noRefs: true, lineWidth: -1 });
/** A new file holding the design as YAML. */
const file = (d: unknown) => folder.write(`d${n++}.yaml`, yaml(d));
const errorRules = (d: Design) =>
  new Set(
    lint(d)
      .findings.filter((f) => f.severity === 'error' && !isAccepted(f))
      .map((f) => f.rule),
  );

describe('check', () => {
  it(`accepts every generated design of every part of the format (${RUNS * 4} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fullDesign, async (d) => {
        const r = await runCli('check', file(d));
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
      }),
      { numRuns: RUNS * 4, endOnFailure: !SHRINK },
    );
  });

  it(`refuses a design with one format rule broken: exit 2, every line file:line:column, no crash (${RUNS * 4} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(nearValidDesign, async ({ broken, design }) => {
        const f = file(design);
        const r = await runCli('check', f);
        expect(r.code, broken).toBe(2);
        const lines = r.err.trimEnd().split('\n');
        expect(lines.length, broken).toBeGreaterThan(0);
        for (const l of lines) expect(l.startsWith(`${f}:`) && /^:\d+:\d+: \S/.test(l.slice(f.length)), `${broken}: ${l}`).toBe(true);
        expect(r.err).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
      }),
      { numRuns: RUNS * 4, endOnFailure: !SHRINK },
    );
  });
});

describe('fix', () => {
  it(
    `never touches its input; the fixed design passes check, has no new error, and a second fix changes nothing (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fullDesign, async (d) => {
          const input = file(d);
          const before = readFileSync(input);
          const out = `${input}.fixed.yaml`;
          const r = await runCli('fix', input, '-o', out);
          expect(r.err).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
          expect([0, 1]).toContain(r.code);
          expect(readFileSync(input).equals(before)).toBe(true);
          expect(r.out).toBe('');
          const fixedText = readFileSync(out, 'utf8');
          expect((await runCli('check', out)).code).toBe(0);
          const fixed = loadDesign(fixedText, out);
          if (!fixed.ok) throw new Error('fix wrote a design that does not load');
          const was = errorRules(d);
          for (const rule of errorRules(fixed.design)) expect(was.has(rule), `fix added an error of ${rule}`).toBe(true);
          // Again: every fix was applied the first time, so the design stays as it is.
          const again = await runCli('fix', out);
          expect([0, 1]).toContain(again.code);
          expect(again.err).not.toMatch(/^fixed /m);
          expect(loadDesign(again.out, 'again.yaml')).toMatchObject({ ok: true, design: fixed.design });
        }),
        { numRuns: RUNS, endOnFailure: !SHRINK },
      );
    },
    TIMEOUT,
  );
});

describe('diff', () => {
  /** Two designs: independent, or the second made from the first (a table added, dropped or changed). */
  const pair = fc.oneof(
    fc.tuple(fullDesign, fullDesign),
    fc.tuple(fullDesign, fullDesign, fc.nat()).map(([a, other, k]): [Design, Design] => {
      const extra = other.tables.filter((t) => !a.tables.some((x) => x.name === t.name));
      const b = structuredClone(a);
      if (k % 3 === 0 && extra[0]) b.tables.push(extra[0]);
      else if (k % 3 === 1 && b.tables.length) b.tables.splice(k % b.tables.length, 1);
      else if (b.tables[0]) b.tables[0] = { ...b.tables[0], description: `changed ${k}`, load: { ...b.tables[0].load, writesPerSecond: k % 1000 } };
      return [a, validateDesign(b).ok ? b : a];
    }),
  );

  it(
    `of a design with itself is empty, exit 0 under every --fail-on (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fullDesign, async (d) => {
          const f = file(d);
          const r = await runCli('diff', f, f, '--format', 'json');
          expect(r.code).toBe(0);
          const j = JSON.parse(r.out) as { changes: unknown[]; queries: unknown[]; findingsAdded: unknown[]; findingsRemoved: unknown[] };
          expect([j.changes, j.queries, j.findingsAdded, j.findingsRemoved]).toEqual([[], [], [], []]);
          for (const c of CLASS_ORDER) expect((await runCli('diff', f, f, '--fail-on', c)).code).toBe(0);
        }),
        { numRuns: RUNS, endOnFailure: !SHRINK },
      );
    },
    TIMEOUT,
  );

  it(
    `a -> b applied to a gives b; --fail-on fails exactly on a change of that class or stricter (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(pair, async ([a, b]) => {
          const d = diffDesigns(a, b);
          expect(applyChanges(a, b, d.changes)).toEqual(b);
          const [fa, fb] = [file(a), file(b)];
          const r = await runCli('diff', fa, fb, '--format', 'json');
          expect(r.code).toBe(d.changes.length ? 1 : 0);
          expect((JSON.parse(r.out) as { changes: unknown[] }).changes).toHaveLength(d.changes.length);
          for (const [i, c] of CLASS_ORDER.entries()) {
            const failing = d.changes.some((x) => CLASS_ORDER.indexOf(x.class) <= i);
            const g = await runCli('diff', fa, fb, '--fail-on', c);
            expect(g.code, `--fail-on ${c}`).toBe(failing ? 1 : 0);
          }
        }),
        { numRuns: RUNS, endOnFailure: !SHRINK },
      );
    },
    TIMEOUT,
  );
});

describe('infer of the design own keys', () => {
  it(
    `keys fed to infer give a design whose template loads, or a refusal that says why; never a crash (${RUNS * 2} runs)`,
    async () => {
      let inferred = 0;
      await fc.assert(
        fc.asyncProperty(
          fullDesign.filter((d) => d.tables.length > 0),
          fc.integer({ min: 1, max: 300 }),
          fc.boolean(),
          async (d, count, sorted) => {
            const f = file(d);
            for (const t of d.tables) {
              const keys = await runCli('keys', f, '--table', t.name, '-n', String(count), ...(sorted ? ['--sorted'] : []));
              if (keys.code !== 0) continue; // a key the design cannot generate, said by keys
              const r = await runCliWithInput(['infer', '-', '--format', 'json'], keys.out);
              expect(r.err).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
              if (r.code === 2) {
                expect(r.err.trim().length).toBeGreaterThan(0);
                continue;
              }
              expect([0, 1]).toContain(r.code);
              const j = JSON.parse(r.out) as { design: Design };
              const loaded = loadDesign(JSON.stringify(j.design), 'inferred.json');
              expect(loaded.ok ? [] : loaded.issues.map((i) => i.message), `${t.rowKey.template}`).toEqual([]);
              inferred++;
            }
          },
        ),
        { numRuns: RUNS * 2, endOnFailure: !SHRINK },
      );
      expect(inferred).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
