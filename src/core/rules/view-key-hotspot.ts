// A materialized view is a second table whose row key is its GROUP BY or ORDER BY ("Continuous
// materialized views"), so its key gets the same hotspot rules as a table's key: the view's key
// fields that are key fields of the source table form a key template, checked by the rules
// timestamp-leading, sequential-leading and low-cardinality-prefix with the source table's load.
// A key that leads with _timestamp or TIMESTAMP_TRUNC is a time-leading key too.
import { keyLayoutOf } from '../export/common';
import type { Design, Table } from '../model/schema';
import { clusterOf } from '../analysis/cluster';
import { MAX_CLUSTER_NODES } from '../capacity/bounds';
import { keyFieldOf, type KeyItem } from '../export/views/key-items';
import type { TableAnalysis } from '../analysis/design';
import { lintWith } from './engine/lint-engine';
import lowCardinalityPrefix from './low-cardinality-prefix';
import sequentialLeading from './sequential-leading';
import timestampLeading from './timestamp-leading';
import { assertNever } from '../keys/values';
import type { Severity } from './types';
import { defineViewRule } from './support/viewed';
import { keyedViews } from './support/view-key';

const KEY_RULES = [timestampLeading, sequentialLeading, lowCardinalityPrefix];

/** The view's key as a table of the source's fields, or null when no key item is a source field. */
export function viewKeyTable(source: Table, viewName: string, key: string[], exprs: Record<string, string>): Table | null {
  const segments = keyLayoutOf(source).segments;
  const fields: Table['rowKey']['fields'] = {};
  const names: string[] = [];
  for (const k of key) {
    const e = exprs[k] ?? k;
    const name =
      k in source.rowKey.fields && (e === k || e === `\`${k}\``)
        ? k
        : (Object.keys(source.rowKey.fields).find(
            (f) => e === f || e === `\`${f}\`` || e.endsWith(`[SAFE_OFFSET(${segments.findIndex((s) => s.field === f)})]`),
          ) ?? keyFieldOf(source, e));
    if (!name || source.rowKey.fields[name]!.type === 'hash') break;
    fields[name] = source.rowKey.fields[name]!;
    names.push(name);
  }
  if (!names.length) return null;
  return { name: viewName, rowKey: { template: names.map((n) => `{${n}}`).join('#'), delimiter: '#', fields }, ...(source.load ? { load: source.load } : {}) };
}

/** A leading value with at most this many values splits new writes into too few ranges. */
const FEW_VALUES = 100;
/** Qualifiers that name a category (assumed few values when the design says no more). */
const CATEGORY = /^(status|state|kind|type|category|stage|priority|level|tier|region|country|channel|gender|flag)e?s?$/i;

/** Values of a key item and the largest share of writes one takes; null when unknown. */
function spread(it: KeyItem, ta: TableAnalysis): { values: number | null; share: number | null; assumed?: boolean } {
  switch (it.kind) {
    case 'time':
      return { values: null, share: 1 };
    case 'sourceKey':
      return { values: Infinity, share: 0 };
    case 'field': {
      const f = ta.fields.find((x) => x.name === it.name);
      if (!f) return { values: null, share: null };
      if (f.isTime || f.isSequential) return { values: f.cardinality, share: 1 };
      return { values: f.cardinality, share: f.topShare };
    }
    case 'column':
      if (it.column?.type === 'bool') return { values: 2, share: 0.5 };
      return CATEGORY.test(it.qualifier) ? { values: FEW_VALUES, share: null, assumed: true } : { values: null, share: null };
    case 'other':
      return { values: null, share: null };
    default:
      return assertNever(it);
  }
}

const isTime = (it: KeyItem, ta: TableAnalysis) =>
  it.kind === 'time' ||
  (it.kind === 'field' && ta.fields.some((f) => f.name === it.name && (f.isTime || f.isSequential))) ||
  (it.kind === 'column' && (it.column?.type === 'timestamp' || it.column?.type === 'date'));

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 0 : 1));
/** Nodes' worth of load, bounded as every node count is (capacity/wording.ts): "over 1,000" past a cluster's limit. */
const worth = (n: number) => (n > MAX_CLUSTER_NODES ? `over ${fmt(MAX_CLUSTER_NODES)}` : fmt(n));

