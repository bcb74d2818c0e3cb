// "Add a table for this query" as one edit: a new table whose key serves the query (its eq
// fields first; for newest-first the timestamp reversed right after them, for oldest-first
// plain), the same fields and families (a query declares no columns it reads, so all of them;
// the ones it filters on come along), the query moved to it, and the same write load, since
// every write now goes to both tables (Google's "Schema design for time series data": "consider
// storing your data in multiple tables, each with a row key designed for one of the queries").
// The engine checks the result like any fix: no declared query served worse, no new warning.
import type { Design, Field, Query, Table } from '../../model/schema';
import { layoutOf, TemplateError } from '../../keys/template';
import type { TableAnalysis } from '../../analysis/design';
import { reorderTemplate } from '../edit';
import type { FixProposal } from '../types';

export interface TableForQuery {
  design: Design;
  name: string;
  template: string;
  /** Writes per second the new table takes (those of the source table), or null when none is declared. */
  addedWrites: number | null;
}

const isSalt = (t: Table, n: string) => t.rowKey.fields[n]?.type === 'hash';

/** Key order for `q`: eq fields, then (for an ordered query with a limit) its timestamp, then prefix/range fields, then the rest; salts stay put. */
export function keyOrderFor(table: Table, order: string[], q: Query): string[] {
  const match = q.match ?? {};
  const rest = order.filter((n) => !isSalt(table, n));
  const eq = rest.filter((n) => match[n] === 'eq');
  const time =
    q.limit !== undefined && (q.order === 'newest' || q.order === 'oldest')
      ? rest.find((n) => match[n] !== 'eq' && table.rowKey.fields[n]?.type === 'timestamp')
      : undefined;
  const ordered = [
    ...eq,
    ...(time ? [time] : []),
    ...rest.filter((n) => n !== time && (match[n] === 'prefix' || match[n] === 'range')),
    ...rest.filter((n) => n !== time && match[n] === undefined),
  ];
  let k = 0;
  return order.map((n) => (isSalt(table, n) ? n : ordered[k++]!));
}

function freeTableName(design: Design, base: string): string {
  const taken = new Set(design.tables.map((t) => t.name));
  const clean = base.replace(/[^-_.a-zA-Z0-9]/g, '_').slice(0, 46);
  if (!taken.has(clean)) return clean;
  for (let i = 2; ; i++) if (!taken.has(`${clean}_${i}`)) return `${clean}_${i}`;
}

export function tableForQuery(design: Design, ta: TableAnalysis, qi: number): TableForQuery | null {
  const q = ta.table.queries?.[qi];
  if (!q || !ta.layout) return null;
  const source = ta.table;
  const order = keyOrderFor(source, ta.layout.fields, q);
  const template = reorderTemplate(source, order);
  if (template === null) return null;
  const match = q.match ?? {};
  const time = order.find((n) => match[n] !== 'eq' && !isSalt(source, n));
  const fields: Record<string, Field> = {};
  for (const [n, f] of Object.entries(source.rowKey.fields)) {
    if (n === time && f.type === 'timestamp' && q.limit !== undefined && (q.order === 'newest' || q.order === 'oldest')) {
      const { pad: _pad, reversed: _r, format: _f, ...rest } = f;
      // A reversed epoch has a fixed 19 digits; ISO text cannot be reversed, so it becomes epoch.
      fields[n] = q.order === 'newest' ? { ...rest, reversed: true } : f.reversed ? { ...rest } : f;
    } else fields[n] = f;
  }
  const leader = order.find((n) => !isSalt(source, n) && match[n] === 'eq') ?? order.find((n) => !isSalt(source, n)) ?? 'query';
  const name = freeTableName(design, `${source.name}_by_${leader}`);
  const rowKey = {
    ...source.rowKey,
    template,
    fields,
    ...(ta.layout.delimiter && source.rowKey.delimiter === undefined ? { delimiter: ta.layout.delimiter } : {}),
  };
  try {
    layoutOf(rowKey);
  } catch (e) {
    if (e instanceof TemplateError) return null;
    throw e;
  }
  const added: Table = {
    name,
    description: `Serves "${q.name}"; written with ${source.name}.`,
    rowKey,
    ...(source.families ? { families: source.families } : {}),
    queries: [q],
    ...(source.load ? { load: { ...source.load, ...(q.perSecond !== undefined ? { readsPerSecond: q.perSecond } : {}) } } : {}),
  } as Table;
  const tables = design.tables.map((t, i) => (i === ta.index ? { ...t, queries: (t.queries ?? []).filter((_, k) => k !== qi) } : t));
  tables.push(added); // last, so every other table keeps its index (and its findings' paths)
  return { design: { ...design, tables }, name, template, addedWrites: source.load?.writesPerSecond ?? null };
}

/** "Add a table for this query": keyed by its eq fields, then the reversed timestamp. */
export function addTableFix(design: Design, ta: TableAnalysis, qi: number): FixProposal | undefined {
  const made = tableForQuery(design, ta, qi);
  if (!made) return undefined;
  const load = made.addedWrites === null ? 'no write load declared' : `+${made.addedWrites} writes/s`;
  // What the application must do: write the new table with every write to the source, and fill it once.
  return {
    label: `Add a table for this query: ${made.name} keyed ${made.template} (${load}; write it with ${ta.table.name} and backfill it)`,
    apply: () => made.design,
  };
}
