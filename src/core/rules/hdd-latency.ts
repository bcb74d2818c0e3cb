// A latency target HDD cannot meet. "Choose between SSD and HDD storage": SSD reads take
// single-digit milliseconds, HDD reads "low double-digit ms"; "Individual row reads on HDD are
// very slow" (disk seeks), and HDD "is sometimes appropriate for large datasets that are not
// latency-sensitive". A serving query whose p99 target (latencyMs) is under 20 ms on an HDD
// instance asks HDD for what only SSD gives; at 10 ms or less (single digits) it cannot be met at all.
import { instanceOf, withStorage } from '../model/instance';
import { HDD_READ_MS, SINGLE_DIGIT_MS } from './support/read-latency';
import { defineVisitorRule } from './types';

export default defineVisitorRule({
  meta: {
    id: 'hdd-latency',
    severity: 'warning',
    description: 'A serving query with a latency target under 20 ms on HDD storage, whose reads take tens of milliseconds.',
    messages: {
      slow: 'query "{query}" targets {latency} ms, but HDD reads take tens of ms: serve it from SSD ("Choose between SSD and HDD storage").',
    },
    details: {
      slow: 'query "{query}" of {table} targets a p99 of {latency} ms on an HDD instance. Google gives HDD reads as "low double-digit ms" and SSD reads as single-digit ms, and "Individual row reads on HDD are very slow" because each one waits for a disk seek ("Choose between SSD and HDD storage"); HDD suits large datasets that are not latency-sensitive. Use SSD storage (for the instance: the storage type is chosen when it is created), or relax the target to what HDD serves.',
    },
    fixable: true,
  },
  create({ design, report }) {
    if (instanceOf(design).storage !== 'hdd') return {};
    // The storage type is chosen when the instance is created: a fix for a design not yet deployed.
    const fix = { label: `Set ${design.instance ? 'instance' : 'cluster'}.storage to ssd`, apply: () => withStorage(design, 'ssd') };
    return {
      query(q, _plan, { table: t }, qi) {
        if (q.kind === 'batch' || q.latencyMs === undefined || q.latencyMs >= HDD_READ_MS) return;
        report({
          path: ['queries', qi, 'latencyMs'],
          messageId: 'slow',
          severity: q.latencyMs <= SINGLE_DIGIT_MS ? 'error' : 'warning',
          data: { query: q.name, table: t.name, latency: q.latencyMs },
          fix,
        });
      },
    };
  },
});
