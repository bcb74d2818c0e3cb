// A materialized view's key as the rules about it read it (view-copies-table, view-key-hotspot):
// the view is a second table whose row key is its GROUP BY or ORDER BY ("Continuous
// materialized views"), each key item read as a field or column of the source table.
import type { DesignAnalysis, TableAnalysis } from '../../analysis/design';
import { checkMaterializedView, type SelectShape } from '../../export/views/check';
import { keyItemOf, type KeyItem } from '../../export/views/key-items';
import { materializedViewSql } from '../../export/views/sql';
import type { PathPart } from '../../model/positions';
import type { Design, MaterializedView, Table } from '../../model/schema';

export interface KeyedView {
  view: MaterializedView;
  /** The view's index in `design.materializedViews`. */
  index: number;
  /** Where a finding on the view's key points: its query, groupBy or index. */
  at: PathPart[];
  source: Table;
  /** The analysis of the source table. */
  ta: TableAnalysis;
  /** The view's SQL read: its key (GROUP BY or ORDER BY items, never empty) and select items. */
  shape: SelectShape & { form: 'group' | 'order' };
  /** Each select item's expression by its alias. */
  exprs: Record<string, string>;
  /** What each key item is in the source table. */
  items: KeyItem[];
}

/** The keyed views of a design, per its analysis: the two rules that read them build and parse each view's SQL once. */
const built = new WeakMap<DesignAnalysis, { design: Design; views: readonly KeyedView[] }>();

/** The design's materialized views keyed by a GROUP BY or ORDER BY over a table of the design (the others have no key to judge). */
export function keyedViews(design: Design, analysis: DesignAnalysis): readonly KeyedView[] {
  const hit = built.get(analysis);
  if (hit?.design === design) return hit.views;
  const out: KeyedView[] = [];
  (design.materializedViews ?? []).forEach((view, index) => {
    const ti = design.tables.findIndex((t) => t.name === view.table);
    const sql = materializedViewSql(design, view);
    if (ti < 0 || !sql.ok) return;
    const { shape } = checkMaterializedView(sql.sql, design);
    if (!shape || shape.form === 'plain' || !shape.key.length) return;
    const source = design.tables[ti]!;
    const exprs: Record<string, string> = {};
    shape.aliases.forEach((a, i) => (exprs[a] = shape.exprs[i]!));
    out.push({
      view,
      index,
      at: ['materializedViews', index, view.query !== undefined ? 'query' : view.groupBy ? 'groupBy' : 'index'],
      source,
      ta: analysis.tables[ti]!,
      shape: { ...shape, form: shape.form },
      exprs,
      items: shape.key.map((k) => keyItemOf(source, k, exprs[k] ?? k)),
    });
  });
  built.set(analysis, { design, views: out });
  return out;
}
