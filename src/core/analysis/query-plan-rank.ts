// How well a table serves a declared query, in terms a fix must not make worse: the plan's
// kind and scans, and for a query with a limit whether its rows come in the order it wants
// (newest first needs a reversed timestamp right after the bound fields; a leaderboard's
// "top 10" needs the score there). engine/verify.ts compares these before and after a fix.
import { formatPercent } from '../units';
import type { Query } from '../model/schema';
import type { TableAnalysis } from './design';
import type { QueryPlan } from './query-plan';

export const RANK = { point: 0, prefix: 1, range: 1, 'multi-scan': 2, 'full-scan': 3 } as const;
export const KIND = { point: 'point read', prefix: 'prefix scan', range: 'range scan', 'multi-scan': 'multi-scan', 'full-scan': 'full scan' } as const;

/** The key field that orders a query's rows: the first one after the salts and eq-bound fields. */
export function orderingField(ta: TableAnalysis, q: Query): string | null {
  const match = q.match ?? {};
  return ta.layout?.fields.find((n) => ta.table.rowKey.fields[n]?.type !== 'hash' && match[n] !== 'eq') ?? null;
}

export interface Served {
  plan: QueryPlan;
  rank: number;
  /** For a query with a limit: whether its first rows in key order are the ones it wants. */
  inOrder: boolean | null;
  /** For a limited query with no declared order: which field (and direction) decides its rows. */
  orderedBy: string | null;
}

export function served(ta: TableAnalysis, q: Query, plan: QueryPlan): Served {
  const base = { plan, rank: RANK[plan.kind] };
  if (q.limit === undefined || plan.kind === 'point') return { ...base, inOrder: null, orderedBy: null };
  const name = orderingField(ta, q);
  const f = name ? ta.table.rowKey.fields[name] : undefined;
  const reversed = f?.type === 'timestamp' && f.reversed === true;
  if (q.order === 'newest') return { ...base, inOrder: f?.type === 'timestamp' && reversed, orderedBy: null };
  if (q.order === 'oldest') return { ...base, inOrder: f?.type === 'timestamp' && !reversed, orderedBy: null };
  return { ...base, inOrder: null, orderedBy: name === null ? null : `${name}${reversed ? ' (reversed)' : ''}` };
}

/** One line per plan: "prefix scan, newest first in key order". */
export function describe(s: Served): string {
  const p = s.plan;
  const parts: string[] = [KIND[p.kind] + (p.kind === 'multi-scan' ? ` of ${p.scans} scans` : '')];
  if (p.kind === 'full-scan') return parts[0]!; // it reads everything, whatever the order
  if (s.inOrder === true) parts.push('rows in the wanted order');
  if (s.inOrder === false) parts.push('reads the whole range to find the first rows');
  if (p.readFraction !== undefined && p.readFraction < 1) parts.push(`returns ~${pct(p.readFraction)} of the rows it reads`);
  return parts.join(', ');
}

const pct = (x: number) => formatPercent(x, 'share');

/** Why `after` serves the query worse than `before`, or null when it is at least as good. */
export function worse(q: Query, before: Served, after: Served): string | null {
  const name = `query "${q.name}"`;
  if (after.rank > before.rank) return `it would turn ${name} from a ${KIND[before.plan.kind]} into a ${KIND[after.plan.kind]}`;
  if (after.plan.kind === 'multi-scan' && before.plan.kind === 'multi-scan' && after.plan.scans > before.plan.scans)
    return `it would raise ${name} from ${before.plan.scans} to ${after.plan.scans} scans`;
  if (before.inOrder === true && after.inOrder !== true) return `${name} would no longer get its ${q.order} rows first in key order`;
  if (before.orderedBy !== null && after.orderedBy !== before.orderedBy)
    return `${name} reads its first ${q.limit} rows ordered by ${before.orderedBy}; the new key would order them by ${after.orderedBy ?? 'nothing'}`;
  return null;
}
