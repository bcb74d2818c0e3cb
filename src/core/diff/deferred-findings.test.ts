// diff compares each design's findings by severity, rule and message, from a lint that does not
// check fixes (checking every fix made a diff of 1,000 tables with fixes take 35 s). That lint
// must find what a lint that checks them finds: the same findings in the same order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullDesign } from '../../test-support/design-extras';
import { exampleDesigns } from '../../test-support/examples';
import { lint } from '../rules/lint';
import type { Design } from '../model/schema';
import { diffDesigns } from './index';

const texts = (d: Design, options: Parameters<typeof lint>[1]) => lint(d, options).findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`);

describe('the findings diff compares', () => {
  it('are those of a lint that checks every fix, for the examples and generated designs', () => {
    for (const e of exampleDesigns()) expect(texts(e.design, { verifyFixes: 'defer' }), e.file).toEqual(texts(e.design, {}));
    fc.assert(
      fc.property(fullDesign, (d) => {
        expect(texts(d, { verifyFixes: 'defer' })).toEqual(texts(d, {}));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 12) * 2 },
    );
  });

  it('a design against itself: no change, no finding added or removed', () => {
    for (const e of exampleDesigns()) {
      const d = diffDesigns(e.design, e.design);
      expect(d.changes, e.file).toEqual([]);
      expect(d.queries.filter((q) => q.findingsAdded.length || q.findingsRemoved.length)).toEqual([]);
    }
  });
});
