// Terraform (hashicorp/google provider): google_bigtable_table with a column_family block per
// family (`type` for aggregates), the row key schema as JSON (a full Type: `structType`, the
// delimiter base64), and a google_bigtable_gc_policy per family with a GC rule. Written as
// `terraform fmt` writes it (two-space indent, `=` aligned within runs of attributes).
import { utf8 } from '../keys/bytes';
import type { GcRule } from '../model/schema';
import { toBase64 } from '../share/base64';
import { AGGREGATE_TYPE, commentText, ExportError, fileSafe, goDuration, requireTable, simplifyGc, type Exporter } from './common';
import { idWarnings } from './gcloud';
import { structuredKeyOf } from './row-key-schema';
import { viewsOf, viewsTerraform } from '../views/export';

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
export const heredocSafe = (s: string) => s.replace(/\$\{/g, '$$$${').replace(/%\{/g, '%%{');

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
    'maxAge' in x ? { kind: 'block', lines: block('max_age', [{ kind: 'attr', key: 'duration', value: hclString(goDuration(x.maxAge)) }]) } : 'maxVersions' in x ? { kind: 'block', lines: block('max_version', [{ kind: 'attr', key: 'number', value: String(x.maxVersions) }]) } : null;
  if ('maxAge' in r || 'maxVersions' in r) return [{ kind: 'blank' }, simple(r)!];
  const parts = 'union' in r ? r.union : r.intersection;
  if (parts.length === 2 && parts.some((p) => 'maxAge' in p) && parts.some((p) => 'maxVersions' in p)) {
    const age = parts.find((p) => 'maxAge' in p)!;
    const ver = parts.find((p) => 'maxVersions' in p)!;
    return [{ kind: 'attr', key: 'mode', value: hclString('union' in r ? 'UNION' : 'INTERSECTION') }, { kind: 'blank' }, simple(age)!, { kind: 'blank' }, simple(ver)!];
  }
  const json = JSON.stringify(gcRulesJson(r), null, 2);
  return [{ kind: 'attr', key: 'gc_rules', value: `<<-EOT\n${heredocSafe(json).split('\n').map((l) => `    ${l}`).join('\n')}\n  EOT` }];
}

export const exportTerraform: Exporter = (design, tableArg) => {
  const table = requireTable(design, tableArg);
  const notes = idWarnings(table);
  const res = tfName(table.name);
  const head: string[] = [`# Table ${table.name} of design "${design.name}", by Bigtable Schema Studio.`].map(commentText);
  for (const n of notes) head.push(`# Warning: ${commentText(n)}`);

  const tableItems: Item[] = [
    { kind: 'attr', key: 'name', value: hclString(table.name) },
    { kind: 'attr', key: 'instance_name', value: 'var.instance_name' },
  ];
  const splits = (table.splits ?? []).filter((s) => s !== '');
  if (splits.length) tableItems.push({ kind: 'attr', key: 'split_keys', value: `[${splits.map(hclString).join(', ')}]` });
  for (const f of table.families ?? []) {
    const items: Item[] = [{ kind: 'attr', key: 'family', value: hclString(f.name) }];
    if (f.aggregate) items.push({ kind: 'attr', key: 'type', value: hclString(AGGREGATE_TYPE[f.aggregate]) });
    tableItems.push({ kind: 'blank' }, { kind: 'block', lines: block('column_family', items) });
  }
  try {
    const key = structuredKeyOf(design, table);
    const encoding = key.encoding === 'delimitedBytes' ? { delimitedBytes: { delimiter: toBase64(utf8(key.delimiter!)) } } : { [key.encoding]: {} };
    const json = JSON.stringify({ structType: { fields: key.fields, encoding } }, null, 2);
    tableItems.push({ kind: 'blank' }, { kind: 'attr', key: 'row_key_schema', value: `<<-EOT\n${heredocSafe(json).split('\n').map((l) => `    ${l}`).join('\n')}\n  EOT` });
    notes.push(...key.notes);
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
    notes.push(`no row key schema: ${e.problems.join('; ')}`);
    tableItems.push({ kind: 'blank' }, { kind: 'raw', lines: [`  # No row_key_schema: ${commentText(e.problems.join('; '))}`] });
  }

  const out: string[] = [...head, ''];
  out.push(...block('variable "instance_name"', [
    { kind: 'attr', key: 'type', value: 'string' },
    { kind: 'attr', key: 'description', value: hclString('The Bigtable instance that holds the table.') },
  ]));
  out.push('', ...block(`resource "google_bigtable_table" ${hclString(res)}`, tableItems));
  const used = new Set<string>();
  for (const f of table.families ?? []) {
    if (!f.gc) continue;
    let name = tfName(`${res}_${f.name}`);
    while (used.has(name)) name += '_';
    used.add(name);
    out.push('', ...block(`resource "google_bigtable_gc_policy" ${hclString(name)}`, [
      { kind: 'attr', key: 'instance_name', value: 'var.instance_name' },
      { kind: 'attr', key: 'table', value: `google_bigtable_table.${res}.name` },
      { kind: 'attr', key: 'column_family', value: hclString(f.name) },
      ...gcItems(f.gc),
    ]));
  }
  // The design's views of this table (materialized, logical, authorized): core/views/export.ts.
  const views = viewsOf(design, table.name);
  notes.push(...views.skipped);
  out.push(...viewsTerraform(views, 'var.instance_name', (t) => (t === table.name ? `google_bigtable_table.${res}` : null)));
  return { text: `${out.join('\n')}\n`, filename: `${fileSafe(table.name)}.tf`, mime: 'text/plain', notes };
};
