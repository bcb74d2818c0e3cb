// btstudio export DESIGN --to FORMAT: row_key_schema.yaml, gcloud/cbt scripts, Terraform, key
// builders, SQL, a Markdown review or the design itself (src/core/export).
import { writeFile } from 'node:fs/promises';
import { coverageText, ExportError, EXPORT_FORMATS, EXPORTERS, exportTable, type ExportFormat } from '../../core/outputs';
import { CODE_LANGS } from '../../core/export/code';
import { failedError, parseFlags, UserError, write, writeError, type Io } from '../io';
import { pickTable, readDesign } from '../design-file';

export const usage = `usage: btstudio export DESIGN --to FORMAT [--table T] [-o FILE]
                        [--pre-encoded] [--lang ts|java|go|python] [--as yaml|json]

Formats (docs/exports.md):
  row-key-schema  row_key_schema.yaml for gcloud's --row-key-schema-definition-file
                  (--pre-encoded: the delimiter in base64, for --row-key-schema-pre-encoded-bytes)
  gcloud          a bash script: the schema file, gcloud bigtable instances tables create, and cbt
                  for what gcloud cannot express (aggregate families, nested GC rules), then the
                  table's views (materialized-views, logical-views, authorized-views create)
  cbt             a bash script: cbt createtable with families, GC rules and aggregate types
  terraform       google_bigtable_table and google_bigtable_gc_policy resources, and the
                  table's views (google_bigtable_materialized_view, _logical_view, _authorized_view)
  code            key builder, parser and row ranges per query (--lang ts, java, go or python)
  sql             GoogleSQL for Bigtable per query (exactly its rows), the table's views, and
                  suggested materialized views
  markdown        a design review (the whole design unless --table is given)
  design          the design as YAML (or --as json)
What each format writes: ${coverageText()}; a one-table format's --table may be left out
when the design has one table. Scripts read INSTANCE (and PROJECT) from the environment. Exit 2 when the format cannot express the design, with the reasons.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    table: { type: 'string', short: 't' },
    to: { type: 'string' },
    output: { type: 'string', short: 'o' },
    'pre-encoded': { type: 'boolean' },
    lang: { type: 'string' },
    as: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UserError('name one design file');
  const file = positionals[0]!;
  const format = values.to;
  if (format === undefined) throw new UserError(`choose a format with --to (${EXPORT_FORMATS.join(', ')})`);
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UserError(`--to must be one of ${EXPORT_FORMATS.join(', ')} (got "${format}")`);
  const lang = values.lang;
  if (lang !== undefined && !(CODE_LANGS as readonly string[]).includes(lang)) throw new UserError(`--lang must be ts, java, go or python (got "${lang}")`);
  if (values.as !== undefined && values.as !== 'yaml' && values.as !== 'json') throw new UserError(`--as must be yaml or json (got "${values.as}")`);
  // A flag another format would silently ignore is a mistake: say so rather than write the wrong file.
  if (lang !== undefined && format !== 'code') throw new UserError(`--lang is for --to code, not --to ${format}`);
  if (values['pre-encoded'] && format !== 'row-key-schema')
    throw new UserError(`--pre-encoded is for --to row-key-schema, not --to ${format} (the other formats write the delimiter as their tool reads it)`);
  if (values.as !== undefined && format !== 'design') throw new UserError(`--as is for --to design, not --to ${format}`);
  if (values.output === '') throw new UserError('-o needs a file name');
  const design = await readDesign(file);
  const entry = EXPORTERS[format as ExportFormat];
  const table = entry.covers !== 'table' && values.table === undefined ? null : pickTable(design, values.table, file).name;
  let result;
  try {
    result = exportTable(design, table, format as ExportFormat, {
      preEncoded: values['pre-encoded'] === true,
      ...(lang ? { lang: lang as (typeof CODE_LANGS)[number] } : {}),
      ...(values.as ? { as: values.as as 'yaml' | 'json' } : {}),
    });
  } catch (e) {
    if (e instanceof ExportError) throw new UserError(`${file}: ${e.message}`);
    throw failedError(`${file}: export --to ${format}${table === null ? '' : ` of table ${table}`}`, e);
  }
  for (const n of result.notes) await write(io.stderr, `note: ${n}\n`);
  if (values.output !== undefined) {
    const script = format === 'gcloud' || format === 'cbt';
    try {
      await writeFile(values.output, result.text, { mode: script ? 0o755 : 0o644 });
    } catch (e) {
      throw writeError(values.output, e);
    }
    await write(io.stderr, `wrote ${values.output}\n`);
  } else {
    await write(io.stdout, result.text);
  }
  return 0;
}
