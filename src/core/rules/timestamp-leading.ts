// Seed 000 ("Row Key Design & Hotspotting"): keys "prefixed by date or timestamp" send all
// writes to one node; seed 003 and 001 say the same of timestamps, reversed or not.
import { FAIR_SHARE_MULTIPLE, NODE_SHARE, isMovingEdge, tableHotspot } from '../capacity/hotspot';
import { moveField } from './edit';
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'timestamp-leading',
    severity: 'error',
    description: 'The first key field (after a salt) is a timestamp: every write goes to the newest end of the key space.',
    messages: {
      leading:
        'the key starts with the timestamp {field}{reversedNote}: all writes go to one end of the key space, so one node takes every write (a hotspot no added node fixes). Put a well-distributed field such as {next} in front.',
      salted:
        'the first field after the salt {salt} is the timestamp {field}{reversedNote}: the newest writes go to the tail of each of {buckets} salt ranges ({nodes} nodes), and every time-range read needs {buckets} scans. Prefer an entity field before the timestamp.',
      only: 'the key is only the timestamp {field}{reversedNote}: every write goes to one node. Add a well-distributed field in front of it.',
      bucket:
        'the key starts with the {bucket} bucket {field}: writes spread within a {bucket}, but each new one starts on one tablet ({load}) until it splits; lead with {next} ("Schema design for time series data").',
    },
    fixable: true,
  },
  check({ design, analysis, report }) {
    for (const t of analysis.tables) {
      const first = t.fields.find((f) => !f.isSalt);
      if (!first?.isTime) continue;
      const salt = t.fields[0]!.isSalt ? t.fields[0]! : null;
      const next = t.fields.find((f) => !f.isTime && !f.isSalt);
      const reversedNote = first.field.type === 'timestamp' && first.field.reversed ? ' (reversed timestamps are sequential too)' : '';
      const fix = next ? { fix: `Move {${next.name}} in front of {${first.name}}` } : {};
      const model = tableHotspot(design, t);
      const spreads = model.hottest.share * analysis.nodes <= FAIR_SHARE_MULTIPLE;
      if (!isMovingEdge(first) && model.rollover && next && spreads) {
        // A bucket of an hour or more followed by fields that spread it (the hotspot model): the
        // steady state is even; the new bucket's first tablet is the risk, by the declared load.
        const f = model.rollover.nodeFraction;
        report({
          table: t.index,
          path: ['rowKey', 'fields', first.name],
          messageId: 'bucket',
          data: { field: first.name, bucket: first.field.type === 'timestamp' ? (first.field.bucket ?? 'time') : 'time', next: next.name, load: f === null ? 'no write load declared' : `${f.toFixed(2)} of a node` },
          severity: f !== null && f <= NODE_SHARE.atRisk ? 'info' : 'warning',
          ...fix,
        });
        continue;
      }
      if (salt) {
        // A salt spreads the newest writes over its buckets: each bucket's tail is still hot,
        // and fewer buckets than nodes leave nodes idle.
        report({
          table: t.index,
          path: ['rowKey', 'fields', first.name],
          messageId: 'salted',
          data: { field: first.name, salt: salt.name, buckets: salt.cardinality, nodes: analysis.nodes, reversedNote },
          severity: salt.cardinality >= analysis.nodes && model.risk !== 'hotspot' ? 'warning' : 'error',
          ...fix,
        });
        continue;
      }
      report({
        table: t.index,
        path: ['rowKey', 'fields', first.name],
        messageId: next ? 'leading' : 'only',
        data: { field: first.name, next: next?.name ?? '', reversedNote },
        ...fix,
      });
    }
  },
  fix(design, finding, analysis) {
    const t = analysis.tables.find((x) => x.table.name === finding.table);
    const first = t?.fields.find((f) => !f.isSalt);
    const next = t?.fields.find((f) => !f.isTime && !f.isSalt);
    if (!t || !first || !next) return null;
    return moveField(design, t.index, next.name, first.position);
  },
});
