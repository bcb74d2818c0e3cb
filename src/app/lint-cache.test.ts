// The studio's lint: on a keystroke no fix is offered yet; the checked result offers exactly
// what an eager lint offers (the Fix button and `btstudio lint --fix` agree).
import { describe, expect, it } from 'vitest';
import { lint } from '../core/rules/lint';
import { parseCase } from '../core/rules/tester';
import { eventsDesign } from '../test-support/capacity-designs';
import { manyTablesYaml } from '../test-support/lint-designs';
import { loadDesign } from '../core/load/load-design';
import { reuseUnchanged } from './documents/docs';
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

  it('a keystroke in one table (text loaded again, unchanged tables kept) gives the findings and fixes of a whole lint', () => {
    const text = manyTablesYaml(40, 'varied');
    const first = loadDesign(text);
    if (!first.ok) throw new Error('the generated design loads');
    let design = first.design;
    lintOf(design);
    // Typing digits into table 17's cardinality, then table 3's retention, then another design.
    const edits = [
      text.replace('cardinality: 1017}', 'cardinality: 10171}'),
      text.replace('cardinality: 1017}', 'cardinality: 101}'),
      text.replace('cardinality: 1017}', 'cardinality: 101}').replace('retention: 10d', 'retention: 1d'),
    ];
    for (const t of edits) {
      const r = loadDesign(t);
      if (!r.ok) throw new Error('the edited design loads');
      const next = reuseUnchanged(design, r.design);
      expect(next.tables.filter((x, i) => x !== design.tables[i]).length).toBe(1);
      design = next;
      expect(JSON.stringify(lintOf(design).findings)).toBe(JSON.stringify(lint(design, { verifyFixes: 'defer' }).findings));
      expect(JSON.stringify(verifiedLintOf(design).findings)).toBe(JSON.stringify(lint(design).findings));
    }
    expect(lintOf(design).findings.some((f) => f.table === 't17')).toBe(true);
  });
});
