// A bash script that creates the table with gcloud: the row key schema file, then
// `gcloud bigtable instances tables create` with --column-families in gcloud's one-level,
// two-rule GC syntax. What gcloud cannot say (aggregate families, nested GC rules) follows as
// cbt commands, each with a comment saying why. Every design value is single-quoted (shq), so
// nothing in a name can run; INSTANCE and PROJECT come from the environment.
import { parseDuration } from '../model/duration';
import { dump } from 'js-yaml';
import { utf8Length } from '../keys/bytes';
import type { Design, Family, Table } from '../model/schema';
import {
  AGGREGATE_TYPE,
  cbtList,
  commentText,
  ExportError,
  fileSafe,
  FAMILY_ID_RE,
  gcToCbt,
  gcToGcloud,
  gcloudList,
  requireArguments,
  requireTable,
  shq,
  TABLE_ID_RE,
  type Exporter,
} from './common';
import { viewsGcloud, viewsOf } from './views/export';
import { refuseLimits } from './limits';
import { structObject, structuredKeyOf } from './row-key-schema';

/** Names gcloud's and cbt's family lists would misread: both split an item at ":" (gcloud also trims). */
export function checkListableFamilies(table: Table, tool: string): void {
  const bad = (table.families ?? []).filter((f) => f.name.includes(':') || f.name === '' || (tool === 'gcloud' && f.name !== f.name.trim()));
  if (bad.length) {
    throw new ExportError(
      `${tool} cannot create family ${bad.map((f) => JSON.stringify(f.name)).join(', ')}: its family list splits a family from its GC rule at ":"${tool === 'gcloud' ? ' and trims spaces' : ''} (Bigtable allows only letters, digits, _ - .)`,
    );
  }
}

/**
 * Linux refuses to start a program with one argument of 128 KiB or more (MAX_ARG_STRLEN,
 * 131,072 bytes with its terminating NUL): "Argument list too long".
 */
export const MAX_ARGUMENT_BYTES = 131_071;

/** The table id, family ids and split keys the script passes as arguments must arrive byte for byte. */
export function checkArguments(table: Table, tool: string): void {
  requireArguments(tool, [
    ['table id', table.name],
    ...(table.families ?? []).map((f) => ['family id', f.name] as const),
    ...(table.splits ?? []).map((s) => ['split key', s] as const),
  ]);
  // The split keys travel as one argument (gcloud's --splits=, cbt's splits=).
  const splits = (table.splits ?? []).filter((s) => s !== '');
  if (splits.length) {
    const arg = tool === 'cbt' ? `splits=${cbtList(splits)}` : `--splits=${gcloudList(splits)}`;
    const bytes = utf8Length(arg);
    if (bytes > MAX_ARGUMENT_BYTES) {
      throw new ExportError(
        `table ${table.name}: its ${splits.length.toLocaleString('en-US')} split keys make one ${tool} argument of ${bytes.toLocaleString('en-US')} bytes, and Linux starts no program with an argument above 128 KiB: use fewer or shorter split keys, or the terraform export`,
      );
    }
  }
}

/** Warnings for ids Bigtable will refuse (the tool says so when the script runs). */
export function idWarnings(table: Table): string[] {
  const out: string[] = [];
  if (!TABLE_ID_RE.test(table.name))
    out.push(`table id ${JSON.stringify(table.name)} is not a valid Bigtable table id ([_a-zA-Z0-9][-_.a-zA-Z0-9]*, at most 50): the tool will refuse it`);
  for (const f of table.families ?? []) {
    if (!FAMILY_ID_RE.test(f.name)) out.push(`family id ${JSON.stringify(f.name)} is not a valid Bigtable family id: the tool will refuse it`);
  }
  return out;
}

/** The cbt command line prefix used by both scripts. */
export const CBT_FUNCTION = 'cbt_() { cbt ${PROJECT:+-project="$PROJECT"} -instance="$INSTANCE" "$@"; }';

function familySpec(f: Family, gcloudRule: string | null): string {
  return gcloudRule ? `${f.name}:${gcloudRule}` : f.name;
}

/** A design duration as gcloud takes it (d, h, m, s; milliseconds become whole seconds). */
export function gcloudDuration(d: string): string {
  const ms = parseDuration(d);
  return ms !== null && d.endsWith('ms') ? `${Math.ceil(ms / 1000)}s` : d;
}

/** gcloud flags for the table's production settings; tiered storage needs `gcloud beta`. */
export function settingFlags(table: Table): { flags: string[]; beta: boolean } {
  const flags: string[] = [];
  if (table.deletionProtection) flags.push('--deletion-protection');
  if (table.changeStreamRetention) flags.push(`--change-stream-retention-period=${shq(gcloudDuration(table.changeStreamRetention))}`);
  if (table.backup) flags.push(`--automated-backup-retention-period=${shq(gcloudDuration(table.backup.retention))}`);
  const tier = table.tieredStorage?.infrequentAccessAfter;
  if (tier) flags.push(`--tiered-storage-infrequent-access-older-than=${shq(gcloudDuration(tier))}`);
  return { flags, beta: tier !== undefined };
}

/** The commands that create one table (after its row key schema file is written to `schemaPath`). */
export interface GcloudTable {
  /** The row_key_schema.yaml text, or null when the key has no schema. */
  schemaYaml: string | null;
  commands: (schemaPath: string) => string[];
  /** Ids the tool will refuse (said as warnings at the top of a script). */
  warnings: string[];
  notes: string[];
}

