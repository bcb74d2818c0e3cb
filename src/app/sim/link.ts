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
