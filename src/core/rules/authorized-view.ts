// Authorized views ("Authorized views overview"; the admin API's AuthorizedView.SubsetView): a
// table of the design, row prefixes that are real prefixes of its key template, families that
// exist, at most 10 qualifier prefixes in all, and an id Bigtable accepts.
import { TABLE_ID_RE } from '../export/common';
import { prefixProblem } from '../export/views/prefix';
import { defineViewRule } from './support/viewed';

export const MAX_QUALIFIER_PREFIXES = 10;

export default defineViewRule({
  meta: {
    id: 'authorized-view',
    severity: 'error',
    description:
      'An authorized view Bigtable would refuse or that grants other rows than meant: unknown table or family, a prefix no key has, too many qualifier prefixes.',
    messages: {
      table: 'authorized view {view} is on table {table}, which the design does not have.',
      family: 'authorized view {view} names family {family}, which table {table} does not have ("Authorized views overview").',
      prefix: 'authorized view {view}: no key starts with "{prefix}" ({why}), so the view holds no rows.',
      tooMany: 'authorized view {view} lists {count} qualifier prefixes; Bigtable allows at most 10 per view ("Authorized views overview").',
      name: 'authorized view id {view} is not a valid Bigtable id ([_a-zA-Z0-9][-_.a-zA-Z0-9]*, at most 50): Bigtable refuses it.',
      duplicate: 'authorized view {view} is defined twice on table {table}.',
    },
    fixable: false,
  },
  design({ design, report }) {
    const seen = new Set<string>();
    (design.authorizedViews ?? []).forEach((v, vi) => {
      const at = ['authorizedViews', vi];
      if (!TABLE_ID_RE.test(v.name)) report({ path: [...at, 'name'], messageId: 'name', data: { view: v.name } });
      const id = `${v.table}\u0000${v.name}`;
      if (seen.has(id)) report({ path: [...at, 'name'], messageId: 'duplicate', data: { view: v.name, table: v.table } });
      seen.add(id);
      const table = design.tables.find((t) => t.name === v.table);
      if (!table) return report({ path: [...at, 'table'], messageId: 'table', data: { view: v.name, table: v.table } });
      for (const fam of Object.keys(v.families)) {
        if (!(table.families ?? []).some((f) => f.name === fam))
          report({ path: [...at, 'families', fam], messageId: 'family', data: { view: v.name, family: fam, table: table.name } });
      }
      const count = Object.values(v.families).reduce((n, s) => n + (s.qualifierPrefixes?.length ?? 0), 0);
      if (count > MAX_QUALIFIER_PREFIXES) report({ path: [...at, 'families'], messageId: 'tooMany', data: { view: v.name, count } });
      (v.rowPrefixes ?? []).forEach((p, pi) => {
        let why: string | null;
        try {
          why = prefixProblem(table, p);
        } catch {
          why = null;
        }
        if (why) report({ path: [...at, 'rowPrefixes', pi], messageId: 'prefix', data: { view: v.name, prefix: p, template: table.rowKey.template, why } });
      });
    });
  },
});
