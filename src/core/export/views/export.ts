// The design's views as gcloud commands and Terraform resources, in self-contained functions
// that the per-table exports (gcloud.ts, terraform.ts) and a whole-design export can call:
//   gcloud bigtable materialized-views create ID --instance=... --query=SQL [--deletion-protection=BOOL]
//   gcloud bigtable logical-views create ID --instance=... --query=SQL [--deletion-protection=BOOL]
//   gcloud bigtable authorized-views create ID --instance=... --table=T --definition-file=FILE
// (flags as `gcloud ... --help` prints them), and google_bigtable_materialized_view,
// google_bigtable_logical_view, google_bigtable_authorized_view (terraform-provider-google).
import { commentText, requireArguments, shq } from '../common';
import { block, hclString, heredoc, tfName, type Item } from '../terraform';
import type { AuthorizedView, Design, LogicalView, MaterializedView } from '../../model/schema';
import { checkSelect } from './check';
import { materializedViewSql } from './sql';

export interface DesignViews {
  materialized: { view: MaterializedView; sql: string }[];
  logical: LogicalView[];
  authorized: AuthorizedView[];
  /** Views left out, with why (a builder that cannot be written as SQL). */
  skipped: string[];
}

/** The views of the design that belong with `table` (all when null): by source table, or the FROM of a logical view. */
export function viewsOf(design: Design, table: string | null): DesignViews {
  const skipped: string[] = [];
  const materialized: DesignViews['materialized'] = [];
  for (const view of design.materializedViews ?? []) {
    if (table !== null && view.table !== table) continue;
    const r = materializedViewSql(design, view);
    if (r.ok) materialized.push({ view, sql: r.sql });
    else skipped.push(`materialized view ${view.name}: ${r.reason}`);
  }
  const logical = (design.logicalViews ?? []).filter((v) => table === null || checkSelect(v.query, null).shape?.table === table);
  const authorized = (design.authorizedViews ?? []).filter((v) => table === null || v.table === table);
  return { materialized, logical, authorized, skipped };
}

/** The admin API's AuthorizedView body, as a definition file (plain text; gcloud base64-encodes it). */
export function authorizedViewDefinition(v: AuthorizedView): Record<string, unknown> {
  const familySubsets: Record<string, unknown> = {};
  for (const [fam, s] of Object.entries(v.families)) {
    const sub: Record<string, string[]> = {};
    if (s.qualifiers?.length) sub.qualifiers = s.qualifiers;
    if (s.qualifierPrefixes?.length) sub.qualifierPrefixes = s.qualifierPrefixes;
    familySubsets[fam] = Object.keys(sub).length ? sub : { qualifierPrefixes: [''] };
  }
  return { subsetView: { rowPrefixes: v.rowPrefixes ?? [''], familySubsets }, deletionProtection: v.deletionProtection === true };
}

/** Bash lines creating the views with gcloud (INSTANCE, PROJECT from the environment). */
export function viewsGcloud(views: DesignViews): string[] {
  const n = views.materialized.length + views.logical.length + views.authorized.length;
  if (!n && !views.skipped.length) return [];
  requireArguments('gcloud', [
    ...views.materialized.flatMap(({ view, sql }) => [['view id', view.name] as const, ['view query', sql] as const]),
    ...views.logical.flatMap((v) => [['view id', v.name] as const, ['view query', v.query] as const]),
    ...views.authorized.map((v) => ['view id', v.name] as const),
  ]);
  const where = ['--instance="$INSTANCE"', '${PROJECT:+--project="$PROJECT"}'];
  const out: string[] = ['', '# Views of the design (after the table exists).'];
  for (const s of views.skipped) out.push(`# Not created: ${commentText(s)}`);
  for (const { view, sql } of views.materialized) {
    out.push(`# Materialized view ${commentText(view.name)} of table ${commentText(view.table)}.`);
    out.push(
      [
        `gcloud bigtable materialized-views create ${shq(view.name)}`,
        ...where,
        `--query=${shq(sql)}`,
        `--deletion-protection=${view.deletionProtection === true}`,
      ].join(' \\\n  '),
    );
  }
  for (const v of views.logical) {
    out.push(`# Logical view ${commentText(v.name)}.`);
    out.push(
      [
        `gcloud bigtable logical-views create ${shq(v.name)}`,
        ...where,
        `--query=${shq(v.query.trim().replace(/;\s*$/, ''))}`,
        `--deletion-protection=${v.deletionProtection === true}`,
      ].join(' \\\n  '),
    );
  }
  if (views.authorized.length) out.push('view_file="$(mktemp)"');
  for (const v of views.authorized) {
    out.push(`# Authorized view ${commentText(v.name)} of table ${commentText(v.table)}.`);
    out.push(`printf '%s' ${shq(JSON.stringify(authorizedViewDefinition(v), null, 2))} > "$view_file"`);
    out.push([`gcloud bigtable authorized-views create ${shq(v.name)}`, ...where, `--table=${shq(v.table)}`, '--definition-file="$view_file"'].join(' \\\n  '));
  }
  if (views.authorized.length) out.push('rm -f "$view_file"');
  return out;
}

