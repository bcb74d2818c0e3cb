// One design, one node count (src/cli/one-count.test.ts over the examples and the rule corpus,
// src/hostile/one-count.test.ts over generated designs): the summary, `btstudio plan` (text and
// JSON), the capacity findings and their fixes, and the simulator's header state the same
// recommended count per cluster, worded the same way (core/capacity/wording.ts).
import { expect } from 'vitest';
import { designSummary } from '../app/summary/summary';
import { runCli } from '../cli/run-in-memory';
import { analyze } from '../core/analysis/design';
import { capacityPlanJson, MAX_CLUSTER_NODES, planCapacity } from '../core/capacity/capacity-plan';
import { needsSentence, nodesText } from '../core/capacity/wording';
import { exportDesign } from '../core/export/design';
import type { Design } from '../core/model/schema';
import { lint } from '../core/rules/lint';
import type { TempFolder } from './temp-files';

let files = 0;

/** Checks every surface of `design` for the one count; `name` labels the failure. */
export async function expectOneCount(name: string, design: Design, folder: TempFolder): Promise<void> {
  const analysis = analyze(design);
  const plan = planCapacity(design, analysis);
  const sentence = needsSentence(plan);
  const { findings } = lint(design);
  // The summary (when there is a load to plan).
  const summary = designSummary(design, analysis, findings).capacity;
  if (summary.state !== 'unknown') expect(summary.text, name).toContain(sentence);
  // The capacity findings: each names its cluster's count, and its fix sets exactly that count.
  for (const f of findings.filter((x) => x.rule === 'cluster-capacity' || x.rule === 'storage-capacity')) {
    const ci = f.path[0] === 'instance' && typeof f.path[2] === 'number' ? f.path[2] : 0;
    const c = plan.clusterPlans[ci]!;
    expect(f.message, name).toContain(`the design needs ${nodesText(c.need.recommended)}`);
    if (f.fix) expect(f.fix, name).toMatch(new RegExp(` to ${c.need.recommended}$`));
    // No fix: the count is past the limit, or the engine withheld it and says why (a count
    // past a salt's buckets turns timestamp-leading into an error, for one).
    else if (c.need.recommended <= MAX_CLUSTER_NODES) expect(f.fixWithheld, name).toMatch(/is not offered: it would/);
  }
  // btstudio plan, text and JSON; btstudio simulate's header.
  const file = folder.write(`${++files}-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.yaml`, exportDesign(design, null, { as: 'yaml' }).text);
  const text = await runCli('plan', file);
  expect(text.code, `${name}: ${text.err}`).toBe(0);
  expect(text.out, name).toContain(sentence);
  const json = JSON.parse((await runCli('plan', file, '--format=json')).out);
  expect(json, name).toEqual(JSON.parse(JSON.stringify(capacityPlanJson(plan))));
  expect(
    json.clusters.map((c: { nodesNeeded: { recommended: number | null } }) => c.nodesNeeded.recommended),
    name,
  ).toEqual(plan.clusterPlans.map((c) => (c.need.recommended > MAX_CLUSTER_NODES ? null : c.need.recommended)));
  const table = design.tables.find((t, i) => t.load?.writesPerSecond && !analysis.tables[i]?.layoutError);
  if (table) {
    const sim = await runCli('simulate', file, '--table', table.name, '--seconds', '60', '--format', 'json');
    expect(sim.code, `${name}: ${sim.err}`).toBe(0);
    const run = JSON.parse(sim.out);
    expect(run.plan, name).toBe(sentence);
    // The verdict's count, when it gives one, is the CPU count the plan gives the simulated
    // cluster (sim/simulate.ts optionsFor: the design's smallest cluster, at its plan's target).
    const said = /about ([\d,]+) nodes?\b/.exec(run.verdictReason)?.[1];
    if (said !== undefined) {
      const simulated = plan.clusterPlans.filter((c) => c.nodes === run.nodes).sort((a, b) => a.cpuTarget - b.cpuTarget)[0];
      expect(Number(said.replaceAll(',', '')), `${name}: ${run.verdictReason}`).toBe(simulated?.need.cpu);
    }
  }
  // Nothing prints a count past the format's limit.
  expect(`${text.out}\n${findings.map((f) => f.message).join('\n')}\n${summary.text}`, name).not.toMatch(/\b\d{1,3}(,\d{3}){2,}\s+nodes|\b\d{5,}\s+nodes/);
}
