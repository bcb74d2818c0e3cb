// Rule frames for the common visits, as types.ts's defineTableRule is for tables: a rule that looks
// at each key field, at each column of each family, only at tables whose key template has a
// layout, or at the design's capacity plan is written as that one visit (with the context), not
// as a create() returning it.
import type { FieldInfo, TableAnalysis } from '../../analysis/design';
import { planCapacity, type CapacityPlanDetail } from '../../capacity/capacity-plan';
import type { KeyLayout } from '../../keys/template';
import type { PathPart } from '../../model/positions';
import type { Column, Family } from '../../model/schema';
import type { Rule, RuleMeta, VisitorContext } from '../types';
import { capacityPlanReads } from './capacity-plan-reads';

/** A rule that visits each key field of each table. */
export function defineFieldRule(rule: { meta: RuleMeta; field(f: FieldInfo, t: TableAnalysis, ctx: VisitorContext): void }): Rule {
  return { meta: rule.meta, create: (ctx) => ({ field: (f, t) => rule.field(f, t, ctx) }) };
}

/** One column of a family, with where a finding on it points (`at`: ['families', fi, 'columns', ci]). */
export interface ColumnVisit {
  column: Column;
  family: Family;
  at: PathPart[];
}

/** A rule that visits each column of each family. */
export function defineColumnRule(rule: { meta: RuleMeta; column(c: ColumnVisit, ctx: VisitorContext): void }): Rule {
  return {
    meta: rule.meta,
    create: (ctx) => ({
      family: (family, fi) => (family.columns ?? []).forEach((column, ci) => rule.column({ column, family, at: ['families', fi, 'columns', ci] }, ctx)),
    }),
  };
}

/** A table whose key template has a layout. */
export type LaidOutTable = TableAnalysis & { layout: KeyLayout };

/** A rule about the key's layout: it visits only the tables whose template has one (a key without has no fields or plans to judge). */
export function defineLayoutRule(rule: { meta: RuleMeta; table(t: LaidOutTable, ctx: VisitorContext): void }): Rule {
  return {
    meta: rule.meta,
    create: (ctx) => ({
      table: (t) => {
        if (t.layout) rule.table(t as LaidOutTable, ctx);
      },
    }),
  };
}

/**
 * A rule that judges the design's capacity plan (capacity/capacity-plan.ts): one design() visit
 * given the plan. The plan is sized for the instance's clusters, so the rule reads the instance;
 * and it reads only the plan (capacityPlanReads): a fix that leaves every table's workload as it
 * was leaves its findings.
 */
export function defineCapacityPlanRule(rule: {
  meta: RuleMeta;
  plan(plan: CapacityPlanDetail, ctx: VisitorContext, tables?: ReadonlySet<number>): void;
}): Rule {
  return {
    meta: { reads: capacityPlanReads, ...rule.meta, readsInstance: true },
    create: (ctx) => ({ design: (tables) => rule.plan(planCapacity(ctx.design, ctx.analysis), ctx, tables) }),
  };
}
