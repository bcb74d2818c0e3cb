// Schema design best practices, pattern 3 (hash salting): "When reading data back for device_id, the client
// application issues 10 parallel asynchronous range scans (one per bucket prefix) and merges the
// sorted streams in memory." Schema design best practices: salt = hash(original_key) % number_of_nodes. A query that
// binds every field the salt hashes computes the salt and reads one range; any other query pays
// one scan per bucket. plan.ts knows which: its fanout lists the salts a query must enumerate.
import { defineLayoutRule } from './support/frames';

function advice(unbound: string[], ranged: string[], bound: string[], match: Record<string, string>): string {
  if (!ranged.length) return `Binding ${unbound.join(' and ')} with eq would make the salt computable and the read a single scan.`;
  if (bound.length) return `A salt of ${bound.join(', ')} only (of: [${bound.join(', ')}]) would be computable here and the read a single scan.`;
  return `A ${match[ranged[0]!]} over ${ranged.join(', ')}, which the salt hashes, needs every bucket: the price of spreading its writes.`;
}

export default defineLayoutRule({
  meta: {
    id: 'query-salted-fanout',
    severity: 'info',
    description: 'A query needs one scan per salt bucket.',
    messages: {
      fanout: 'query "{query}" needs {scans} scans, one per bucket of the salt {salt}: it does not bind {unbound} with eq.',
    },
    details: {
      fanout:
        'query "{query}" needs {scans} scans, one per bucket of the salt {salt}, because the salt hashes {hashed} and the query does not bind {unbound} with eq; the client runs them in parallel and merges the sorted streams. {advice}',
    },
    fixable: false,
  },
  table(ta, { report }) {
    for (const plan of ta.plans) {
      if (plan.servedBy) continue; // judged on the table or view that serves it
      if (plan.kind === 'full-scan' || plan.fanout.length === 0) continue; // full scans are query-full-scan's
      const q = ta.table.queries![plan.index]!;
      const match = q.match ?? {};
      const unbound = new Set<string>();
      const hashed = new Set<string>();
      for (const { field } of plan.fanout) {
        const f = ta.table.rowKey.fields[field];
        const of = f?.type === 'hash' && f.of ? f.of : ta.layout.fields.filter((n) => ta.table.rowKey.fields[n]?.type !== 'hash');
        for (const n of of) {
          hashed.add(n);
          if (match[n] !== 'eq') unbound.add(n);
        }
      }
      const names = [...unbound];
      const ranged = names.filter((n) => match[n] === 'range' || match[n] === 'prefix');
      const rate = q.perSecond ? ` At ${q.perSecond} queries a second that is ${+(q.perSecond * plan.scans).toPrecision(3)} scans a second.` : '';
      report({
        path: ['queries', plan.index],
        messageId: 'fanout',
        data: {
          query: q.name,
          scans: plan.scans,
          salt: plan.fanout.map((s) => `${s.field} (${s.buckets} buckets)`).join(' and '),
          hashed: [...hashed].join(', '),
          unbound: names.join(', '),
          advice: `${advice(
            names,
            ranged,
            [...hashed].filter((n) => match[n] === 'eq'),
            match,
          )}${rate}`,
        },
      });
    }
  },
});
