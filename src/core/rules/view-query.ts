// Materialized and logical views are checked as Bigtable would check them at creation:
// a materialized view against "Continuous materialized view queries" (GROUP BY or ORDER BY,
// supported aggregations, one source table, no ARRAY_AGG, ...), a logical view as a GoogleSQL
// for Bigtable SELECT ("GoogleSQL for Bigtable reference") over a table of the design.
import { TABLE_ID_RE } from '../export/common';
import { ARRAY_AGG_HELP, checkMaterializedView, checkSelect } from '../export/views/check';
import { materializedViewSql } from '../export/views/sql';
import { defineViewRule } from './support/viewed';

export default defineViewRule({
  meta: {
    id: 'view-query',
    severity: 'error',
    description: 'A materialized or logical view that Bigtable would refuse: its SQL breaks the documented rules, or its name or source table is wrong.',
    messages: {
      materialized: 'materialized view {view} {problem} ("Continuous materialized view queries").',
      logical: 'logical view {view} {problem} ("GoogleSQL for Bigtable reference").',
      source: 'materialized view {view} reads table {from}, but its source table is {table}: a view has one source table, named in both places.',
      name: '{kind} view id {view} is not a valid Bigtable id ([_a-zA-Z0-9][-_.a-zA-Z0-9]*, at most 50): Bigtable refuses it.',
      duplicate: '{kind} view {view} is defined twice; view ids are unique in an instance.',
    },
    details: {
      materialized: 'materialized view {view} {problem} ("Continuous materialized view queries"). {help}',
    },
    fixable: false,
  },
  design({ design, report }) {
    const seen = new Set<string>();
    const seenLogical = new Set<string>();
    (design.materializedViews ?? []).forEach((v, vi) => {
      const at = ['materializedViews', vi];
      if (!TABLE_ID_RE.test(v.name)) report({ path: [...at, 'name'], messageId: 'name', data: { kind: 'materialized', view: v.name } });
      if (seen.has(v.name)) report({ path: [...at, 'name'], messageId: 'duplicate', data: { kind: 'materialized', view: v.name } });
      seen.add(v.name);
      const where = v.query !== undefined ? 'query' : v.groupBy ? 'groupBy' : v.index ? 'index' : 'table';
      const built = materializedViewSql(design, v);
      if (!built.ok)
        return report({
          path: [...at, where],
          messageId: 'materialized',
          data: { view: v.name, problem: `cannot be written as SQL: ${built.reason}`, help: '' },
        });
      const { problems, shape } = checkMaterializedView(built.sql, design);
      for (const p of problems)
        report({
          path: [...at, where],
          messageId: 'materialized',
          data: { view: v.name, problem: p, help: p.startsWith('uses ARRAY_AGG') ? ARRAY_AGG_HELP : '' },
        });
      if (shape?.table && shape.table !== v.table)
        report({ path: [...at, 'table'], messageId: 'source', data: { view: v.name, from: shape.table, table: v.table } });
    });
    (design.logicalViews ?? []).forEach((v, vi) => {
      const at = ['logicalViews', vi];
      if (!TABLE_ID_RE.test(v.name)) report({ path: [...at, 'name'], messageId: 'name', data: { kind: 'logical', view: v.name } });
      if (seenLogical.has(v.name)) report({ path: [...at, 'name'], messageId: 'duplicate', data: { kind: 'logical', view: v.name } });
      seenLogical.add(v.name);
      for (const p of checkSelect(v.query, design).problems) report({ path: [...at, 'query'], messageId: 'logical', data: { view: v.name, problem: p } });
    });
  },
});
