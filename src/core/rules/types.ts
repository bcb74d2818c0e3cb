// The shapes of the validator: a rule is a module (ESLint's model) with `meta` and `create`,
// which returns visitors the engine calls on the nodes of the design; a visitor reports findings
// through its context, each with an optional fix (a closure returning a new design, or null to
// decline when no safe fix exists).
import type { PathPart } from '../model/positions';
import type { Design, Family, Query } from '../model/schema';
import type { DesignAnalysis, FieldInfo, TableAnalysis } from '../analysis/design';
import type { QueryPlan } from '../analysis/query-plan';

export type Severity = 'info' | 'warning' | 'error';
export type SeveritySetting = Severity | 'off';

export interface RuleMeta {
  /** Public contract: ids never change. */
  id: string;
  severity: Severity;
  description: string;
  /** Message templates by id; `{name}` is replaced from the finding's data. */
  messages: Record<string, string>;
  /** Longer explanations by message id (sources by Google page title); shown as expandable detail. */
  details?: Record<string, string>;
  fixable: boolean;
  /**
   * What a rule reads besides the table it visits, so a fix is checked by linting again only
   * what it can change (engine/incremental.ts). A rule's table, field, family and query visits
   * read that table and the design's settings outside `tables` unless it says 'names' (every
   * table's name: rerun on all tables when a name changes) or 'tables' (any table: rerun on
   * all), or a function naming, for an edit of the design, the tables whose visits it may
   * change besides the edited ones (given the analysis of the design before the edit). A
   * `design` visit reads the whole design, and runs again on every edit unless the rule says
   * what it reads of a table (`reads`).
   */
  crossTable?: 'names' | 'tables' | ((before: Design, after: Design, changed: readonly number[], analysis: DesignAnalysis) => Iterable<number>);
  /**
   * For a rule that visits only the design: all it reads of a table (compared as JSON), besides
   * the design outside `tables` (given too, to say a table no view reads is not read). An edit
   * that leaves this unchanged for every table it edits (and adds none) leaves the rule's
   * findings as they were, so the rule is not run again. The engine refuses `reads` on a rule
   * that visits anything but the design.
   */
  reads?: (t: TableAnalysis, design: Design) => unknown;
  /**
   * For a rule with `reads` whose design visit reports findings on tables (`table: i`): what
   * those findings read besides the `reads` of their own table (compared as JSON; the design
   * outside `tables` is the same on both sides of an edit the engine checks this way). An edit
   * that changes `reads` of some tables but not this runs the rule again for those tables only
   * (its design visit is given them) and keeps its findings on every other table; findings on
   * no table of the design are found again every time.
   */
  readsAcross?: (design: Design, analysis: DesignAnalysis) => unknown;
  /**
   * Whether the rule reads the instance (`instance`, `cluster`: clusters, node counts, storage,
   * app profiles, the environment), directly or through what derives from it (the analysis's
   * `nodes` and `storage`, a table's `writesPerNode`, the capacity plan, the hotspot model). A fix
   * that changes only the instance is checked by running again the rules that say so; every
   * other rule's findings are taken as they were (engine/instance.test.ts holds this to a whole lint).
   */
  readsInstance?: boolean;
  /**
   * Every finding of the rule has the rule's severity (or the design's setting for it): no report
   * overrides it (the engine fails a report that does). A rule that says so, offers no fix and is
   * set to info decides no fix check but those of its own findings (a check counts only the
   * checked finding's rule and errors and warnings), so a check does not follow its crossTable.
   */
  sameSeverity?: boolean;
}

export interface Finding {
  rule: string;
  severity: Severity;
  /** The table the finding concerns, or null for the whole design. */
  table: string | null;
  path: PathPart[];
  messageId: string;
  message: string;
  data: Record<string, string | number | boolean>;
  /** A short label for the fix button, when a fix is offered (the engine checked it). */
  fix?: string;
  /** Why no fix is offered although the rule proposed one: what would have to change instead. */
  fixWithheld?: string;
  /** What the offered fix does to every declared query of the tables it touches. */
  effects?: PlanEffect[];
  /** The longer explanation and its sources (the rule's `meta.details`), for an expandable detail. */
  detail?: string;
  /** The design's acceptance of this finding (`lint.accept[index]`); when `expired`, it no longer counts. */
  acceptance?: FindingAcceptance;
}

