// The exports, one module per format, behind one entry point for the Export dialog and the CLI.
import type { Design, Table } from '../model/schema';
import { exportCbt } from './cbt';
import { exportCode } from './code';
import { ExportError, type ExportOptions, type ExportResult, type Exporter } from './common';
import { exportDesign } from './design';
import { exportGcloud } from './gcloud';
import { exportMarkdown } from './markdown';
import { exportRowKeySchema } from './row-key-schema';
import { exportSql } from './sql';
import { exportTerraform } from './terraform';
import { exportWhole, type WholeFormat } from './whole';

export { ExportError, type ExportOptions, type ExportResult, type SimulationSummary } from './common';
export { queryRanges, querySpec, type KeyRange, type QueryParam } from './ranges';
export { structuredKeyOf, structObject, type StructuredKey } from './row-key-schema';
export { CODE_LANGS, keyProgram } from './code';

export const EXPORT_FORMATS = ['row-key-schema', 'gcloud', 'cbt', 'terraform', 'code', 'sql', 'markdown', 'design'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORTERS: Record<ExportFormat, { label: string; wholeDesign: boolean; run: Exporter }> = {
  'row-key-schema': { label: 'row_key_schema.yaml (gcloud)', wholeDesign: false, run: exportRowKeySchema },
  gcloud: { label: 'gcloud script', wholeDesign: true, run: exportGcloud },
  cbt: { label: 'cbt script', wholeDesign: true, run: exportCbt },
  terraform: { label: 'Terraform', wholeDesign: true, run: exportTerraform },
  code: { label: 'Key builders (TypeScript, Java, Go, Python)', wholeDesign: false, run: exportCode },
  sql: { label: 'GoogleSQL for Bigtable', wholeDesign: false, run: exportSql },
  markdown: { label: 'Design review (Markdown)', wholeDesign: true, run: exportMarkdown },
  design: { label: 'Design (YAML or JSON)', wholeDesign: true, run: exportDesign },
};

/** Formats that write the whole design (instance, app profiles, every table) in one file when no table is named. */
export const WHOLE_DESIGN_FORMATS: readonly ExportFormat[] = ['gcloud', 'cbt', 'terraform'];
export { DESIGN_PARTS, type DesignPart, type PartContext } from './design-parts';
export { exportWhole, type WholeFormat } from './whole';

/**
 * Exports a table, or the whole design when `tableName` is null (markdown, design, and the
 * gcloud, cbt and Terraform exports: one script or module for the instance and every table).
 * Throws ExportError when the format cannot express the design.
 */
export function exportTable(design: Design, tableName: string | null, format: ExportFormat, options: ExportOptions = {}): ExportResult {
  const entry = EXPORTERS[format];
  if (!entry) throw new ExportError(`unknown export format "${String(format)}" (formats: ${EXPORT_FORMATS.join(', ')})`);
  if (tableName === null && WHOLE_DESIGN_FORMATS.includes(format)) return exportWhole(design, format as WholeFormat);
  let table: Table | null = null;
  if (tableName !== null) {
    table = design.tables.find((t) => t.name === tableName) ?? null;
    if (!table) throw new ExportError(`the design has no table "${tableName}" (tables: ${design.tables.map((t) => t.name).join(', ') || 'none'})`);
  }
  return entry.run(design, table, options);
}