export default defineViewRule({
  meta: {
    id: 'view-key-hotspot',
    severity: 'warning',
    description: "A materialized view's key (its GROUP BY or ORDER BY) would be a hotspot as a table key.",
    messages: {
      key: 'materialized view {view} keyed by its {form} ({key}) is a hotspot as a table key would be ({rule}).',
      time: 'materialized view {view} is keyed first by {item}, a time: every new cell lands at one end of the view ("Schema design best practices", hotspots).',
      indexTime: 'index view {view} orders by {lead} then the time {time}: new rows crowd the ends of {ranges} key ranges ("Schema design best practices").',
      hotKey: 'materialized view {view}: its busiest key ({key}) takes ~{rate} writes/s, {nodes} nodes\' worth on one row ("Understand performance").',
    },
    details: {
      key: 'materialized view {view} is keyed by its {form} ({key}); as a table key: {finding}{nodesNote}',
      time: 'materialized view {view} is keyed first by {item}, a time: every new cell lands at one end of the view, on one tablet and one node, as a table keyed by a timestamp would ("Schema design best practices", hotspots).{nodesNote}',
      indexTime:
        'index view {view} orders by {lead} ({values}) then the time {time}: the view key is the ORDER BY, so each new source row becomes a view row at the end of the range of its {lead}, and all new writes crowd the ends of {ranges} ranges{load} (a hotspot per range: Schema design best practices warns against keys led by a timestamp, and a few values in front only make a few hot ends). Put a field that spreads the writes (the entity the index is searched within, or a hash of the source key) between {lead} and the time, or order by {lead} and the source _key only.{nodesNote}',
      hotKey:
        'materialized view {view} is grouped by {key}: every source write updates the view row of its group, and the busiest group takes about {rate} writes/s ({wps} writes/s into the source, {share} of them). One row is never split across tablets, and one {storage} node serves about {perNode} writes/s of 1 KB rows ("Understand performance"), so that row needs {nodes} nodes\' worth on one tablet. Group by a finer key (add a field that spreads the busiest group) or aggregate at read time.',
    },
    fixable: false,
    readsInstance: true,
  },
  design({ design, analysis, report }) {
    keyedViews(design, analysis).forEach(({ view: v, at, source, ta, shape, exprs, items }) => {
      const first = exprs[shape.key[0]!] ?? shape.key[0]!;
      const cluster = clusterOf(design);
      const perNode = cluster.capacity.writesPerSecond;
      // The busiest view row (a group) or range end (an index led by a value then a time): its
      // share of the source's writes, and the nodes that rate is worth. One row or one range
      // end is one tablet: more than one node's worth there is an error, not a warning.
      const wps = ta.writesPerSecond;
      const spreads = items.map((it) => spread(it, ta));
      const hotShare = shape.form === 'group' ? (spreads.every((x) => x.share !== null) ? spreads.reduce((a, x) => a * x.share!, 1) : null) : null;
      const nodesFor = (share: number | null) => (share === null || wps <= 0 ? null : (wps * share) / perNode);
      const groupNodes = nodesFor(hotShare);
      // An index led by a value and then a time: every new row at the end of its value's range.
      const ledByValueThenTime = shape.form === 'order' && items.length >= 2 && !isTime(items[0]!, ta) && isTime(items[1]!, ta);
      const rangeShare = ledByValueThenTime
        ? (spreads[0]!.share ?? (spreads[0]!.values !== null && !spreads[0]!.assumed ? 1 / spreads[0]!.values : null))
        : null;
      const hot =
        groupNodes !== null
          ? { share: hotShare!, nodes: groupNodes, where: 'key', on: 'one row' }
          : rangeShare !== null && nodesFor(rangeShare) !== null
            ? { share: rangeShare, nodes: nodesFor(rangeShare)!, where: 'range end', on: 'one tablet' }
            : null;
      const nodesNote =
        hot && hot.nodes > 1
          ? ` Its busiest ${hot.where} takes ~${fmt(wps * hot.share)} writes/s, ${worth(hot.nodes)} nodes' worth on ${hot.on} ("Understand performance").`
          : '';
      const severityFor = (base: Severity): Severity => (hot && hot.nodes > 1 ? 'error' : base);
      if (/\b_timestamp\b|TIMESTAMP_TRUNC|TIMESTAMP_MICROS/i.test(first)) {
        report({ path: at, messageId: 'time', severity: severityFor('warning'), data: { view: v.name, item: shape.key[0]!, nodesNote } });
        return;
      }
      let reported = false;
      const table = viewKeyTable(source, v.name, shape.key, exprs);
      if (table) {
        const probe: Design = { format: design.format, name: design.name, tables: [table], ...(design.cluster ? { cluster: design.cluster } : {}) };
        // The table rules themselves, run by the engine on the view's key as a table (no fixes:
        // a view's key is its SQL's to change).
        for (const f of lintWith(KEY_RULES, probe, { verifyFixes: false }).findings) {
          reported = true;
          report({
            path: at,
            messageId: 'key',
            severity: severityFor(f.severity),
            data: {
              view: v.name,
              form: shape.form === 'group' ? 'GROUP BY' : 'ORDER BY',
              key: shape.key.join(', '),
              finding: `${f.message} (${f.rule})`,
              rule: f.rule,
              nodesNote,
            },
          });
        }
      }
      if (reported) return;
      if (ledByValueThenTime) {
        const lead = spreads[0]!;
        if (lead.values !== null && lead.values <= FEW_VALUES) {
          const share = lead.share ?? (lead.assumed ? null : 1 / lead.values);
          const nodes = nodesFor(share);
          const ranges = lead.assumed ? 'a few' : String(lead.values);
          report({
            path: at,
            messageId: 'indexTime',
            severity: nodes !== null && nodes > 1 ? 'error' : 'warning',
            data: {
              view: v.name,
              lead: shape.key[0]!,
              time: shape.key[1]!,
              values: lead.assumed ? 'assumed few values, from its name' : `${lead.values} values`,
              ranges,
              load: nodes === null ? '' : `, the busiest ~${fmt(wps * share!)} writes/s (${worth(nodes)} nodes' worth)`,
              nodesNote: '',
            },
          });
          return;
        }
      }
      if (groupNodes !== null && groupNodes > 1) {
        report({
          path: at,
          messageId: 'hotKey',
          severity: 'error',
          data: {
            view: v.name,
            key: shape.key.join(', '),
            rate: fmt(wps * hotShare!),
            nodes: worth(groupNodes),
            wps: fmt(wps),
            share: `${fmt(hotShare! * 100)}%`,
            storage: cluster.storage.toUpperCase(),
            perNode: fmt(perNode),
          },
        });
      }
    });
  },
});
