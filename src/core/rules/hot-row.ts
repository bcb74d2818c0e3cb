// One row whose write rate exceeds what one node can serve. Bigtable never splits a row, so
// the tablet holding it stays on one node whatever the cluster size ("Schema design best
// practices", "Understand performance"). Only a new row per update (a time or sequence field in
// the key) spreads those writes; a salt of the row's own fields gives the row one fixed bucket.
// The share and the node's figure come from capacity/hotspot.ts, which the simulator reads too.
import { NODE_SHARE, tableHotspot } from '../capacity/hotspot';
import { formatFigure, formatPercent } from '../units';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'hot-row',
    severity: 'error',
    description: 'One row takes more writes than one node serves: a row never splits, so nothing spreads them.',
    messages: {
      hot: 'one {fields} row takes {wps} writes/s ({fraction}x a node) and a row never splits: write a new row per update (Schema design best practices).',
      near: 'one {fields} row takes {wps} writes/s ({fraction} of a node), its ceiling: a row never splits; write a new row per update (Understand performance).',
      hotCounter:
        'one {fields} counter row takes {wps} writes/s ({fraction}x a node) and a row never splits: shard it or pre-aggregate in the writer (Schema design best practices).',
      nearCounter:
        'one {fields} counter row takes {wps} writes/s ({fraction} of a node), its ceiling: a row never splits; shard it or pre-aggregate in the writer.',
    },
    details: {
      hot: 'one {fields} row takes {share} of writes ({wps}/s, {fraction}x a node) and never splits: add a time or sequence field so each update is a new row ("Schema design best practices"). A salt of the row\'s own fields cannot help: every write of it still lands on one row.',
      near: 'one {fields} row takes {share} of writes ({wps}/s, {fraction} of a node) and never splits, so that is its ceiling: a time or sequence field makes each update a new row ("Understand performance").',
      hotCounter:
        'one {fields} counter row takes {share} of writes ({wps}/s, {fraction}x a node) and never splits. Its family aggregates, so a new row per update would lose the running total: split the counter over N rows ({fields}#0 to {fields}#N-1, each write to one chosen at random, the reads summing the N), or add up increments in the writer and send one per second ("Aggregate values at write time", "Schema design best practices").',
      nearCounter:
        'one {fields} counter row takes {share} of writes ({wps}/s, {fraction} of a node) and never splits, so that is its ceiling. Its family aggregates: split the counter over N rows summed on read, or add up increments in the writer ("Aggregate values at write time").',
    },
    fixable: false,
    readsInstance: true,
  },
  table(t, { design, report }) {
    const m = tableHotspot(design, t);
    if (m.hottest.kind !== 'row' || m.nodeFraction === null || m.writesPerSecond === null) return;
    if (m.nodeFraction <= NODE_SHARE.atRisk) return;
    const hot = m.nodeFraction > NODE_SHARE.hotspot;
    report({
      path: ['rowKey', 'template'],
      // An aggregate (counter) row keeps a running total: a new row per update is not its fix.
      messageId:
        (t.table.families ?? []).some((f) => f.aggregate) && (t.table.families ?? []).every((f) => f.aggregate || !f.columns?.length)
          ? hot
            ? 'hotCounter'
            : 'nearCounter'
          : hot
            ? 'hot'
            : 'near',
      severity: hot ? 'error' : 'warning',
      data: {
        fields: m.hottest.prefix.length ? m.hottest.prefix.join('#') : 'key',
        share: formatPercent(m.hottest.share),
        wps: formatFigure(Math.round(m.writesPerSecond)),
        fraction: m.nodeFraction >= 10 ? formatFigure(Math.round(m.nodeFraction)) : m.nodeFraction.toFixed(1),
      },
    });
  },
});
