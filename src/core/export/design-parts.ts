// Sections a whole-design export adds after the tables, one per feature that lives beside the
// tables in the instance: the place where views (materialized, logical, authorized: the "sql"
// work) plug in. Each part is a pure function of the design that returns its lines, or null
// when the design has nothing of it; the whole-design exporters (whole.ts) call every part in
// order and say nothing else about them.
import type { Design } from '../model/schema';
import { viewsGcloud, viewsOf, viewsTerraform } from './views/export';

export interface PartContext {
  /** gcloud and cbt: how the script names the instance (always `"$INSTANCE"`). */
  instanceArg: string;
  /** Terraform: the expression of the instance name (`google_bigtable_instance.instance.name` or `var.instance_name`). */
  instanceRef: string;
  /** Terraform: the expression of a table's name (`google_bigtable_table.<resource>.name`), for depends-on order. */
  tableRef: (table: string) => string;
}

export interface DesignPart {
  /** What the part creates, for the script's header ("materialized views"). */
  title: string;
  /** Bash lines for the gcloud script, or null when the design has none. */
  gcloud?: (design: Design, ctx: PartContext) => string[] | null;
  /** Terraform blocks (each a list of lines), or null. */
  terraform?: (design: Design, ctx: PartContext) => string[][] | null;
  /** Notes the export returns (what a part could not say). */
  notes?: (design: Design) => string[];
}

const anyView = (design: Design) => Boolean(design.materializedViews?.length || design.logicalViews?.length || design.authorizedViews?.length);

/** Parts in the order they are written. */
export const DESIGN_PARTS: readonly DesignPart[] = [
  {
    // Materialized, logical and authorized views (export/views/export.ts), after every table.
    title: 'views',
    gcloud: (design) => (anyView(design) ? viewsGcloud(viewsOf(design, null)) : null),
    terraform: (design, ctx) => {
      if (!anyView(design)) return null;
      const names = new Set(design.tables.map((t) => t.name));
      const lines = viewsTerraform(viewsOf(design, null), ctx.instanceRef, (t) => (names.has(t) ? ctx.tableRef(t).replace(/\.name$/, '') : null));
      return lines.length ? [lines] : null;
    },
    // Skipped views are said in the views' own lines; the notes repeat them for the CLI.
    notes: (design) => (anyView(design) ? viewsOf(design, null).skipped : []),
  },
];
