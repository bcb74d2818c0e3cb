// Schema design best practices ("Tall-Narrow Tables vs. Short-Wide Tables"): rows that gain "thousands or tens of
// thousands of dynamic columns representing individual events" cannot be split and slow every
// read; "whenever a scenario involves unbounded events [...] always choose a tall-narrow schema
// where each event constitutes a distinct row". Growth comes from support/rows.ts: a row that
// lives for the whole retention (no time field in the key) and whose family no GC rule bounds.
import { columnName, horizonText, rowModel } from '../analysis/rows';
import { formatBytes, formatCount } from '../units';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'short-wide-unbounded',
    severity: 'warning',
    description: 'Dynamic columns without a bound: rows keep growing; prefer tall and narrow.',
    messages: {
      noPerRow: 'column {column} is dynamic but states no perRow: nothing bounds how wide its rows grow (Schema design best practices).',
      growing:
        'column {column} gains cells with no time field and no GC rule: the busiest row reaches ~{size} and keeps growing (Schema design best practices).',
    },
    details: {
      noPerRow:
        'column {column} is dynamic (its qualifier is data) but states no perRow, so nothing says how many columns a row gets{growth}. Rows that gain a column per event are short and wide: Bigtable cannot split them and every read of one slows. Declare perRow; if each event adds a column, prefer tall and narrow: one row per event, with its time or id in the key.',
      growing:
        'column {column} states {perRow} columns per row, but with no time field in the key its rows live for {span}, and no GC rule bounds {family}: the busiest row gathers about {cells} cells ({size}) and keeps growing with time. Schema design best practices: "whenever a scenario involves unbounded events [...] always choose a tall-narrow schema where each event constitutes a distinct row"; or add a time bucket to the key or a maxAge to {family}.',
    },
    fixable: false,
  },
  table(ta, { report }) {
    const fams = ta.table.families ?? [];
    if (!ta.layout || !fams.some((f) => f.columns?.some((c) => c.dynamic))) return;
    const model = rowModel(ta);
    const span = horizonText(ta);
    for (const est of model.hottest.columns) {
      const fam = fams[est.family]!;
      const col = est.column === null ? undefined : fam.columns?.[est.column];
      if (!col?.dynamic) continue;
      const base = { path: ['families', est.family, 'columns', est.column!], data: { column: columnName(fam.name, col.qualifier), family: fam.name } };
      if (col.perRow === undefined) {
        // A row written once cannot gain columns over time; with no load we cannot tell.
        if (model.hottest.writes <= 1 && ta.writesPerSecond > 0) continue;
        const growth = est.growing
          ? `, and with no time field in the key and no GC rule bounding ${fam.name} the busiest row gathers about ${formatCount(est.cells)} of them (${formatBytes(est.bytes)}) over ${span}`
          : '';
        report({ ...base, messageId: 'noPerRow', data: { ...base.data, growth } });
      } else if (est.growing) {
        report({
          ...base,
          messageId: 'growing',
          data: { ...base.data, perRow: formatCount(col.perRow), span, cells: formatCount(est.cells), size: formatBytes(est.bytes) },
        });
      }
    }
  },
});