/** A view's query as a heredoc, without its final `;`; a quoted string when a line of it is `EOT`. */
const queryValue = (s: string) => {
  const body = s.trim().replace(/;\s*$/, '');
  return body.split('\n').some((l) => l.trim() === 'EOT') ? hclString(s) : heredoc(body);
};
const b64 = (s: string) => `base64encode(${hclString(s)})`;

/**
 * Terraform resources for the views. `instance` is an HCL expression (var.instance_name);
 * `tableResource` gives the google_bigtable_table resource address of a table defined in the
 * same configuration (views then reference it and depend on it), or null.
 */
export function viewsTerraform(views: DesignViews, instance = 'var.instance_name', tableResource: (table: string) => string | null = () => null): string[] {
  const out: string[] = [];
  const used = new Set<string>();
  const name = (kind: string, id: string) => {
    let n = tfName(`${kind}_${id}`);
    while (used.has(n)) n += '_';
    used.add(n);
    return n;
  };
  // A materialized or logical view (mv_ or lv_ resource names): its id, the query, then `more`.
  const queryView = (kind: 'materialized' | 'logical', view: MaterializedView | LogicalView, query: string, more: Item[]) =>
    block(`resource "google_bigtable_${kind}_view" ${hclString(name(kind === 'materialized' ? 'mv' : 'lv', view.name))}`, [
      { kind: 'attr', key: `${kind}_view_id`, value: hclString(view.name) },
      { kind: 'attr', key: 'instance', value: instance },
      { kind: 'attr', key: 'deletion_protection', value: String(view.deletionProtection === true) },
      { kind: 'attr', key: 'query', value: queryValue(query) },
      ...more,
    ]);
  for (const s of views.skipped) out.push('', `# Not created: ${commentText(s)}`);
  for (const { view, sql } of views.materialized) {
    const table = tableResource(view.table);
    out.push('', ...queryView('materialized', view, sql, table ? [{ kind: 'blank' }, { kind: 'attr', key: 'depends_on', value: `[${table}]` }] : []));
  }
  for (const v of views.logical) out.push('', ...queryView('logical', v, v.query, []));
  for (const v of views.authorized) {
    const def = authorizedViewDefinition(v) as {
      subsetView: { rowPrefixes: string[]; familySubsets: Record<string, { qualifiers?: string[]; qualifierPrefixes?: string[] }> };
    };
    const subset: Item[] = [{ kind: 'attr', key: 'row_prefixes', value: `[${def.subsetView.rowPrefixes.map(b64).join(', ')}]` }];
    for (const [fam, s] of Object.entries(def.subsetView.familySubsets)) {
      const items: Item[] = [{ kind: 'attr', key: 'family_name', value: hclString(fam) }];
      if (s.qualifiers) items.push({ kind: 'attr', key: 'qualifiers', value: `[${s.qualifiers.map(b64).join(', ')}]` });
      if (s.qualifierPrefixes) items.push({ kind: 'attr', key: 'qualifier_prefixes', value: `[${s.qualifierPrefixes.map(b64).join(', ')}]` });
      subset.push({ kind: 'blank' }, { kind: 'block', lines: block('family_subsets', items) });
    }
    out.push(
      '',
      ...block(`resource "google_bigtable_authorized_view" ${hclString(name('av', `${v.table}_${v.name}`))}`, [
        { kind: 'attr', key: 'name', value: hclString(v.name) },
        { kind: 'attr', key: 'instance_name', value: instance },
        { kind: 'attr', key: 'table_name', value: tableResource(v.table) ? `${tableResource(v.table)}.name` : hclString(v.table) },
        { kind: 'attr', key: 'deletion_protection', value: hclString(v.deletionProtection ? 'PROTECTED' : 'UNPROTECTED') },
        { kind: 'blank' },
        { kind: 'block', lines: block('subset_view', subset) },
      ]),
    );
  }
  return out;
}

/** The views as Markdown for the design review (`cell` escapes table text, `code` wraps code). */
export function viewsMarkdown(views: DesignViews, cell: (s: string) => string, code: (s: string) => string): string[] {
  const rows = [
    ...views.materialized.map(({ view, sql }) => `| materialized | ${code(view.name)} | ${code(view.table)} | ${cell(sql.replace(/\s+/g, ' '))} |`),
    ...views.logical.map((v) => `| logical | ${code(v.name)} | | ${cell(v.query.replace(/\s+/g, ' '))} |`),
    ...views.authorized.map(
      (v) =>
        `| authorized | ${code(v.name)} | ${code(v.table)} | ${cell(`rows starting ${(v.rowPrefixes ?? ['']).map((p) => JSON.stringify(p)).join(', ')}; families ${Object.keys(v.families).join(', ') || 'none'}`)} |`,
    ),
    ...views.skipped.map((s) => `| not written | | | ${cell(s)} |`),
  ];
  if (!rows.length) return [];
  return ['## Views', '', '| kind | view | table | definition |', '| --- | --- | --- | --- |', ...rows, ''];
}
