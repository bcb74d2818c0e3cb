// Google's "Schema design best practices" and "Schema design for time series data": keys
// prefixed by a date or a timestamp send every write to one node, reversed or not. How hot the
// newest edge is comes from the one hotspot model (capacity/hotspot.ts) the simulator reads too.
import { FAIR_SHARE_MULTIPLE, NODE_SHARE, isMovingEdge, tableHotspot } from '../capacity/hotspot';
import { moveField } from './edit';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'timestamp-leading',
    severity: 'error',
    description: 'The first key field (after a salt) is a timestamp: every write goes to the newest end of the key space.',
    messages: {
      leading: 'the key starts with the timestamp {field}{reversedNote}: every write goes to one node (Schema design for time series data).',
      salted: 'the timestamp {field} follows the salt {salt}: the newest writes crowd the tails of {buckets} ranges, time reads need {buckets} scans.',
      only: 'the key is only the timestamp {field}{reversedNote}: every write goes to one node (Schema design for time series data).',
      bucket:
        'the key starts with the {bucket} bucket {field}: each new {bucket} starts on one tablet ({load}) until it splits (Schema design for time series data).',
    },
    details: {
      leading:
        'the key starts with the timestamp {field}{reversedNote}: all writes go to one end of the key space, so one node takes every write (a hotspot no added node fixes). Lead with a field that spreads the writes (an entity id), keeping the time after it.',
      salted:
        'the first field after the salt {salt} is the timestamp {field}{reversedNote}: the newest writes go to the tail of each of {buckets} salt ranges ({nodes} nodes), and every time-range read needs {buckets} scans. Prefer an entity field before the timestamp.',
      only: 'the key is only the timestamp {field}{reversedNote}: every write goes to one node. Add a field that spreads the writes (an entity id) in front of it.',
      bucket:
        'the key starts with the {bucket} bucket {field}: writes spread within a {bucket} over the fields after it, but each new {bucket} starts on one tablet ({load}) until Bigtable splits it. Leading with {next} avoids the rollover.',
    },
    fixable: true,
    readsInstance: true,
  },
  table(t, { design, analysis, report }) {
    const first = t.fields.find((f) => !f.isSalt);
    if (!first?.isTime) return;
    const salt = t.fields[0]!.isSalt ? t.fields[0]! : null;
    const next = t.fields.find((f) => !f.isTime && !f.isSalt);
    const reversedNote = first.field.type === 'timestamp' && first.field.reversed ? ' (reversed timestamps are sequential too)' : '';
    // The engine offers the move only if no declared query gets worse.
    const fix = next
      ? { fix: { label: `Move {${next.name}} in front of {${first.name}}`, apply: () => moveField(design, t.index, next.name, first.position) } }
      : {};
    const model = tableHotspot(design, t);
    const spreads = model.hottest.share * analysis.nodes <= FAIR_SHARE_MULTIPLE;
    if (!isMovingEdge(first) && model.rollover && next && spreads) {
      // A bucket of an hour or more followed by fields that spread it (the hotspot model): the
      // steady state is even; the new bucket's first tablet is the risk, by the declared load.
      const f = model.rollover.nodeFraction;
      report({
        path: ['rowKey', 'fields', first.name],
        messageId: 'bucket',
        data: {
          field: first.name,
          bucket: first.field.type === 'timestamp' ? (first.field.bucket ?? 'time') : 'time',
          next: next.name,
          load: f === null ? 'no write load declared' : `${f.toFixed(2)} of a node`,
        },
        severity: f !== null && f <= NODE_SHARE.atRisk ? 'info' : 'warning',
        ...fix,
      });
      return;
    }
    if (salt) {
      // A salt spreads the newest writes over its buckets: each bucket's tail is still hot,
      // and fewer buckets than nodes leave nodes idle.
      report({
        path: ['rowKey', 'fields', first.name],
        messageId: 'salted',
        data: { field: first.name, salt: salt.name, buckets: salt.cardinality, nodes: analysis.nodes, reversedNote },
        severity: salt.cardinality >= analysis.nodes && model.risk !== 'hotspot' ? 'warning' : 'error',
        ...fix,
      });
      return;
    }
    report({
      path: ['rowKey', 'fields', first.name],
      messageId: next ? 'leading' : 'only',
      data: { field: first.name, next: next?.name ?? '', reversedNote },
      ...fix,
    });
  },
});
