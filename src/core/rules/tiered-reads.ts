// Reads of data tiered to infrequent access storage. "Tiered storage overview": cells older
// than the table's age threshold move to the infrequent access tier, for datasets whose old data
// is rarely read; "Understand performance": an infrequent access node serves up to 100 rows/s
// of reads (1 KB rows) against SSD's 17,000, and "Choose between SSD and HDD storage" gives its
// reads "low double-digit ms". A query whose lookback reaches past the threshold reads that
// tier: at a substantial rate the tier cannot serve it, and a tight latency target misses.
import { readRowsBound, rowsReadText } from '../capacity/bounds';
import { clusterOf } from '../analysis/cluster';
import { tableWorkload } from '../capacity/workload';
import { parseDuration } from '../model/duration';
import { HDD_READ_MS } from './support/read-latency';
import { formatCount, formatPercent } from '../units';
import { updateTable } from './edit';
import { defineVisitorRule } from './types';

/** Rows of 1 KB one node reads per second from infrequent access storage ("Understand performance"). */
export const INFREQUENT_READS_PER_NODE = 100;
/** Reads above this share of what the tier serves are reported (a warning; an error above it all). */
const SUBSTANTIAL = 0.5;

export default defineVisitorRule({
  meta: {
    id: 'tiered-reads',
    severity: 'warning',
    description: 'A query reads further back than tiered storage keeps on SSD, at a rate or latency infrequent access storage does not serve.',
    messages: {
      rate: 'query "{query}" reads {lookback} back, past the {tier} tiering age: {rows} from a tier that serves {capacity} ("Tiered storage overview").',
      latency:
        'query "{query}" reads {lookback} back, past the {tier} tiering age, with a {latency} ms target: tiered reads take tens of ms ("Tiered storage overview").',
    },
    details: {
      rate: 'query "{query}" of {table} reads {lookback} of history ({perSecond} reads/s of about {perRead} rows each), and cells older than {tier} are on infrequent access storage, so about {share} of what it reads, {rows}, comes from that tier. An infrequent access node reads up to 100 rows/s of 1 KB rows (SSD: 17,000; "Understand performance"), {capacity} for {nodes} nodes. Tier later (infrequentAccessAfter: {lookback} keeps what the query reads on SSD), narrow the lookback, or run the history reads as a batch job on Data Boost (Enterprise Plus reads tiered storage; "Data Boost overview").',
      latency:
        'query "{query}" of {table} reads {lookback} back and targets {latency} ms, but cells older than {tier} are on infrequent access storage, whose reads take "low double-digit ms" ("Choose between SSD and HDD storage"). Tier later (infrequentAccessAfter: {lookback}) or filter the query to the SSD-resident time range ("Tiered storage overview", filter by time range).',
    },
    fixable: true,
  },
  create({ design, report }) {
    const cluster = clusterOf(design);
    const capacity = cluster.nodes * INFREQUENT_READS_PER_NODE;
    return {
      query(q, _plan, ta, qi) {
        const t = ta.table;
        const tier = t.tieredStorage?.infrequentAccessAfter;
        const tierMs = parseDuration(tier);
        if (!tier || tierMs === null) return;
        const back = parseDuration(q.lookback);
        // Data Boost reads do not use the cluster's nodes.
        if (back === null || back <= tierMs || (q.kind === 'batch' && q.dataBoost)) return;
        const share = (back - tierMs) / back;
        // Rows one run reads: its limit, else the capacity model's rows per request (a scan of
        // the entity's history over the retention) cut to the lookback, else one row.
        const modelled = q.limit === undefined ? tableWorkload(ta).queries.find((w) => w.index === qi)?.rowsPerRequest : null;
        const retention = ta.retentionMs;
        const perRead = q.limit ?? (modelled ? Math.max(1, modelled * Math.min(1, back / retention)) : 1);
        const rows = (q.perSecond ?? 0) * perRead * share;
        // Tier at the lookback: what the query reads stays on SSD (more SSD storage, verified by the engine).
        const lookback = q.lookback!;
        const fix = {
          label: `Tier ${t.name} after ${q.lookback}`,
          apply: () => updateTable(design, ta.index, (x) => ({ ...x, tieredStorage: { infrequentAccessAfter: lookback } })),
        };
        const base = { path: ['queries', qi, 'lookback'], fix };
        const data = { query: q.name, table: t.name, lookback: q.lookback!, tier, nodes: cluster.nodes, capacity: `${formatCount(capacity)} rows/s` };
        if (rows > capacity * SUBSTANTIAL) {
          report({
            ...base,
            messageId: 'rate',
            severity: rows > capacity ? 'error' : 'warning',
            data: {
              ...data,
              // Past what 1,000 nodes read, said as such (capacity/bounds.ts), never a figure.
              rows: rows > readRowsBound(1024) ? rowsReadText(rows, 1024) : `~${formatCount(rows)} rows/s`,
              perSecond: formatCount(q.perSecond ?? 0),
              perRead: formatCount(perRead),
              share: formatPercent(share, 'whole'),
            },
          });
        } else if (q.kind !== 'batch' && q.latencyMs !== undefined && q.latencyMs < HDD_READ_MS) {
          report({ ...base, messageId: 'latency', data: { ...data, latency: q.latencyMs } });
        }
      },
    };
  },
});
