// HDD nodes serve about 500 reads/s each against SSD's 17,000 ("Understand performance"), and
// Google advises SSD unless the workload is batch scans or rarely read data ("Choose between
// SSD and HDD storage"). Flags an HDD cluster whose point and short-scan reads alone take more
// than the recommended CPU target of its nodes, and HDD tables whose point reads declare no rate.
import { planCapacity, tableLoad } from '../capacity/capacity-plan';
import { nodesText } from '../capacity/wording';
import { NODE_FIGURES } from '../analysis/cluster';
import { formatCount, formatFigure } from '../units';
import { instanceOf, withStorage } from '../model/instance';
import { defineCapacityPlanRule } from './support/frames';

export default defineCapacityPlanRule({
  meta: {
    id: 'hdd-reads',
    severity: 'warning',
    description: 'An HDD cluster serving point or short-scan reads beyond what HDD nodes read, or reads of unknown rate.',
    messages: {
      slow: '{reads} reads/s of {table} take {hdd} on HDD at {perNode} reads/s each ({ssd} on SSD): serve reads from SSD ("Choose between SSD and HDD storage").',
      undeclared:
        'query {query} reads single rows of {table} on HDD (about 500 reads/s per node) with no perSecond: declare its rate to check it ("Understand performance").',
    },
    fixable: true,
    readsAcross: (design, analysis) => {
      const { model } = planCapacity(design, analysis);
      return [model.storage, model.capacity, model.nodes, model.cpuTarget, design.instance !== undefined];
    },
  },
  plan(plan, { design, report }, tables) {
    const { model } = plan;
    if (model.storage !== 'hdd') return;
    for (const w of plan.workload.tables) {
      // A table's findings read its own workload and the model (readsAcross): an edit's check asks for its tables only.
      if (tables && design.tables[w.index] !== undefined && !tables.has(w.index)) continue;
      const reads = tableLoad(w, model.capacity).reads;
      const perSecond = w.pointReadsPerSecond + w.scansPerSecond;
      if (perSecond > 0 && reads > model.nodes * model.cpuTarget) {
        const ssd = tableLoad(w, NODE_FIGURES.ssd).reads;
        report({
          table: w.index,
          path: ['queries'],
          messageId: 'slow',
          severity: reads > model.nodes ? 'error' : 'warning',
          data: {
            table: w.table,
            reads: formatCount(perSecond),
            hdd: nodesText(Math.ceil(reads - 1e-9)),
            perNode: model.capacity.readsPerSecond >= 1000 ? formatCount(model.capacity.readsPerSecond) : formatFigure(model.capacity.readsPerSecond),
            ssd: nodesText(Math.max(1, Math.ceil(ssd - 1e-9))),
          },
          // Storage type is chosen at instance creation: the fix is for a design not yet deployed.
          fix: {
            label: `Set ${design.instance ? 'instance' : 'cluster'}.storage to ssd`,
            apply: () => (instanceOf(design).storage !== 'hdd' ? null : withStorage(design, 'ssd')),
          },
        });
        continue;
      }
      for (const q of w.queries) {
        if (q.kind === 'point' && q.perSecond === null) {
          report({ table: w.index, path: ['queries', q.index], messageId: 'undeclared', severity: 'info', data: { table: w.table, query: q.query } });
        }
      }
    }
  },
});
