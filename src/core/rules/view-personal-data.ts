// A view that says it holds no personal data but includes a family marked `personalData`: an
// authorized view granting that family, a materialized view copying it (an index's families,
// a column it selects) or a logical view selecting it, while the view's name or description
// says de-identified, anonymised, public or no PII. Views are how access is granted
// ("Authorized views overview": a subset of a table, granted separately; materialized and
// logical views are read with their own permissions), so the grant is the leak.
import type { Table } from '../model/schema';
import { tokenize, type Token } from '../sql/tokens';
import { checkSelect } from '../export/views/check';
import { materializedViewSql } from '../export/views/sql';
import { defineViewRule } from './support/viewed';

/** Words that promise a view holds no personal data. */
const PROMISE =
  /\b(de-?identified|anonymi[sz]ed|anonymous|anon|public|no[ _-]?pii|pii[ _-]?free|without[ _-]pii|non[ _-]?pii|redacted|masked|pseudonymi[sz]ed|scrubbed|sanitized|sanitised)\b/i;

/** The words of a name: snake_case, kebab-case and camelCase split (public_stats -> public stats). */
const words = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ');

function promise(name: string, description: string | undefined): string | null {
  const m = PROMISE.exec(words(name)) ?? (description ? PROMISE.exec(description) : null);
  return m ? m[0] : null;
}

const personal = (t: Table) => new Set((t.families ?? []).filter((f) => f.personalData).map((f) => f.name));

/** Personal families a SELECT reads: named (fam, fam['q'], `fam`) or all of them (SELECT *). */
function readsIn(tokens: readonly Token[], fams: Set<string>): string[] {
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    if ((t.kind === 'word' || t.kind === 'quoted') && fams.has(t.text) && tokens[i - 1]?.text !== '.') out.add(t.text);
  });
  // SELECT * (at the top, or in UNPACK's subquery) returns every family.
  if (tokens.some((t, i) => t.text === '*' && tokens[i - 1]?.kind === 'word' && (tokens[i - 1] as { upper: string }).upper === 'SELECT'))
    for (const f of fams) out.add(f);
  return [...out];
}

export default defineViewRule({
  meta: {
    id: 'view-personal-data',
    severity: 'error',
    description: 'A view whose name or description says it holds no personal data includes a family marked personalData.',
    messages: {
      exposes: '{kind} view {view} says "{promise}" but includes {families}, marked personalData: drop it from the view.',
    },
    details: {
      exposes:
        '{kind} view {view} says "{promise}" (its name or description), but it includes {families} of table {table}, which the design marks as holding personal data (personalData: true). A view is granted on its own ("Authorized views overview"), so whoever is given this view reads that data. Leave the family out of the view{how}, or, if the family holds no personal data, unmark it.',
    },
    fixable: true,
  },
  design({ design, report }) {
    if (!design.authorizedViews?.length && !design.materializedViews?.length && !design.logicalViews?.length) return;
    const byName = new Map(design.tables.map((t) => [t.name, t]));
    (design.authorizedViews ?? []).forEach((v, vi) => {
      const table = byName.get(v.table);
      const said = promise(v.name, v.description);
      if (!table || !said) return;
      const fams = personal(table);
      const exposed = Object.keys(v.families).filter((f) => fams.has(f));
      const left = Object.keys(v.families).length - exposed.length;
      if (exposed.length) {
        report({
          path: ['authorizedViews', vi, 'families'],
          messageId: 'exposes',
          data: { kind: 'authorized', view: v.name, promise: said, families: exposed.join(', '), table: table.name, how: ' (remove it from families)' },
          ...(left > 0
            ? {
                fix: {
                  label: `Remove ${exposed.join(', ')} from ${v.name}`,
                  apply: () => {
                    const families = Object.fromEntries(Object.entries(v.families).filter(([f]) => !exposed.includes(f)));
                    if (Object.keys(families).length === 0) return null;
                    return { ...design, authorizedViews: design.authorizedViews!.map((x, k) => (k === vi ? { ...x, families } : x)) };
                  },
                },
              }
            : {}),
        });
      }
    });
    (design.materializedViews ?? []).forEach((v, vi) => {
      const table = byName.get(v.table);
      const said = promise(v.name, v.description);
      if (!table || !said) return;
      const fams = personal(table);
      if (!fams.size) return;
      const built = materializedViewSql(design, v);
      if (!built.ok) return;
      let exposed: string[];
      try {
        exposed = readsIn(tokenize(built.sql), fams);
      } catch {
        return;
      }
      const indexOnly = v.index !== undefined && exposed.every((f) => v.index!.families?.includes(f));
      if (exposed.length) {
        report({
          path: ['materializedViews', vi, v.query !== undefined ? 'query' : v.index ? 'index' : 'groupBy'],
          messageId: 'exposes',
          data: {
            kind: 'materialized',
            view: v.name,
            promise: said,
            families: exposed.join(', '),
            table: table.name,
            how: v.index ? ' (remove it from index.families)' : ' (select other columns)',
          },
          ...(indexOnly
            ? {
                fix: {
                  label: `Remove ${exposed.join(', ')} from ${v.name}`,
                  apply: () => {
                    if (!v.index?.families) return null;
                    const families = v.index.families.filter((f) => !exposed.includes(f));
                    return {
                      ...design,
                      materializedViews: design.materializedViews!.map((x, k) => (k === vi ? { ...x, index: { ...x.index!, families } } : x)),
                    };
                  },
                },
              }
            : {}),
        });
      }
    });
    (design.logicalViews ?? []).forEach((v, vi) => {
      const said = promise(v.name, v.description);
      if (!said) return;
      const { shape, tokens } = checkSelect(v.query, design);
      const table = shape?.table ? byName.get(shape.table) : undefined;
      if (!table) return;
      const exposed = readsIn(tokens, personal(table));
      if (exposed.length)
        report({
          path: ['logicalViews', vi, 'query'],
          messageId: 'exposes',
          data: { kind: 'logical', view: v.name, promise: said, families: exposed.join(', '), table: table.name, how: ' (select other columns)' },
        });
    });
  },
});
