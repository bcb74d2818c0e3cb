// Schema design best practices, pattern 2: "placing a standard timestamp at the end of the key requires scanning
// forward to the end of the range. By inverting the timestamp [...] the latest event sorts
// immediately after the device prefix", so "the 10 most recent records" are a scan with a limit
// of 10. The timestamp that orders a query's rows is the first key field after its eq-bound ones.
import type { Design, Query } from '../model/schema';
import type { TableAnalysis } from '../analysis/design';
import { updateField } from './edit';
import { addTableFix } from './support/table-for-query';
import { defineTableRule } from './types';

/** The key field that orders a query's rows: the first one after the salts and eq-bound fields. */
function orderingField(ta: TableAnalysis, q: Query): string | null {
  const match = q.match ?? {};
  return ta.layout?.fields.find((n) => ta.table.rowKey.fields[n]?.type !== 'hash' && match[n] !== 'eq') ?? null;
}

/** Queries over the same field that want the oldest rows first, with a limit: reversing hurts them. */
function oldestFirst(ta: TableAnalysis, field: string): Query[] {
  return (ta.table.queries ?? []).filter((q) => q.order === 'oldest' && q.limit !== undefined && orderingField(ta, q) === field);
}

function findings(ta: TableAnalysis) {
  const out: { qi: number; field: string; messageId: 'notReversed' | 'iso' | 'oldestToo' | 'notOrdered'; other: string }[] = [];
  (ta.table.queries ?? []).forEach((q, qi) => {
    const plan = ta.plans[qi];
    if (q.order !== 'newest' || q.limit === undefined || !plan || plan.servedBy || plan.kind === 'point' || plan.kind === 'full-scan') return;
    const field = orderingField(ta, q);
    const f = field ? ta.table.rowKey.fields[field] : undefined;
    if (field && f?.type !== 'timestamp') {
      // The rows of the prefix sort by another field first (product#reviewer#ts): no order of
      // the timestamp makes "the newest N" the first N rows; the whole prefix must be read.
      const keyFields = ta.layout?.fields ?? [];
      const ts = keyFields.slice(keyFields.indexOf(field) + 1).find((n) => ta.table.rowKey.fields[n]?.type === 'timestamp');
      if (ts) out.push({ qi, field: ts, messageId: 'notOrdered', other: field });
      return;
    }
    if (!field || f?.type !== 'timestamp' || f.reversed) return;
    const others = oldestFirst(ta, field);
    const messageId = f.format === 'iso' ? 'iso' : others.length ? 'oldestToo' : 'notReversed';
    out.push({ qi, field, messageId, other: others.map((o) => `"${o.name}"`).join(', ') });
  });
  return out;
}

function reversed(design: Design, ti: number, field: string): Design {
  return updateField(design, ti, field, (f) => {
    if (f.type !== 'timestamp') return f;
    const { pad: _pad, format: _format, ...rest } = f; // reversed epochs are always 19 digits; ISO text cannot be reversed
    return { ...rest, reversed: true };
  });
}

export default defineTableRule({
  meta: {
    id: 'query-newest-first',
    severity: 'warning',
    description: 'A query wants the newest rows first with a limit, but the timestamp is not reversed.',
    messages: {
      notReversed:
        'query "{query}" wants the newest {limit} rows, but {field} sorts oldest first: it reads the whole range (Schema design for time series data).',
      iso: 'query "{query}" wants the newest {limit} rows, but {field} is ISO text, which sorts oldest first: it reads the whole range.',
      notOrdered: 'query "{query}" wants the newest {limit} rows, but its rows sort by {other} before {field}: it reads the whole range.',
      oldestToo: 'query "{query}" wants the newest {limit} rows first, but reversing {field} would hurt {other}, which wants the oldest.',
    },
    details: {
      notReversed:
        'query "{query}" wants the newest {limit} rows first, but {field} is not reversed: rows sort oldest first, so the read goes through the whole range to reach the newest. Reverse {field} (Long.MAX_VALUE - ts): the newest rows then come first and the scan stops after {limit}.',
      iso: 'query "{query}" wants the newest {limit} rows first, but {field} is ISO text, which sorts oldest first and cannot be reversed: the read goes through the whole range to reach the newest. Write {field} as a reversed epoch number (format: epoch, reversed: true).',
      notOrdered:
        'query "{query}" wants the newest {limit} rows first, but after the fields it binds the key sorts by {other}, not by {field}: the newest rows are spread through the range, so the read goes through all of it. Put {field}, reversed (Long.MAX_VALUE - ts), right after the fields the query binds, or serve the query from a second table keyed that way.',
      oldestToo:
        'query "{query}" wants the newest {limit} rows first, but {field} is not reversed, so the read goes through the whole range; reversing it would do the same to {other}, which wants the oldest first with a limit. Serve one of them with a reverse scan (ReadRows with reversed: true) or from a second table.',
    },
    fixable: true,
  },
  table(ta, { design, report }) {
    for (const f of findings(ta)) {
      const q = ta.table.queries![f.qi]!;
      report({
        path: ['queries', f.qi],
        messageId: f.messageId,
        data: { query: q.name, field: f.field, limit: q.limit!, other: f.other },
        fix:
          f.messageId === 'notReversed'
            ? { label: `Reverse ${f.field}`, apply: () => reversed(design, ta.index, f.field) }
            : f.messageId === 'iso'
              ? { label: `Write ${f.field} as a reversed epoch number`, apply: () => reversed(design, ta.index, f.field) }
              : addTableFix(design, ta, f.qi),
      });
    }
  },
});
