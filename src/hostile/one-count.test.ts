// One design, one node count, over generated designs that use every part of the format
// (design-extras.ts: instances of 1-3 clusters, autoscaling, app profiles, views, served
// queries, loads at the format's limits): the summary, `btstudio plan` (text and JSON), the
// capacity findings and their fixes, and the simulator's header state the same count per
// cluster (src/test-support/one-count.ts; src/cli/one-count.test.ts runs it over the examples).
// fast-check's seed is fixed and printed (src/test-support/fc-seed.ts); `npm run fuzz` runs this
// file long with random seeds and FUZZ_RUNS designs.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fullDesign } from '../test-support/design-extras';
import { expectOneCount } from '../test-support/one-count';
import { tempFolder } from '../test-support/temp-files';

const SHRINK = process.env.FUZZ_SHRINK === '1';
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const folder = tempFolder('fuzz-one-count');

describe('every surface states the same recommended node count', () => {
  it(`for every generated design (${RUNS * 4} runs)`, { timeout: Math.max(120_000, RUNS * 40_000) }, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fullDesign, (d) => expectOneCount(`generated ${++n}`, d, folder)),
      { numRuns: RUNS * 4, endOnFailure: !SHRINK },
    );
  });
});
