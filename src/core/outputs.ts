// Every output of a design by name, behind one entry point for the Export dialog, the CLI and
// the MCP tools: the exports (export/, one module per format) and the design review
// (report/review.ts). It sits above both, so the exports need not know the validator the review
// runs. What each format covers (one table, the whole design, or either) and its label are
// output-formats.ts's (plain data, read by exportTable, the CLI's --table, the dialog, the palette
// and the MCP tool's description); this module adds each format's exporter.
import type { Design, Table } from './model/schema';
import { EXPORT_FORMATS, OUTPUT_FORMATS, type Coverage, type ExportFormat } from './output-formats';
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

export {
  coverageText,
  EITHER_FORMATS,
  EXPORT_FORMATS,
  OUTPUT_FORMATS,
  writesWholeDesign,
  type Coverage,
  type ExportFormat,
} from './output-formats';

/** Each format's exporter, with its label and coverage from output-formats.ts. */
export const EXPORTERS: Record<ExportFormat, { label: string; covers: Coverage; run: Exporter }> = {
  'row-key-schema': { ...OUTPUT_FORMATS['row-key-schema'], run: exportRowKeySchema },
  gcloud: { ...OUTPUT_FORMATS.gcloud, run: exportGcloud },
  cbt: { ...OUTPUT_FORMATS.cbt, run: exportCbt },
  terraform: { ...OUTPUT_FORMATS.terraform, run: exportTerraform },
  code: { ...OUTPUT_FORMATS.code, run: exportCode },
  sql: { ...OUTPUT_FORMATS.sql, run: exportSql },
  markdown: { ...OUTPUT_FORMATS.markdown, run: exportMarkdown },
  design: { ...OUTPUT_FORMATS.design, run: exportDesign },
};

export { DESIGN_PARTS, type DesignPart, type PartContext } from './export/design-parts';
export { exportWhole, type WholeFormat } from './export/whole';

/** The whole-design formats written by export/whole.ts (the others handle a null table themselves). */
const SCRIPT_FORMATS: readonly ExportFormat[] = ['gcloud', 'cbt', 'terraform'] satisfies WholeFormat[];

/**
 * Exports a table, or the whole design when `tableName` is null and the format covers it
 * (output-formats.ts `covers`). Throws ExportError when the format cannot express the design.
 */
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
