// Lint and the simulator must not contradict each other: over the rule corpus and
// the examples, a table the simulator calls `ok` gets no hotspot or capacity error from lint,
// and a table it calls `hotspot` or `over-capacity` gets one. Both read capacity/hotspot.ts
// (the unsplittable ranges) and capacity/capacity-plan.ts (the load), so a failure here is a real bug.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import type { Design } from '../model/schema';
import { lint } from '../rules/lint';
import type { Finding } from '../rules/types';
import { exampleDesigns } from '../../test-support/examples';
import { optionsFor, simulate, type Verdict } from './index';

/** Rules whose errors say "hotspot" (per table) or "over capacity" (for the whole design). */
export const HOTSPOT_RULES = new Set(['timestamp-leading', 'sequential-leading', 'low-cardinality-prefix', 'hot-row']);
export const CAPACITY_RULES = new Set(['cluster-capacity']);

const CORPUS = fileURLToPath(new URL('../rules/corpus/', import.meta.url));

function corpus(): { file: string; design: Design }[] {
  const out: { file: string; design: Design }[] = [];
  for (const dir of ['good', 'bad']) {
    for (const f of readdirSync(join(CORPUS, dir))
      .filter((x) => x.endsWith('.yaml'))
      .sort()) {
      const r = loadDesign(readFileSync(join(CORPUS, dir, f), 'utf8'), f);
      if (r.ok) out.push({ file: `${dir}/${f}`, design: r.design });
    }
  }
  return out;
}

/** The lint errors that contradict `ok` for a table: its hotspot errors and the design's capacity errors. */
export function blockingErrors(findings: Finding[], table: string): Finding[] {
  return findings.filter((f) => f.severity === 'error' && ((HOTSPOT_RULES.has(f.rule) && f.table === table) || CAPACITY_RULES.has(f.rule)));
}

export function disagreement(verdict: Verdict, errors: Finding[]): string | null {
  if (verdict === 'ok' && errors.length) return `simulator ok, lint: ${errors.map((f) => `${f.rule}: ${f.message}`).join(' | ')}`;
  if ((verdict === 'hotspot' || verdict === 'over-capacity') && !errors.length) return `simulator ${verdict}, lint has no hotspot or capacity error`;
  return null;
}

describe('lint and the simulator agree on every table of the corpus and the examples', () => {
  const designs = [...corpus(), ...exampleDesigns().map((e) => ({ file: `examples/${e.file}`, design: e.design }))];
  it('walks a real corpus', () => expect(designs.length).toBeGreaterThan(30));
  for (const { file, design } of designs) {
    it(file, () => {
      const findings = lint(design).findings;
      const problems: string[] = [];
      for (const table of design.tables) {
        let verdict: Verdict;
        let reason: string;
        try {
          const r = simulate(table, optionsFor(design, { seconds: 300 }, table));
          verdict = r.verdict;
          reason = r.verdictReason;
        } catch {
          continue; // a key the generator cannot build is the lint's business (key rules)
        }
        const d = disagreement(verdict, blockingErrors(findings, table.name));
        if (d) problems.push(`${table.name}: ${d} (simulator: ${reason})`);
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('lint and the simulator agree on a zipf prefix at three rates (low-cardinality-prefix reads the hotspot model)', () => {
  // 12,000 symbols, zipf skew 1: the busiest takes about 10% of the writes, on the newest rows of one symbol.
  const trades = (nodes: number, wps: number) => {
    const r = loadDesign(
      `format: bigtable-studio/v1
name: trades
cluster: {nodes: ${nodes}}
tables:
  - name: trades
    rowKey:
      template: "{symbol}#{ts}#{seq}"
      fields:
        symbol: {type: string, alphabet: alnum, length: 6, cardinality: 12000, distribution: zipf, skew: 1.0}
        ts: {type: timestamp, unit: us}
        seq: {type: int, min: 0, max: 99999999, pad: 8}
    load: {writesPerSecond: ${wps}}
`,
      'trades.yaml',
    );
    if (!r.ok) throw new Error('invalid test design');
    return r.design;
  };
  const cases: [nodes: number, wps: number, lint: 'none' | 'warning' | 'error', sim: Verdict][] = [
    [30, 80_000, 'warning', 'at-risk'], // 8,024: above half a node (7,000), within the node
    [30, 120_000, 'warning', 'at-risk'], // 12,036: within the node
    [30, 200_000, 'error', 'hotspot'], // 20,060: above the whole node
  ];
  for (const [nodes, wps, severity, verdict] of cases) {
    it(`${wps.toLocaleString('en-US')} writes/s on ${nodes} nodes: lint ${severity}, simulator ${verdict}`, () => {
      const design = trades(nodes, wps);
      const findings = lint(design).findings;
      const prefix = findings.filter((f) => f.rule === 'low-cardinality-prefix');
      expect(prefix.map((f) => f.severity)).toEqual(severity === 'none' ? [] : [severity]);
      const r = simulate(design.tables[0]!, optionsFor(design, { seconds: 300 }, design.tables[0]!));
      expect(r.verdict).toBe(verdict);
      expect(disagreement(r.verdict, blockingErrors(findings, 'trades'))).toBeNull();
    });
  }
});
