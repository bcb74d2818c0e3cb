// The output formats by name, with what each covers (one table, the whole design, or either)
// and its label: plain data, so the studio's command palette and first screen can list the
// formats without loading an exporter. core/outputs.ts adds each format's exporter.
export const EXPORT_FORMATS = ['row-key-schema', 'gcloud', 'cbt', 'terraform', 'code', 'sql', 'markdown', 'design'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What one export writes: `table`, always one table; `design`, always the whole design; `either`,
 * the whole design (instance, app profiles, every table and view) when no table is named, else
 * that table.
 */
export type Coverage = 'table' | 'design' | 'either';

/** Each format's label (the dialog's list, the palette's commands) and what it covers. */
export const OUTPUT_FORMATS: Record<ExportFormat, { label: string; covers: Coverage }> = {
  'row-key-schema': { label: 'row_key_schema.yaml (gcloud)', covers: 'table' },
  gcloud: { label: 'gcloud script', covers: 'either' },
  cbt: { label: 'cbt script', covers: 'either' },
  terraform: { label: 'Terraform', covers: 'either' },
  code: { label: 'Key builders (TypeScript, Java, Go, Python)', covers: 'table' },
  sql: { label: 'GoogleSQL for Bigtable', covers: 'table' },
  markdown: { label: 'Design review (Markdown)', covers: 'either' },
  design: { label: 'Design (YAML or JSON)', covers: 'design' },
};

/** Formats that can write either one table or the whole design (the choice the dialog and --table make). */
export const EITHER_FORMATS: readonly ExportFormat[] = EXPORT_FORMATS.filter((f) => OUTPUT_FORMATS[f].covers === 'either');

/** Whether `format` writes the whole design when the caller names `table` (null: none named). */
export function writesWholeDesign(format: ExportFormat, table: string | null): boolean {
  const covers = OUTPUT_FORMATS[format].covers;
  return covers === 'design' || (covers === 'either' && table === null);
}

/** The coverage in words, for usage texts and tool descriptions: "gcloud, cbt, terraform and markdown: the whole design unless a table is named; design: always the whole design". */
export function coverageText(): string {
  const list = (fs: readonly ExportFormat[]) => (fs.length > 1 ? `${fs.slice(0, -1).join(', ')} and ${fs[fs.length - 1]}` : fs.join(''));
  const always = EXPORT_FORMATS.filter((f) => OUTPUT_FORMATS[f].covers === 'design');
  const one = EXPORT_FORMATS.filter((f) => OUTPUT_FORMATS[f].covers === 'table');
  return `${list(EITHER_FORMATS)}: the whole design unless a table is named; ${list(always)}: always the whole design; ${list(one)}: one table`;
}