export function gcloudTable(design: Design, table: Table): GcloudTable {
  checkListableFamilies(table, 'gcloud');
  checkArguments(table, 'gcloud');
  refuseLimits(design, [table], false);
  const warnings = idWarnings(table);
  const notes = [...warnings];
  const comments: string[] = [];
  let schemaYaml: string | null = null;
  try {
    const key = structuredKeyOf(design, table);
    schemaYaml = dump(structObject(key, false), { lineWidth: -1, noRefs: true });
    for (const n of key.notes) notes.push(n);
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
    const why = `no row key schema: ${e.problems.join('; ')}`;
    notes.push(why);
    comments.push(`# ${commentText(`The table gets ${why}`)}`);
  }
  const settings = settingFlags(table);
  const gcloud = `gcloud ${settings.beta ? 'beta ' : ''}bigtable instances tables`;
  const commands = (schemaPath: string): string[] => {
    const lines = [...comments];
    if (settings.beta) lines.push('# Tiered storage is a Preview feature: only `gcloud beta` sets it.');
    const later: string[] = [];
    const families: string[] = [];
    const aggregates: Family[] = [];
    for (const f of table.families ?? []) {
      const rule = f.gc ? gcToGcloud(f.gc) : null;
      if (f.aggregate) {
        aggregates.push(f);
        continue;
      }
      families.push(familySpec(f, rule));
      if (f.gc && rule === null) {
        later.push(`# Family ${commentText(f.name)}: gcloud takes one level of at most two GC rules; this one is nested or longer.`);
        later.push(`cbt_ setgcpolicy ${shq(table.name)} ${shq(f.name)} ${shq(gcToCbt(f.gc)!)}`);
      }
    }
    const splits = (table.splits ?? []).filter((s) => s !== '');
    const where = ['--instance="$INSTANCE"', '${PROJECT:+--project="$PROJECT"}'];
    if (families.length) {
      later.unshift(
        ...aggregates.flatMap((f) => [
          `# Family ${commentText(f.name)} is an aggregate (${f.aggregate}) family: gcloud's --column-families cannot set a type.`,
          `cbt_ createfamily ${shq(table.name)} ${shq(`${f.name}:${gcToCbt(f.gc) ?? 'never'}:${AGGREGATE_TYPE[f.aggregate!]}`)}`,
        ]),
      );
      const args = [`${gcloud} create ${shq(table.name)}`, ...where, `--column-families=${shq(gcloudList(families))}`];
      if (schemaYaml !== null) args.push(`--row-key-schema-definition-file=${schemaPath}`);
      if (splits.length) args.push(`--splits=${shq(gcloudList(splits))}`);
      args.push(...settings.flags);
      lines.push(args.join(' \\\n  '));
      if (later.length) lines.push('', '# What gcloud cannot express, with cbt (the Cloud Bigtable CLI):', CBT_FUNCTION, ...later);
    } else {
      // gcloud's tables create needs at least one plain family: cbt creates the table, gcloud adds the schema.
      const specs = aggregates.map((f) => `${f.name}:${gcToCbt(f.gc) ?? 'never'}:${AGGREGATE_TYPE[f.aggregate!]}`);
      lines.push(
        `# gcloud's tables create needs a plain (non-aggregate) column family and this table has ${aggregates.length ? 'only aggregate families' : 'none'}:`,
        `# cbt creates the table, then gcloud sets its ${settings.flags.length ? 'row key schema and settings' : 'row key schema'}.`,
        CBT_FUNCTION,
      );
      const args = [`cbt_ createtable ${shq(table.name)}`];
      if (specs.length) args.push(shq(`families=${cbtList(specs)}`));
      if (splits.length) args.push(shq(`splits=${cbtList(splits)}`));
      lines.push(args.join(' \\\n  '));
      const update = [...(schemaYaml !== null ? [`--row-key-schema-definition-file=${schemaPath}`] : []), ...settings.flags];
      if (update.length) lines.push([`${gcloud} update ${shq(table.name)}`, ...where, ...update].join(' \\\n  '));
    }
    return lines;
  };
  return { schemaYaml, commands, warnings, notes };
}

export const exportGcloud: Exporter = (design, tableArg) => {
  const table = requireTable(design, tableArg);
  const t = gcloudTable(design, table);
  const lines: string[] = [];
  const say = (s: string) => lines.push(`# ${commentText(s)}`);
  lines.push('#!/usr/bin/env bash');
  say(`Creates Bigtable table ${table.name} of design "${design.name}" with gcloud.`);
  say('Generated by Bigtable Schema Studio. Usage: INSTANCE=my-instance [PROJECT=my-project] bash this-script.sh');
  for (const n of t.warnings) say(`Warning: ${n}`);
  lines.push('set -euo pipefail', ': "${INSTANCE:?set INSTANCE to the Bigtable instance id}"', '');
  if (t.schemaYaml !== null) {
    lines.push('schema_file="$(mktemp)"', `trap 'rm -f "$schema_file"' EXIT`);
    lines.push(`printf '%s' ${shq(t.schemaYaml)} > "$schema_file"`, '');
  }
  lines.push(...t.commands('"$schema_file"'));
  // The design's views of this table (materialized, logical, authorized): export/views/export.ts.
  const views = viewsOf(design, table.name);
  lines.push(...viewsGcloud(views));
  return {
    text: `${lines.join('\n')}\n`,
    filename: `create-${fileSafe(table.name)}.gcloud.sh`,
    mime: 'text/x-shellscript',
    notes: [...t.notes, ...views.skipped],
  };
};