export interface FindingAcceptance {
  index: number;
  reason: string;
  by?: string;
  until?: string;
  expired: boolean;
}

/** Accepted and not expired: the finding is shown but fails nothing. */
export const isAccepted = (f: Finding): boolean => f.acceptance !== undefined && !f.acceptance.expired;

/** Fills `{name}` placeholders of a message template. */
export function formatMessage(template: string, data: Record<string, string | number | boolean>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in data ? String(data[k]) : m));
}

// ---------------------------------------------------------------------------------------------
// The one rule shape (ESLint's `create(context)` model). A rule returns visitors over the design,
// its tables, key fields, families and queries; the engine walks the design once and calls
// every rule's visitors, each with the node it located. A report carries its fix as a closure
// over what the visitor saw, so the check and the fix cannot disagree and no fix looks its
// target up again from a path or a name. The engine checks every proposed fix before it is
// offered (engine/verify.ts).

/** A proposed fix: applying it returns a new design (never mutating), or null to decline. */
export interface FixProposal {
  /** A short label for the fix button ("Reverse ts"). */
  label: string;
  apply(): Design | null;
  /**
   * The finding is only the advice to apply this fix (a reorder the rule suggests): when the
   * engine withholds the fix because it would break a declared query, the finding goes too.
   */
  onlyAdvice?: boolean;
}

/** A report from a visitor: `table` defaults to the table being visited. */
export interface VisitorReport {
  /** Index of the table in design.tables; omit for the visited table, or in a `design` visit for design-level findings. */
  table?: number;
  /** Below the table (`['families', 0]`), or from the design's root in a design-level finding. */
  path: PathPart[];
  messageId: string;
  data?: Record<string, string | number | boolean>;
  /** Overrides the rule's default severity for this finding (e.g. warning -> error). */
  severity?: Severity;
  /** The fix, when the rule proposes one for this finding. */
  fix?: FixProposal;
}

export interface VisitorContext {
  design: Design;
  analysis: DesignAnalysis;
  report(r: VisitorReport): void;
}

export interface Visitors {
  /**
   * Once per lint, before the tables: for what is not in one table (views, clusters, the plan).
   * `tables`: for a rule with `readsAcross`, the only tables whose findings are wanted (the
   * engine drops the others); absent, every table's.
   */
  design?(tables?: ReadonlySet<number>): void;
  table?(t: TableAnalysis): void;
  field?(f: FieldInfo, t: TableAnalysis): void;
  family?(family: Family, index: number, t: TableAnalysis): void;
  /** A declared query, its plan (none when the key has no layout) and its index in `t.table.queries`. */
  query?(q: Query, plan: QueryPlan | undefined, t: TableAnalysis, index: number): void;
}

export interface Rule {
  meta: RuleMeta;
  create(ctx: VisitorContext): Visitors;
}

export function defineVisitorRule(rule: Rule): Rule {
  return rule;
}

/** The common case: a rule that visits only tables, `table(t, context)` once per table. */
export interface TableRule {
  meta: RuleMeta;
  table(t: TableAnalysis, ctx: VisitorContext): void;
}

/** A table rule as a rule (`create` returns its one `table` visitor). */
export function defineTableRule(rule: TableRule): Rule {
  return { meta: rule.meta, create: (ctx) => ({ table: (t) => rule.table(t, ctx) }) };
}

/** What a fix does to one declared query: its plan before and after. */
export interface PlanEffect {
  table: string;
  query: string;
  before: string;
  after: string;
  /** The table serving the query after the fix, when the fix moved it. */
  movedTo?: string;
  changed: boolean;
}
