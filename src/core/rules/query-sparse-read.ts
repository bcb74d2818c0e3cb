// A range or prefix read that goes through rows the query does not want: `{ts}#{city}#{driver}`
// queried by city and a time window reads every city's rows in the window. The plan reports
// the share of rows it reads that the query returns (QueryPlan.readFraction, from the
// cardinalities of the eq-matched fields after the range); at or below SPARSE (1 row in 10)
// the read is sparse. Google's "Schema design best practices": design the key so a query reads
// one contiguous range of the rows it needs. A gap (an unbound field before a matched one) is
// query-full-scan's finding, not this one.
import { promote } from './support/query-shape';
import { addTableFix } from './support/table-for-query';
import { updateTable } from './edit';
import { COUNT_BOUND } from '../units';
import { defineVisitorRule } from './types';

/** Returned rows per row read at or below which a read is reported as sparse. */
export const SPARSE = 0.1;

// "1 in 12", "1 in 4.2e+7"; past 10^15 (COUNT_BOUND) "over 10^15", as every count past it.
const ratio = (f: number) =>
  1 / f > COUNT_BOUND || !Number.isFinite(1 / f) ? 'over 10^15' : 1 / f >= 1e6 ? `${(1 / f).toExponential(1)}` : String(Math.round(1 / f));

export default defineVisitorRule({
  meta: {
    id: 'query-sparse-read',
    severity: 'warning',
    description: 'A range or prefix read returns at most 1 in 10 of the rows it reads: the fields it filters on come after the range.',
    messages: {
      sparse: 'query "{query}" reads ~{ratio} rows per row it returns: {fields} {come} after {range} in the key (Schema design best practices).',
    },
    details: {
      sparse:
        'query "{query}" narrows its read by {used} only; {fields} {come} later in the key, so the read goes through every value of them ({kind}) and drops all but about 1 in {ratio} rows. Bigtable bills and serves every row a read goes through. Put {fields} before {range} (field promotion), or serve the query from a table keyed that way.',
    },
    fixable: true,
    readsInstance: true,
  },
  create({ design, analysis, report }) {
    return {
      query(q, plan, ta) {
        if (!plan || plan.servedBy || plan.readFraction === undefined || plan.readFraction > SPARSE) return;
        if (plan.kind !== 'prefix' && plan.kind !== 'range' && plan.kind !== 'multi-scan') return;
        if (plan.gap.length > 0) return; // query-full-scan's gap
        const match = q.match ?? {};
        const fields = plan.unusable.filter((n) => match[n] === 'eq');
        const range = plan.leading.find((n) => match[n] === 'range' || match[n] === 'prefix') ?? plan.leading[plan.leading.length - 1] ?? '';
        const p = promote(ta, plan.index, analysis.nodes);
        const promoted = p && p.broken.length === 0 && p.hotspot === null ? p.table : null;
        const fix = promoted
          ? { label: `Promote ${fields.join(', ')} before ${range}`, apply: () => updateTable(design, ta.index, () => promoted) }
          : addTableFix(design, ta, plan.index);
        report({
          path: ['queries', plan.index],
          messageId: 'sparse',
          data: {
            query: q.name,
            ratio: ratio(plan.readFraction),
            fields: fields.join(', '),
            come: fields.length === 1 ? 'comes' : 'come',
            range,
            used: plan.leading.join(', '),
            kind: plan.kind,
          },
          ...(fix ? { fix } : {}),
        });
      },
    };
  },
});
