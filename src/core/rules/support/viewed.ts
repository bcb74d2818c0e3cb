// What the rules about views read of a table: nothing, unless a view reads it. A table is read
// by an authorized or materialized view that names it, and by every logical view (its SQL names
// its tables), so a design without views has rules about views that read no table at all.
import type { Design } from '../../model/schema';
import type { TableAnalysis } from '../../analysis/design';
import type { Rule, RuleMeta, VisitorContext } from '../types';

const named = new WeakMap<Design, Set<string> | 'all'>();

/** Whether a view of the design may read the table named `name`. */
export function viewed(design: Design, name: string): boolean {
  let set = named.get(design);
  if (set === undefined) {
    set = design.logicalViews?.length
      ? 'all'
      : new Set([...(design.authorizedViews ?? []).map((v) => v.table), ...(design.materializedViews ?? []).map((v) => v.table)]);
    named.set(design, set);
  }
  return set === 'all' || set.has(name);
}

/** A view rule's `reads`: the whole table when a view reads it, else nothing. */
export const readByViews = (ta: TableAnalysis, design: Design): unknown => (viewed(design, ta.table.name) ? ta.table : null);

/** A rule about views: it visits the design once, and reads a table only when a view reads it (`readByViews`). */
export function defineViewRule(rule: { meta: Omit<RuleMeta, 'reads'>; design(ctx: VisitorContext): void }): Rule {
  return { meta: { ...rule.meta, reads: readByViews }, create: (ctx) => ({ design: () => rule.design(ctx) }) };
}
