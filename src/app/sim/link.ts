// Links into the simulation view, for the findings panel: a hotspot finding (a key that sends
// writes to one node) gets a "See it in the simulation" link to the table's simulation.
import { designHref } from '../routing';

/** Rule ids whose findings are about where writes land, which the simulation shows. */
export const HOTSPOT_RULES: readonly string[] = ['timestamp-leading', 'sequential-leading', 'low-cardinality-prefix', 'hash-only-key'];

export function isHotspotRule(ruleId: string): boolean {
  return HOTSPOT_RULES.includes(ruleId);
}

/** `#/design/<id>/<table>?view=simulate`: the design's simulation tab with the table picked. */
export function simulationHref(docId: string, tableName: string): string {
  return designHref(docId, tableName, 'simulate');
}

/** The link for a finding (`{rule, table}` of core's Finding), or null when it has none. */
export function simulationLinkFor(docId: string, finding: { rule: string; table: string | null }): { href: string; label: string } | null {
  if (!finding.table || !isHotspotRule(finding.rule)) return null;
  return { href: simulationHref(docId, finding.table), label: 'See it in the simulation' };
}

// A link into the simulation lands on a result: clicking it asks the
// Simulate tab to run the table at once, and the tab, when it mounts or shows that table, takes
// the request, runs, and scrolls to the result. A request is for one design and table, and is
// taken once; it is dropped after a short while so a later visit to the tab does not run.
let pending: { docId: string; table: string; at: number } | null = null;
const REQUEST_MS = 10_000;

export function requestRun(docId: string, table: string): void {
  pending = { docId, table, at: Date.now() };
}

/** True (once) when a link asked to run this design's table. */
export function takeRunRequest(docId: string, table: string): boolean {
  const p = pending;
  if (!p || p.docId !== docId || p.table !== table || Date.now() - p.at > REQUEST_MS) return false;
  pending = null;
  return true;
}
