// What the summary at the top of a design page says, as data: per table the
// key's fields in key order and the hotspot verdict, for the design the capacity plan's verdict
// and the finding counts. No arithmetic of its own: the hotspot verdict is the core's hotspot
// model (the one the lint rules and the simulator read), raised to the worst hotspot finding of
// the table so the summary never says less than the findings do; the capacity verdict is the
// core's plan (the one the Capacity panel and `btstudio plan` read).
import { coverageText } from '../../core/capacity/bounds';
import { describeRange, tableHotspot, type HotspotRisk } from '../../core/capacity/hotspot';
import { planCapacity, type CapacityState } from '../../core/capacity/capacity-plan';
import { clusterName, declaredText, needsSentence, nodesText, percentText } from '../../core/capacity/wording';
import type { Design } from '../../core/model/schema';
import type { DesignAnalysis } from '../../core/analysis/design';
import { formatPercent } from '../../core/units';
import { isAccepted, type Finding, type Severity } from '../../core/rules/types';
import { isHotspotRule } from '../sim/link';

export type Tone = 'ok' | 'warn' | 'bad' | 'unknown';

export interface WritesVerdict {
  risk: HotspotRisk;
  tone: Tone;
  /** One short sentence: what takes the writes, and how much of one node that needs when known. */
  text: string;
}

export interface TableSummary {
  name: string;
  fields: { name: string; type: string }[];
  writes: WritesVerdict;
  /** Findings on this table by severity. */
  counts: Record<Severity, number>;
}

export interface CapacityVerdict {
  tone: Tone;
  text: string;
  state: CapacityState | 'unknown';
}

export interface DesignSummaryData {
  tables: TableSummary[];
  capacity: CapacityVerdict;
  counts: Record<Severity, number>;
}

const HOT_ROW = 'hot-row';
/** A share for the summary: the core's percent, and "under 0.01%" rather than 0.0000036%. */
const share = (x: number) => (x > 0 && x < 0.0001 ? 'under 0.01%' : formatPercent(x));
const isWriteRule = (rule: string) => isHotspotRule(rule) || rule === HOT_ROW;
const zero = (): Record<Severity, number> => ({ error: 0, warning: 0, info: 0 });

function writesVerdict(design: Design, analysis: DesignAnalysis, ti: number, findings: readonly Finding[]): WritesVerdict {
  const t = analysis.tables[ti];
  if (!t || t.layout === null) return { risk: 'none', tone: 'unknown', text: 'The key does not lay out yet, so where writes land is unknown.' };
  const model = tableHotspot(design, t);
  const name = t.table.name;
  const worst = findings
    .filter((f) => f.table === name && isWriteRule(f.rule))
    .reduce<Severity | null>(
      (w, f) => (f.severity === 'error' || w === 'error' ? 'error' : f.severity === 'warning' || w === 'warning' ? 'warning' : (w ?? f.severity)),
      null,
    );
  const risk: HotspotRisk = model.risk === 'hotspot' || worst === 'error' ? 'hotspot' : model.risk === 'at-risk' || worst === 'warning' ? 'at-risk' : 'none';
  const range = describeRange(model.hottest);
  const takes = `${range} takes ${share(model.hottest.share)} of the writes`;
  const need = model.nodeFraction === null ? ' (no write load declared)' : `, ${share(model.nodeFraction)} of one node`;
  if (risk === 'hotspot') return { risk, tone: 'bad', text: `Hotspot: ${takes}${need}.` };
  if (risk === 'at-risk') return { risk, tone: 'warn', text: `At risk: ${takes}${need}.` };
  return { risk, tone: 'ok', text: `Spread: ${takes}${need}.` };
}

function capacityVerdict(design: Design, analysis: DesignAnalysis): CapacityVerdict {
  const plan = planCapacity(design, analysis);
  const c = plan.binding;
  const declared = plan.cpuNodes > 0;
  const has = c.declared === 'none' ? 'no cluster is declared' : `${plan.clusterPlans.length > 1 ? clusterName(c) : 'the cluster'} has ${declaredText(c)}`;
  // The storage share covers only tables of known size: say which (capacity/bounds.ts).
  const covers = coverageText(plan.storageCovers);
  const use = `CPU ${percentText(c.utilization.cpu)}, storage ${percentText(c.utilization.storage)}${covers ? `, counting ${covers}` : ''}`;
  const worst: CapacityState =
    plan.cpuState === 'over' || plan.storageState === 'over' ? 'over' : plan.cpuState === 'target' || plan.storageState === 'target' ? 'target' : 'ok';
  if (!declared && plan.sizedBytes === 0)
    return {
      tone: 'unknown',
      state: 'unknown',
      text: `No load declared: what ${declaredText(c)} can carry is unknown until a table declares writes or reads.`,
    };
  const needs = needsSentence(plan);
  if (c.declared === 'none')
    return {
      tone: worst === 'ok' ? 'ok' : 'warn',
      state: worst,
      text: `${needs} No cluster is declared (Bigtable's default of ${nodesText(c.nodes)} assumed).`,
    };
  if (worst === 'over') return { tone: 'bad', state: worst, text: `Over capacity. ${needs} ${cap(has)} (${use}).` };
  if (worst === 'target') return { tone: 'warn', state: worst, text: `Above target. ${needs} ${cap(has)} (${use}).` };
  return { tone: 'ok', state: worst, text: `Fits. ${needs} ${cap(has)} (${use}).` };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function designSummary(design: Design, analysis: DesignAnalysis, findings: readonly Finding[]): DesignSummaryData {
  // Accepted findings (lint.accept) are listed in the findings panel, not counted here.
  const counts = zero();
  for (const f of findings) if (!isAccepted(f)) counts[f.severity]++;
  const tables = design.tables.map((table, ti): TableSummary => {
    const order = analysis.tables[ti]?.layout?.fields ?? Object.keys(table.rowKey.fields);
    const c = zero();
    for (const f of findings) if (f.table === table.name && !isAccepted(f)) c[f.severity]++;
    return {
      name: table.name,
      fields: order.map((name) => ({ name, type: table.rowKey.fields[name]?.type ?? '?' })),
      writes: writesVerdict(design, analysis, ti, findings),
      counts: c,
    };
  });
  return { tables, capacity: capacityVerdict(design, analysis), counts };
}
