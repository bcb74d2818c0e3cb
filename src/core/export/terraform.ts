// Terraform (hashicorp/google provider): google_bigtable_table with a column_family block per
// family (`type` for aggregates), the row key schema as JSON (a full Type: `structType`, the
// delimiter base64), and a google_bigtable_gc_policy per family with a GC rule. Written as
// `terraform fmt` writes it (two-space indent, `=` aligned within runs of attributes).
import { utf8 } from '../keys/bytes';
import type { Design, GcRule, Table } from '../model/schema';
import { toBase64 } from '../keys/base64';
import { AGGREGATE_TYPE, commentText, ExportError, fileSafe, goDuration, requireTable, simplifyGc, type Exporter } from './common';
import { idWarnings } from './gcloud';
import { refuseLimits } from './limits';
import { structuredKeyOf } from './row-key-schema';
import { viewsOf, viewsTerraform } from './views/export';

/** An HCL quoted string: escapes, and `${`/`%{` doubled so nothing is interpolated. */
export function hclString(s: string): string {
  const body = s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\$\{/g, '$$$${')
    .replace(/%\{/g, '%%{');
  return `"${body}"`;
}

/** Heredoc text: only template sequences need escaping. */
const heredocSafe = (s: string) => s.replace(/\$\{/g, '$$$${').replace(/%\{/g, '%%{');

/**
 * An attribute's value as a heredoc (`<<-EOT` to `EOT`, terraform fmt's indent), template
 * sequences escaped. The caller makes sure no line of `text` is `EOT` alone.
 */
export function heredoc(text: string): string {
  return `<<-EOT\n${heredocSafe(text)
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n  EOT`;
}

/** A Terraform resource name from any text. */
export function tfName(name: string): string {
  const n = name.replace(/[^A-Za-z0-9_-]+/g, '_');
  return /^[A-Za-z_]/.test(n) ? n : `t_${n}`;
}

export type Item = { kind: 'attr'; key: string; value: string } | { kind: 'block'; lines: string[] } | { kind: 'blank' } | { kind: 'raw'; lines: string[] };

/** Renders block items with terraform fmt's alignment: `=` lined up within each run of one-line attributes. */
function renderBody(items: Item[], indent: string): string[] {
  const out: string[] = [];
  let run: { key: string; value: string }[] = [];
  const flush = () => {
    const w = Math.max(0, ...run.map((a) => a.key.length));
    for (const a of run) {
      const [first, ...rest] = a.value.split('\n');
      out.push(`${indent}${a.key.padEnd(w)} = ${first}`, ...rest);
    }
    run = [];
  };
  for (const it of items) {
    if (it.kind === 'attr') {
      // A heredoc lines up with the attributes before it, and ends their run.
      run.push(it);
      if (it.value.includes('\n')) flush();
      continue;
    }
    flush();
    if (it.kind === 'blank') out.push('');
    else if (it.kind === 'block') out.push(...it.lines.map((l) => (l ? `${indent}${l}` : l)));
    else out.push(...it.lines);
  }
  flush();
  return out;
}

export function block(header: string, items: Item[]): string[] {
  return [`${header} {`, ...renderBody(items, '  '), '}'];
}

/** The provider's gc_rules JSON: {"mode": "union", "rules": [{"max_age": "168h"}, ...]}. */
function gcRulesJson(rule: GcRule): unknown {
  if ('maxAge' in rule) return { max_age: goDuration(rule.maxAge) };
  if ('maxVersions' in rule) return { max_version: rule.maxVersions };
  const parts = 'union' in rule ? rule.union : rule.intersection;
  return { mode: 'union' in rule ? 'union' : 'intersection', rules: parts.map(gcRulesJson) };
}

/** GC policy body items: blocks for one rule or one age + one version count, JSON otherwise. */
function gcItems(rule: GcRule): Item[] {
  const r = simplifyGc(rule);
  const simple = (x: GcRule): Item | null =>
    'maxAge' in x
      ? { kind: 'block', lines: block('max_age', [{ kind: 'attr', key: 'duration', value: hclString(goDuration(x.maxAge)) }]) }
      : 'maxVersions' in x
        ? { kind: 'block', lines: block('max_version', [{ kind: 'attr', key: 'number', value: String(x.maxVersions) }]) }
        : null;
  if ('maxAge' in r || 'maxVersions' in r) return [{ kind: 'blank' }, simple(r)!];
  const parts = 'union' in r ? r.union : r.intersection;
  if (parts.length === 2 && parts.some((p) => 'maxAge' in p) && parts.some((p) => 'maxVersions' in p)) {
    const age = parts.find((p) => 'maxAge' in p)!;
    const ver = parts.find((p) => 'maxVersions' in p)!;
    return [
      { kind: 'attr', key: 'mode', value: hclString('union' in r ? 'UNION' : 'INTERSECTION') },
      { kind: 'blank' },
      simple(age)!,
      { kind: 'blank' },
      simple(ver)!,
    ];
  }
  return [{ kind: 'attr', key: 'gc_rules', value: heredoc(JSON.stringify(gcRulesJson(r), null, 2)) }];
}

/**
 * The `google` provider releases that brought what the module may use (its CHANGELOG), oldest
 * first: each with the feature, as the exporters name it, and what it is in the provider.
 */
export const PROVIDER_RELEASES = [
  { version: '4.0.0', feature: 'base', what: 'google_bigtable_table, google_bigtable_gc_policy, google_bigtable_instance, google_bigtable_app_profile' },
  { version: '4.12.0', feature: 'multiClusterIds', what: 'google_bigtable_app_profile.multi_cluster_routing_cluster_ids' },
  { version: '4.16.0', feature: 'autoscaling', what: 'google_bigtable_instance cluster.autoscaling_config' },
  { version: '4.18.0', feature: 'gcRules', what: 'google_bigtable_gc_policy.gc_rules' },
  { version: '4.37.0', feature: 'storageTarget', what: 'autoscaling_config.storage_target' },
  { version: '4.47.0', feature: 'deletionProtection', what: 'google_bigtable_table.deletion_protection' },
  { version: '4.75.0', feature: 'changeStream', what: 'google_bigtable_table.change_stream_retention' },
  { version: '6.2.0', feature: 'aggregate', what: 'google_bigtable_table column_family.type' },
  { version: '6.28.0', feature: 'backup', what: 'google_bigtable_table.automated_backup_policy (added in 5.34.0, fixed in 6.28.0)' },
  { version: '6.41.0', feature: 'rowKeySchema', what: 'google_bigtable_table.row_key_schema' },
] as const;
export type ProviderFeature = (typeof PROVIDER_RELEASES)[number]['feature'];

/** The oldest provider release with every feature used: the latest release among theirs. */
export function providerVersion(used: Iterable<ProviderFeature>): string {
  const features = new Set<ProviderFeature>(['base', ...used]);
  return PROVIDER_RELEASES.findLast((r) => features.has(r.feature))!.version;
}

/** The google_bigtable_table resource and its GC policies, for an instance named by `instanceRef`. */
export function terraformTable(
  design: Design,
  table: Table,
  instanceRef: string,
  used: Set<ProviderFeature>,
): { blocks: string[][]; notes: string[]; warnings: string[] } {
  refuseLimits(design, [table], false);
  const warnings = idWarnings(table);
  const notes = [...warnings];
  const res = tfName(table.name);
  const tableItems: Item[] = [
    { kind: 'attr', key: 'name', value: hclString(table.name) },
    { kind: 'attr', key: 'instance_name', value: instanceRef },
  ];
  const splits = (table.splits ?? []).filter((s) => s !== '');
  if (splits.length) tableItems.push({ kind: 'attr', key: 'split_keys', value: `[${splits.map(hclString).join(', ')}]` });
  if (table.deletionProtection) {
    used.add('deletionProtection');
    tableItems.push({ kind: 'attr', key: 'deletion_protection', value: hclString('PROTECTED') });
  }
  if (table.changeStreamRetention) {
    used.add('changeStream');
    tableItems.push({ kind: 'attr', key: 'change_stream_retention', value: hclString(goDuration(table.changeStreamRetention)) });
  }
  if (table.backup) {
    used.add('backup');
    tableItems.push(
      { kind: 'blank' },
      {
        kind: 'block',
        lines: block('automated_backup_policy', [
          { kind: 'attr', key: 'retention_period', value: hclString(goDuration(table.backup.retention)) },
          { kind: 'attr', key: 'frequency', value: hclString('24h') },
        ]),
      },
    );
  }
  if (table.tieredStorage) {
    const why = `the google provider has no tiered storage argument: set infrequent access after ${table.tieredStorage.infrequentAccessAfter} with the gcloud export (gcloud beta)`;
    notes.push(`table ${table.name}: ${why}`);
    tableItems.push({ kind: 'blank' }, { kind: 'raw', lines: [`  # Not set here: ${commentText(why)}.`] });
  }
  for (const f of table.families ?? []) {
    const items: Item[] = [{ kind: 'attr', key: 'family', value: hclString(f.name) }];
    if (f.aggregate) {
      used.add('aggregate');
      items.push({ kind: 'attr', key: 'type', value: hclString(AGGREGATE_TYPE[f.aggregate]) });
    }
    tableItems.push({ kind: 'blank' }, { kind: 'block', lines: block('column_family', items) });
  }
  try {
    const key = structuredKeyOf(design, table);
    const encoding = key.encoding === 'delimitedBytes' ? { delimitedBytes: { delimiter: toBase64(utf8(key.delimiter!)) } } : { [key.encoding]: {} };
    const json = JSON.stringify({ structType: { fields: key.fields, encoding } }, null, 2);
    used.add('rowKeySchema');
    tableItems.push({ kind: 'blank' }, { kind: 'attr', key: 'row_key_schema', value: heredoc(json) });
    notes.push(...key.notes);
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
    notes.push(`no row key schema: ${e.problems.join('; ')}`);
    tableItems.push({ kind: 'blank' }, { kind: 'raw', lines: [`  # No row_key_schema: ${commentText(e.problems.join('; '))}`] });
  }
  const blocks: string[][] = [block(`resource "google_bigtable_table" ${hclString(res)}`, tableItems)];
  const usedNames = new Set<string>();
  for (const f of table.families ?? []) {
    if (!f.gc) continue;
    let name = tfName(`${res}_${f.name}`);
    while (usedNames.has(name)) name += '_';
    usedNames.add(name);
    const gc = gcItems(f.gc);
    if (gc.some((i) => i.kind === 'attr' && i.key === 'gc_rules')) used.add('gcRules');
    blocks.push(
      block(`resource "google_bigtable_gc_policy" ${hclString(name)}`, [
        { kind: 'attr', key: 'instance_name', value: instanceRef },
        { kind: 'attr', key: 'table', value: `google_bigtable_table.${res}.name` },
        { kind: 'attr', key: 'column_family', value: hclString(f.name) },
        ...gc,
      ]),
    );
  }
  return { blocks, notes, warnings };
}

/** `terraform { required_providers { google = ... } }` pinned to the oldest release with what the module uses. */
export function requiredProviders(used: Iterable<ProviderFeature>): string[] {
  return block('terraform', [
    {
      kind: 'block',
      lines: block('required_providers', [
        { kind: 'attr', key: 'google', value: `{\n    source  = "hashicorp/google"\n    version = ">= ${providerVersion(used)}"\n  }` },
      ]),
    },
  ]);
}

export const exportTerraform: Exporter = (design, tableArg) => {
  const table = requireTable(design, tableArg);
  const used = new Set<ProviderFeature>();
  const t = terraformTable(design, table, 'var.instance_name', used);
  const head: string[] = [`# Table ${table.name} of design "${design.name}", by Bigtable Schema Studio.`].map(commentText);
  for (const n of t.warnings) head.push(`# Warning: ${commentText(n)}`);
  const out: string[] = [...head, '', ...requiredProviders(used), ''];
  out.push(
    ...block('variable "instance_name"', [
      { kind: 'attr', key: 'type', value: 'string' },
      { kind: 'attr', key: 'description', value: hclString('The Bigtable instance that holds the table.') },
    ]),
  );
  for (const b of t.blocks) out.push('', ...b);
  // The design's views of this table (materialized, logical, authorized): core/export/views/export.ts.
  const views = viewsOf(design, table.name);
  out.push(...viewsTerraform(views, 'var.instance_name', (name) => (name === table.name ? `google_bigtable_table.${tfName(table.name)}` : null)));
  return { text: `${out.join('\n')}\n`, filename: `${fileSafe(table.name)}.tf`, mime: 'text/plain', notes: [...t.notes, ...views.skipped] };
};
