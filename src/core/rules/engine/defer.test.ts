// Deferred fix checks (lint's `verifyFixes: 'defer'`, the studio's keystroke): nothing is
// offered until withVerifiedFixes has checked it, and then exactly what an eager lint offers.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleDesigns } from '../../../test-support/examples';
import type { Design } from '../../model/schema';
import { applyFix, lint, withVerifiedFixes } from '../lint';
import { parseCase } from '../tester';
import type { Finding } from '../types';

const CORPUS = fileURLToPath(new URL('../corpus/', import.meta.url));
const corpus = ['good', 'bad'].flatMap((kind) =>
  readdirSync(join(CORPUS, kind))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => ({ file: `corpus/${kind}/${f}`, design: parseCase(readFileSync(join(CORPUS, kind, f), 'utf8')) })),
);
const all: { file: string; design: Design }[] = [...corpus, ...exampleDesigns().map((e) => ({ file: `examples/${e.file}`, design: e.design }))];
const offers = (fs: readonly Finding[]) => fs.filter((f) => f.fix || f.fixWithheld || f.effects);

describe('deferred fix checks', () => {
  it('the corpus has offered and withheld fixes (the comparison below is not vacuous)', () => {
    const eager = all.flatMap((c) => lint(c.design).findings);
    expect(eager.filter((f) => f.fix).length).toBeGreaterThan(30);
    expect(eager.filter((f) => f.fixWithheld).length).toBeGreaterThan(0);
  });
  for (const c of all) {
    it(`${c.file}: nothing offered before the check, then what an eager lint offers`, () => {
      const deferred = lint(c.design, { verifyFixes: 'defer' });
      // Advice that exists only when it is safe (onlyAdvice) is checked at once.
      const unchecked = (fs: readonly Finding[]) => offers(fs).filter((f) => f.rule !== 'key-general-to-specific');
      expect(unchecked(deferred.findings)).toEqual([]);
      const checked = withVerifiedFixes(deferred);
      expect(withVerifiedFixes(deferred)).toBe(checked);
      const eager = lint(c.design);
      expect(checked.findings).toEqual(eager.findings);
      // The deferred result itself is left as it was (the studio may still be showing it).
      expect(unchecked(deferred.findings)).toEqual([]);
      for (const f of checked.findings.filter((x) => x.fix)) {
        expect(applyFix(c.design, f)).toEqual(applyFix(c.design, eager.findings.find((e) => e.rule === f.rule && e.message === f.message)!));
      }
    });
  }
  it('an eager result comes back as it is', () => {
    const eager = lint(all[0]!.design);
    expect(withVerifiedFixes(eager)).toBe(eager);
  });
});
