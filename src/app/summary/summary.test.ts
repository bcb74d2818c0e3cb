import { describe, expect, it } from 'vitest';
import { tableHotspot } from '../../core/capacity/hotspot';
import { planCapacity } from '../../core/capacity/capacity-plan';
import { loadDesign } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';
import { analyze } from '../../core/analysis/design';
import { lint } from '../../core/rules/lint';
import { exampleDesigns } from '../../test-support/examples';
import { citiesDesign, quotesDesign } from '../../test-support/hotspot-designs';
import { designSummary } from './summary';

function load(text: string): Design {
  const r = loadDesign(text, 't.yaml');
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.design;
}

const summaryOf = (d: Design) => {
  const { findings } = lint(d);
  return { s: designSummary(d, analyze(d), findings), findings };
};

const NAIVE = `format: bigtable-studio/v1
name: naive
cluster: {nodes: 3}
tables:
  - name: events
    rowKey: {template: "{ts}#{user}", fields: {ts: {type: timestamp, unit: ms}, user: {type: string, cardinality: 100000}}}
    families: [{name: f, gc: {maxAge: 7d}, columns: [{qualifier: v, valueBytes: 100}]}]
    load: {writesPerSecond: 20000}
`;

const NO_LOAD = `format: bigtable-studio/v1
name: bare
tables:
  - name: t
    rowKey: {template: "{a}#{b}", fields: {a: {type: string, cardinality: 1000}, b: {type: int, pad: 6}}}
    families: [{name: f, gc: {maxVersions: 1}}]
`;

describe('designSummary', () => {
  it('says a leading timestamp is a hotspot, as the hotspot model and the findings do', () => {
    const d = load(NAIVE);
    const { s, findings } = summaryOf(d);
    const t = s.tables[0]!;
    expect(t.fields.map((f) => f.name)).toEqual(['ts', 'user']);
    expect(t.fields[0]!.type).toBe('timestamp');
    expect(tableHotspot(d, analyze(d).tables[0]!).risk).toBe('hotspot');
    expect(t.writes.risk).toBe('hotspot');
    expect(t.writes.tone).toBe('bad');
    expect(t.writes.text).toMatch(/^Hotspot: the newest ts takes 100% of the writes, \d+% of one node\.$/);
    expect(findings.some((f) => f.rule === 'timestamp-leading' && f.severity === 'error')).toBe(true);
    expect(s.counts.error).toBe(findings.filter((f) => f.severity === 'error').length);
    expect(t.counts.error).toBeGreaterThan(0);
  });

  it('never says less than the hotspot findings: every table with a hotspot error is a hotspot', () => {
    for (const text of [citiesDesign, quotesDesign, NAIVE]) {
      const d = load(text);
      const { s, findings } = summaryOf(d);
      for (const t of s.tables) {
        const errors = findings.filter(
          (f) =>
            f.table === t.name &&
            f.severity === 'error' &&
            ['timestamp-leading', 'sequential-leading', 'low-cardinality-prefix', 'hash-only-key', 'hot-row'].includes(f.rule),
        );
        if (errors.length) expect(t.writes.risk, `${d.name}/${t.name}`).toBe('hotspot');
      }
    }
  });

  it('says the load is unknown when nothing is declared, never a made-up figure', () => {
    const { s } = summaryOf(load(NO_LOAD));
    expect(s.capacity.state).toBe('unknown');
    expect(s.capacity.text).toMatch(/^No load declared/);
    expect(s.tables[0]!.writes.text).toContain('(no write load declared)');
  });

  it('reads the capacity plan: over capacity when the plan is over', () => {
    const d = load(citiesDesign.replace('nodes: 3', 'nodes: 1'));
    const plan = planCapacity(d, analyze(d));
    const { s } = summaryOf(d);
    expect(plan.cpuState).toBe('over');
    expect(s.capacity.state).toBe('over');
    expect(s.capacity.text).toContain(`The design needs ${plan.nodesNeeded.recommended} nodes. The cluster has 1 node`);
  });

  it('gives every example a sentence per table with no NaN, Infinity or undefined', () => {
    for (const { file, design } of exampleDesigns()) {
      const { s } = summaryOf(design);
      expect(s.tables.length, file).toBe(design.tables.length);
      for (const text of [s.capacity.text, ...s.tables.map((t) => t.writes.text)]) expect(text, file).not.toMatch(/NaN|Infinity|undefined|-\d/);
    }
  });

  it("says which tables its storage share counts when one has no load (not the whole design's storage)", () => {
    const d = load(`${NAIVE}  - name: lookup
    rowKey: {template: "{a}", fields: {a: {type: string, cardinality: 1000000000000000}}}
    families: [{name: f}]
`);
    const { s } = summaryOf(d);
    expect(s.capacity.text).toMatch(/storage \d+%, counting 1 of 2 tables; lookup has no write load declared\)\.$/);
  });
});
