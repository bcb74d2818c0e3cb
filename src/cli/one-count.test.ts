// One design, one node count: over every example and corpus design (and the ad-click system,
// served and not), the summary, `btstudio plan` (text and JSON), the capacity findings and their
// fixes, and the simulator's header state the same recommended count per cluster, worded the
// same way (core/capacity/wording.ts). The MCP server's plan, lint and simulate tools run these
// same commands, so their answers carry the same figures.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { designSummary } from '../app/summary/summary';
import { planCapacity, MAX_CLUSTER_NODES, capacityPlanJson } from '../core/capacity/capacity-plan';
import { needsSentence, nodesText } from '../core/capacity/wording';
import { exportDesign } from '../core/export/design';
import { analyze } from '../core/analysis/design';
import { lint } from '../core/rules/lint';
import { parseCase } from '../core/rules/tester';
import { adClicksYaml } from '../test-support/ad-clicks';
import { exampleDesigns } from '../test-support/examples';
import { tempFolder } from '../test-support/temp-files';
import { runCli } from './run-in-memory';

const CORPUS = fileURLToPath(new URL('../core/rules/corpus/', import.meta.url));
const designs = [
  ...exampleDesigns().map((e) => ({ name: `examples/${e.file}`, design: e.design })),
  ...['good', 'bad'].flatMap((kind) =>
    readdirSync(join(CORPUS, kind))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => ({ name: `corpus/${kind}/${f}`, design: parseCase(readFileSync(join(CORPUS, kind, f), 'utf8')) })),
  ),
  { name: 'ad-clicks', design: parseCase(adClicksYaml()) },
  { name: 'ad-clicks, not served', design: parseCase(adClicksYaml({ served: false })) },
];

describe('every surface states the same recommended node count', () => {
  const folder = tempFolder('one-count');
  for (const { name, design } of designs) {
    it(name, async () => {
      const analysis = analyze(design);
      const plan = planCapacity(design, analysis);
      const sentence = needsSentence(plan);
      const { findings } = lint(design);
      // The summary (when there is a load to plan).
      const summary = designSummary(design, analysis, findings).capacity;
      if (summary.state !== 'unknown') expect(summary.text).toContain(sentence);
      // The capacity findings: each names its cluster's count, and its fix sets exactly that count.
      for (const f of findings.filter((x) => x.rule === 'cluster-capacity' || x.rule === 'storage-capacity')) {
        const ci = f.path[0] === 'instance' && typeof f.path[2] === 'number' ? f.path[2] : 0;
        const c = plan.clusterPlans[ci]!;
        expect(f.message).toContain(`the design needs ${nodesText(c.need.recommended)}`);
        if (f.fix) expect(f.fix).toMatch(new RegExp(` to ${c.need.recommended}$`));
        // No fix: the count is past the limit, or the engine withheld it and says why (a count
        // past a salt's buckets turns timestamp-leading into an error, for one).
        else if (c.need.recommended <= MAX_CLUSTER_NODES) expect(f.fixWithheld).toMatch(/is not offered: it would/);
      }
      // btstudio plan, text and JSON; btstudio simulate's header.
      const file = folder.write(`${name.replace(/[^a-z0-9]+/gi, '-')}.yaml`, exportDesign(design, null, { as: 'yaml' }).text);
      const text = await runCli('plan', file);
      expect(text.out).toContain(sentence);
      const json = JSON.parse((await runCli('plan', file, '--format=json')).out);
      expect(json).toEqual(JSON.parse(JSON.stringify(capacityPlanJson(plan))));
      expect(json.clusters.map((c: { nodesNeeded: { recommended: number | null } }) => c.nodesNeeded.recommended)).toEqual(
        plan.clusterPlans.map((c) => (c.need.recommended > MAX_CLUSTER_NODES ? null : c.need.recommended)),
      );
      const table = design.tables.find((t, i) => t.load?.writesPerSecond && !analysis.tables[i]?.layoutError);
      if (table) {
        const sim = await runCli('simulate', file, '--table', table.name, '--seconds', '60', '--format', 'json');
        expect(sim.code, sim.err).toBe(0);
        expect(JSON.parse(sim.out).plan).toBe(sentence);
      }
      // Nothing prints a count past the format's limit.
      expect(`${text.out}\n${findings.map((f) => f.message).join('\n')}\n${summary.text}`).not.toMatch(/\b\d{1,3}(,\d{3}){2,}\s+nodes|\b\d{5,}\s+nodes/);
    });
  }
});
