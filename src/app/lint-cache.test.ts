// The studio's lint: on a keystroke no fix is offered yet; the checked result offers exactly
// what an eager lint offers (the Fix button and `btstudio lint --fix` agree).
import { describe, expect, it } from 'vitest';
import { lint } from '../core/rules/lint';
import { parseCase } from '../core/rules/tester';
import { eventsDesign } from '../test-support/capacity-designs';
import { lintOf, verifiedLintOf } from './lint-cache';

describe('lint-cache', () => {
  // 300,000 writes/s on 3 nodes: cluster-capacity offers "Set cluster.nodes to ...".
  const design = parseCase(eventsDesign(300_000, 3));

  it('offers no fix before the check, then the checked fixes of an eager lint, once per design', () => {
    const quick = lintOf(design);
    expect(quick.findings.some((f) => f.rule === 'cluster-capacity')).toBe(true);
    expect(quick.findings.filter((f) => f.fix || f.fixWithheld)).toEqual([]);
    const checked = verifiedLintOf(design);
    expect(checked.findings.filter((f) => f.fix).map((f) => f.rule)).toContain('cluster-capacity');
    expect(checked.findings).toEqual(lint(design).findings);
    expect(verifiedLintOf(design)).toBe(checked);
    expect(lintOf(design)).toBe(quick);
  });
});
