// GoogleSQL for Bigtable: one SELECT per declared query that returns exactly its rows
// (sql-query.ts), the design's materialized and logical views of the table, and suggested
// materialized views (core/export/views/suggest.ts) that pass the same checks as declared ones.
import type { Design, Table } from '../model/schema';
import { checkMaterializedView } from './views/check';
import { viewsOf } from './views/export';
import { materializedViewSql } from './views/sql';
import { suggestViews } from './views/suggest';
import { commentText, ExportError, fileSafe, keyLayoutOf, requireTable, shq, type Exporter } from './common';
import { structuredKeyOf, type StructuredKey } from './row-key-schema';
import { querySql } from './sql-query';

export { sqlId, sqlString } from '../sql/text';

const c = (s: string) => `-- ${commentText(s)}`;

/** A table's structured key, or null when it has none (its queries then read _key ranges). */
function keyOrNull(design: Design, table: Table): StructuredKey | null {
  try {
    return structuredKeyOf(design, table);
  } catch (e) {
    if (e instanceof ExportError) return null;
    throw e;
  }
}

function queryBlock(design: Design, table: Table, key: StructuredKey | null, i: number): string[] {
  const q = table.queries![i]!;
  // A query another table serves (servedBy) is read there: its statement is on that table's key.
  const server = q.servedBy !== undefined ? design.tables.find((t) => t.name === q.servedBy && t !== table) : undefined;
  const on = server ?? table;
  const r = querySql(design, on, keyLayoutOf(on), server ? keyOrNull(design, server) : key, q, i);
  const out = [c(`Query ${JSON.stringify(q.name)}${q.description ? `: ${q.description}` : ''}`)];
  if (server) out.push(c(`Served by table ${server.name} (servedBy): the application reads ${server.name}, written with every write to ${table.name}.`));
  else if (q.servedBy !== undefined) out.push(c(`Served by materialized view ${q.servedBy} (servedBy); the statement below reads ${table.name} itself.`));
  for (const p of r.params) out.push(c(`@${p.name} ${p.type}: ${p.note}`));
  for (const n of r.comments) out.push(c(n));
  if (r.cost) out.push(c(r.cost));
  if (r.statement) out.push(r.statement);
  else {
    out.push(c('Not expressed in SQL: a statement without these conditions would return other rows.'));
    for (const u of r.unexpressed) out.push(c(`- ${u}`));
  }
  return out;
}

function viewBlocks(design: Design, table: Table): string[] {
  const out: string[] = [];
  const mine = viewsOf(design, table.name);
  for (const { view, sql } of mine.materialized) {
    out.push(
      '',
      c(`Materialized view ${view.name} (declared in the design)`),
      c(`gcloud bigtable materialized-views create ${view.name} --instance=INSTANCE --query=...`),
      `${sql};`,
    );
  }
  for (const s of mine.skipped) out.push('', c(`Not written: ${s}`));
  for (const v of mine.logical) out.push('', c(`Logical view ${v.name} (declared in the design)`), `${v.query.trim().replace(/;\s*$/, '')};`);
  const suggested = suggestViews(design, table);
  if (suggested.length)
    out.push('', c('Suggested materialized views ("Continuous materialized views"): add one to the design as materializedViews to create it.'));
  for (const s of suggested) {
    const r = materializedViewSql(design, s.view);
    if (!r.ok) continue;
    const { problems } = checkMaterializedView(r.sql, design);
    if (problems.length) continue;
    out.push(
      '',
      c(`${s.view.name}: ${s.why}`),
      c(`gcloud bigtable materialized-views create ${shq(s.view.name)} --instance="$INSTANCE" --query="$(cat this-view.sql)"`),
      `${r.sql};`,
    );
  }
  return out;
}

export const exportSql: Exporter = (design, tableArg) => {
  const table = requireTable(design, tableArg);
  keyLayoutOf(table);
  const notes: string[] = [];
  let key: StructuredKey | null = null;
  let why = '';
  try {
    key = structuredKeyOf(design, table);
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
    why = e.problems.join('; ');
    notes.push(`no row key schema, so the SQL reads _key: ${why}`);
  }
  const out = [
    c(`GoogleSQL for Bigtable: the queries of table ${table.name} (design "${design.name}"), by Bigtable Schema Studio.`),
    key
      ? c('The key fields are columns: create the table with the row key schema (row-key-schema or gcloud export) first.')
      : c(`The table has no row key schema (${why}), so queries read _key byte ranges.`),
    c('@name parameters are bound by the client, listed in the order you pass them; each statement returns exactly the rows of its query.'),
  ];
  (table.queries ?? []).forEach((_q, i) => out.push('', ...queryBlock(design, table, key, i)));
  if (!(table.queries ?? []).length) out.push('', c('The table declares no queries.'));
  out.push(...viewBlocks(design, table));
  return { text: `${out.join('\n')}\n`, filename: `${fileSafe(table.name)}.sql`, mime: 'application/sql', notes };
};
