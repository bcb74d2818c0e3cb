// Every output of a design by name, behind one entry point for the Export dialog, the CLI and
// the MCP tools: the exports (export/, one module per format) and the design review
// (report/review.ts). It sits above both, so the exports need not know the validator the review
// runs. What each format covers (one table, the whole design, or either) is decided here only:
// `covers` below, read by exportTable, the CLI's --table, the dialog's choices and the MCP tool's
// description.
import type { Design, Table } from './model/schema';
import { exportCbt } from './export/cbt';
import { exportCode } from './export/code';
import { ExportError, type ExportOptions, type ExportResult, type Exporter } from './export/common';
import { exportDesign } from './export/design';
import { exportGcloud } from './export/gcloud';
import { exportMarkdown } from './report/review';
import { exportRowKeySchema } from './export/row-key-schema';
import { exportSql } from './export/sql';
import { exportTerraform } from './export/terraform';
import { exportWhole, type WholeFormat } from './export/whole';

export { ExportError, type ExportOptions, type ExportResult, type SimulationSummary } from './export/common';
export { queryRanges, querySpec, type KeyRange, type QueryParam } from './export/ranges';
export { structuredKeyOf, structObject, type StructuredKey } from './export/row-key-schema';
export { CODE_LANGS, keyProgram } from './export/code';

export const EXPORT_FORMATS = ['row-key-schema', 'gcloud', 'cbt', 'terraform', 'code', 'sql', 'markdown', 'design'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What one export writes: `table`, always one table; `design`, always the whole design; `either`,
 * the whole design (instance, app profiles, every table and view) when no table is named, else
 * that table.
 */
export type Coverage = 'table' | 'design' | 'either';

export const EXPORTERS: Record<ExportFormat, { label: string; covers: Coverage; run: Exporter }> = {
  'row-key-schema': { label: 'row_key_schema.yaml (gcloud)', covers: 'table', run: exportRowKeySchema },
  gcloud: { label: 'gcloud script', covers: 'either', run: exportGcloud },
  cbt: { label: 'cbt script', covers: 'either', run: exportCbt },
  terraform: { label: 'Terraform', covers: 'either', run: exportTerraform },
  code: { label: 'Key builders (TypeScript, Java, Go, Python)', covers: 'table', run: exportCode },
  sql: { label: 'GoogleSQL for Bigtable', covers: 'table', run: exportSql },
  markdown: { label: 'Design review (Markdown)', covers: 'either', run: exportMarkdown },
  design: { label: 'Design (YAML or JSON)', covers: 'design', run: exportDesign },
};

/** Formats that can write the whole design in one file: every format but the per-table ones. */
export const WHOLE_DESIGN_FORMATS: readonly ExportFormat[] = EXPORT_FORMATS.filter((f) => EXPORTERS[f].covers !== 'table');

/** Formats that can write either one table or the whole design (the choice the dialog and --table make). */
export const EITHER_FORMATS: readonly ExportFormat[] = EXPORT_FORMATS.filter((f) => EXPORTERS[f].covers === 'either');

/** Whether `format` writes the whole design when the caller names `table` (null: none named). */
export function writesWholeDesign(format: ExportFormat, table: string | null): boolean {
  const covers = EXPORTERS[format].covers;
  return covers === 'design' || (covers === 'either' && table === null);
}

/** The coverage in words, for usage texts and tool descriptions: "gcloud, cbt, terraform and markdown: the whole design unless a table is named; design: always the whole design". */
export function coverageText(): string {
  const list = (fs: readonly ExportFormat[]) => (fs.length > 1 ? `${fs.slice(0, -1).join(', ')} and ${fs[fs.length - 1]}` : fs.join(''));
  const always = EXPORT_FORMATS.filter((f) => EXPORTERS[f].covers === 'design');
  const one = EXPORT_FORMATS.filter((f) => EXPORTERS[f].covers === 'table');
  return `${list(EITHER_FORMATS)}: the whole design unless a table is named; ${list(always)}: always the whole design; ${list(one)}: one table`;
}

export { DESIGN_PARTS, type DesignPart, type PartContext } from './export/design-parts';
export { exportWhole, type WholeFormat } from './export/whole';

/**
 * Exports a table, or the whole design when `tableName` is null and the format covers it
 * (`covers` above). Throws ExportError when the format cannot express the design.
 */
/** The whole-design formats written by export/whole.ts (the others handle a null table themselves). */
const SCRIPT_FORMATS: readonly ExportFormat[] = ['gcloud', 'cbt', 'terraform'] satisfies WholeFormat[];

export function exportTable(design: Design, tableName: string | null, format: ExportFormat, options: ExportOptions = {}): ExportResult {
  const entry = EXPORTERS[format];
  if (!entry) throw new ExportError(`unknown export format "${String(format)}" (formats: ${EXPORT_FORMATS.join(', ')})`);
  if (tableName === null && SCRIPT_FORMATS.includes(format)) return exportWhole(design, format as WholeFormat);
  let table: Table | null = null;
  if (tableName !== null) {
    table = design.tables.find((t) => t.name === tableName) ?? null;
    if (!table) throw new ExportError(`the design has no table "${tableName}" (tables: ${design.tables.map((t) => t.name).join(', ') || 'none'})`);
  }
  return entry.run(design, table, options);
}
