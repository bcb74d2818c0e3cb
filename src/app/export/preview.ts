// What the Export dialog shows for a choice of format and options: the exporter's file, or
// every reason the design cannot be written in that format. Pure; never throws.
import {
  CODE_LANGS,
  EXPORT_FORMATS,
  EXPORTERS,
  ExportError,
  exportTable,
  EITHER_FORMATS,
  type ExportFormat,
  type ExportOptions,
  type SimulationSummary,
} from '../../core/outputs';
import type { Design } from '../../core/model/schema';

export { CODE_LANGS, EXPORT_FORMATS, EXPORTERS, EITHER_FORMATS, type ExportFormat };

export type CodeLang = (typeof CODE_LANGS)[number];

export const LANG_LABELS: Record<CodeLang, string> = { ts: 'TypeScript', java: 'Java', go: 'Go', python: 'Python' };

/** What the user picked in the dialog. */
export interface ExportChoice {
  format: ExportFormat;
  /** The table for table formats (and markdown when not null); ignored by `design`. */
  table: string | null;
  preEncoded: boolean;
  lang: CodeLang;
  as: 'yaml' | 'json';
  /** markdown: the whole design (true) or only `table`. */
  wholeDesign: boolean;
  /** gcloud, cbt, terraform: all tables (and the instance and app profiles) in one file. */
  allTables?: boolean;
}

export type ExportView = { ok: true; text: string; filename: string; mime: string; notes: string[] } | { ok: false; title: string; problems: string[] };

/** The table a table format uses: the named one when it exists, else the design's first. */
export function tableFor(design: Design, tableName: string | null | undefined): string | null {
  if (tableName && design.tables.some((t) => t.name === tableName)) return tableName;
  return design.tables[0]?.name ?? null;
}

/**
 * Whether the choice writes the whole design. Which formats can is the registry's
 * (core/outputs.ts, `covers`); for those that can write either, the dialog asks with two
 * checkboxes: the review's "The whole design" (on by default; also when there is no table) and
 * the scripts' "All tables" (off by default).
 */
export function choosesWholeDesign(choice: ExportChoice): boolean {
  const covers = EXPORTERS[choice.format].covers;
  if (covers !== 'either') return covers === 'design';
  return choice.format === 'markdown' ? choice.wholeDesign || choice.table === null : choice.allTables === true;
}

export function exportView(design: Design, choice: ExportChoice, simulations?: Record<string, SimulationSummary>): ExportView {
  const entry = EXPORTERS[choice.format];
  const label = entry.label;
  const whole = choosesWholeDesign(choice);
  const table = whole ? null : choice.table;
  if (!whole && table === null) {
    return { ok: false, title: `The design has no table to write as ${label}`, problems: ['add a table to the design first'] };
  }
  const options: ExportOptions = {};
  if (choice.format === 'row-key-schema') options.preEncoded = choice.preEncoded;
  if (choice.format === 'code') options.lang = choice.lang;
  if (choice.format === 'design') options.as = choice.as;
  if (choice.format === 'markdown' && simulations) options.simulations = simulations;
  try {
    const r = exportTable(design, table, choice.format, options);
    return { ok: true, text: r.text, filename: r.filename, mime: r.mime, notes: r.notes };
  } catch (e) {
    const where = table === null ? 'the design' : `table ${table}`;
    if (e instanceof ExportError) {
      return { ok: false, title: `${label} cannot express ${where}`, problems: e.problems.length ? e.problems : [e.message] };
    }
    return { ok: false, title: `The ${label} export failed for ${where}`, problems: [e instanceof Error ? e.message : String(e)] };
  }
}
