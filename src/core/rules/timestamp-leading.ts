// Schema design best practices ("Row Key Design & Hotspotting"): keys "prefixed by date or timestamp" send all
// writes to one node; Schema design best practices and 001 say the same of timestamps, reversed or not.
import { moveField } from './edit';
import { defineVisitorRule } from './types';

export default defineVisitorRule({
  meta: {
    id: 'timestamp-leading',
    severity: 'error',
    description: 'The first key field (after a salt) is a timestamp: every write goes to the newest end of the key space.',
    messages: {
      leading: 'the key starts with the timestamp {field}{reversedNote}: every write goes to one node (Schema design for time series data).',
      salted: 'the timestamp {field} follows the salt {salt}: the newest writes crowd the tails of {buckets} ranges, time reads need {buckets} scans.',
      only: 'the key is only the timestamp {field}{reversedNote}: every write goes to one node (Schema design for time series data).',
    },
    details: {
      leading:
        'the key starts with the timestamp {field}{reversedNote}: all writes go to one end of the key space, so one node takes every write (a hotspot no added node fixes). Lead with a field that spreads the writes (an entity id), keeping the time after it.',
      salted:
        'the first field after the salt {salt} is the timestamp {field}{reversedNote}: the newest writes go to the tail of each of {buckets} salt ranges ({nodes} nodes), and every time-range read needs {buckets} scans. Prefer an entity field before the timestamp.',
      only: 'the key is only the timestamp {field}{reversedNote}: every write goes to one node. Add a field that spreads the writes (an entity id) in front of it.',
    },
    fixable: true,
  },
  create({ design, analysis, report }) {
    return {
      table(t) {
        const first = t.fields.find((f) => !f.isSalt);
        if (!first?.isTime) return;
        const salt = t.fields[0]!.isSalt ? t.fields[0]! : null;
        const next = t.fields.find((f) => !f.isTime && !f.isSalt);
        const reversedNote = first.field.type === 'timestamp' && first.field.reversed ? ' (reversed timestamps are sequential too)' : '';
        // The engine offers the move only if no declared query gets worse.
        const fix = next ? { fix: { label: `Move {${next.name}} in front of {${first.name}}`, apply: () => moveField(design, t.index, next.name, first.position) } } : {};
        if (salt) {
          // A salt spreads the newest writes over its buckets: each bucket's tail is still hot,
          // and fewer buckets than nodes leave nodes idle.
          report({
            path: ['rowKey', 'fields', first.name],
            messageId: 'salted',
            data: { field: first.name, salt: salt.name, buckets: salt.cardinality, nodes: analysis.nodes, reversedNote },
            severity: salt.cardinality >= analysis.nodes ? 'warning' : 'error',
            ...fix,
          });
          return;
        }
        report({ path: ['rowKey', 'fields', first.name], messageId: next ? 'leading' : 'only', data: { field: first.name, next: next?.name ?? '', reversedNote }, ...fix });
      },
    };
  },
});
