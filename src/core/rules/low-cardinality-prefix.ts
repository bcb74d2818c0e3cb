// Google's "Schema design best practices": row keys need many distinct values up front, and a
// low-cardinality prefix is salted (a hash of the key in front). Rows split anywhere, so the
// prefix only hurts when nothing after it spreads the writes under each of its values. Under a
// declared load the rule reads the hotspot model (capacity/hotspot.ts, as the simulator does):
// it warns when the newest edge behind the busiest value takes more than half of one node (as
// hot-row does, and the simulator's at-risk), an error above the whole node. With no load it judges the key alone
// against the nodes (support/keyshape.ts writeSpread) and asks for the load.
import type { Design } from '../model/schema';
import { declaredWrites, type DesignAnalysis, type TableAnalysis } from '../analysis/design';
import { insertSaltAfter, prependSalt, saltBuckets, writeSpread, type WriteSpread } from './support/keyshape';
import { formatCount, formatFigure, formatPercent } from '../units';
import { defineTableRule } from './types';
import { describeRange, NODE_SHARE, rangeCapacity, tableHotspot, type HotspotModel, type RangeCapacity } from '../capacity/hotspot';

const TAIL =
  ' At any moment writes go to about {points} key ranges, the busiest taking {busiest} of them, so the load cannot spread evenly over the {nodes} nodes. {remedy}';

/** Why the fields after the prefix do not spread its writes. */
function after(s: WriteSpread): string {
  if (s.stop?.isTime) return `the timestamp ${s.stop.name} after it sends all writes of one value to that value's newest rows`;
  if (s.stop) return `the sequence ${s.stop.name} after it sends all writes of one value to that value's last row`;
  const rest = s.group.slice(1).map((f) => f.name);
  return rest.length ? `the fields after it (${rest.join(', ')}) add too few values` : 'no field after it spreads the writes under each value';
}

/**
 * A salt of the rest of the key spreads writes only if something outside the prefix varies
 * between concurrent writes (the prefix: writeSpread's group, or the hotspot model's under a load).
 */
function saltHelps(t: TableAnalysis, group: readonly string[]): boolean {
  return t.fields.some((f) => !f.isSalt && !group.includes(f.name) && (f.isTime ? (f.resolutionMs ?? Infinity) <= 1000 : f.cardinality > 1));
}

/** The design with a salt of the rest of the key in front (the fix), or null. */
function salted(design: Design, t: TableAnalysis, analysis: DesignAnalysis): Design | null {
  const of = t.fields.filter((f) => !f.isSalt).map((f) => f.name);
  return prependSalt(design, t, of, saltBuckets(analysis.nodes));
}

/** The first field that is not a salt: the prefix the rule judges, salted or not. */
function prefixField(t: TableAnalysis) {
  return t.fields.find((f) => !f.isSalt);
}

/**
 * With no write load declared, the key alone: a prefix of fewer than 10 values per node, or a
 * value above 1/nodes of the writes, that the fields after it do not spread (writeSpread).
 */
function keyProblem(t: TableAnalysis, analysis: DesignAnalysis): WriteSpread | null {
  const first = prefixField(t)!;
  const low = first.cardinality < 10 * analysis.nodes;
  const hot = first.topShare > 1 / analysis.nodes;
  if (!low && !hot) return null;
  // A salt in front spreads the prefix only as far as writeSpread finds (too few buckets, or a
  // salt of the hot field alone, leave the hotspot).
  const s = writeSpread(t, analysis.nodes);
  return s.spread ? null : s;
}

/**
 * Under a declared load, the hotspot model (capacity/hotspot.ts, which the simulator reads):
 * the newest edge behind the busiest prefix value takes more than half of one node, the bar of
 * hot-row and of the simulator's at-risk (NODE_SHARE). One hot row is hot-row's finding (a new
 * row per update, never a salt).
 */
function rateProblem(design: Design, t: TableAnalysis): { model: HotspotModel; capacity: RangeCapacity } | null {
  const model = tableHotspot(design, t);
  if (model.hottest.kind !== 'edge' || !model.hottest.inPrefix || model.writesPerSecond === null || model.nodeFraction === null) return null;
  return model.nodeFraction > NODE_SHARE.atRisk ? { model, capacity: rangeCapacity(design, t) } : null;
}

/** Why the newest edge takes every write of one prefix value. */
function afterEdge(t: TableAnalysis, stop: string | null): string {
  const f = t.fields.find((x) => x.name === stop);
  if (f?.isTime) return `the timestamp ${f.name} after it sends all writes of one value to that value's newest rows`;
  return `the sequence ${stop ?? ''} after it sends all writes of one value to that value's last row`;
}

const DECLARE = '; declare load.writesPerSecond to check it (Schema design best practices).';

export default defineTableRule({
  meta: {
    id: 'low-cardinality-prefix',
    severity: 'warning',
    description:
      'The busiest value of the first key field sends more than half a node of writes/s to one range no split divides; with no load declared, too few values or one too busy for the nodes.',
    messages: {
      few: 'the key starts with {field}, only {values} values for {nodes} nodes: writes crowd ~{points} key ranges' + DECLARE,
      salted: 'the salt {salt} ({saltBuckets} buckets) does not spread {field}: writes crowd ~{points} key ranges' + DECLARE,
      hot: 'one value of {field} takes {share} of writes, more than one of {nodes} nodes can serve' + DECLARE,
      busy: 'the newest {stop} of the busiest {field} takes {share} of writes, {wps} writes/s, above {limit} (Schema design best practices).',
      busySalted: 'the salt {salt} does not divide the busiest {field}: its newest {stop} takes {wps} writes/s, above {limit} (Schema design best practices).',
    },
    details: {
      few:
        'the key starts with {field}, which has only {values} values (at least 10 per node, {minValues} for {nodes} nodes, spread writes), and {after}.' +
        TAIL +
        ' No write load is declared: with load.writesPerSecond the rule checks whether the busiest range exceeds one node.',
      salted:
        'the salt {salt} in front of {field} does not spread its writes: with {saltBuckets} buckets, over what it hashes, writes go to about {points} key ranges at any moment, the busiest taking {busiest} of them, more than one of the {nodes} nodes can serve. {saltAdvice} No write load is declared: with load.writesPerSecond the rule checks whether the busiest range exceeds one node.',
      hot:
        'one value of {field} takes {share} of writes, more than one node can serve (1/{nodes} of the cluster), and {after}.' +
        TAIL +
        ' No write load is declared: with load.writesPerSecond the rule checks whether the busiest range exceeds one node.',
      busy: '{range} takes {share} of the {total} writes/s, {wps} writes/s, because {after}. No split divides that range, so one node serves it whatever the cluster size: {perNode} writes/s of these rows at 100% CPU; above half of that ({half}) the range has no room to grow, and the recommended average CPU is {target} ("Plan your capacity"). {remedy}',
      busySalted:
        '{range} takes {share} of the {total} writes/s, {wps} writes/s: the salt {salt} ({saltBuckets} buckets) gives the busiest {field} one bucket. No split divides that range, so one node serves it: {perNode} writes/s of these rows at 100% CPU; above half of that ({half}) the range has no room to grow ("Plan your capacity"). {saltAdvice}',
    },
    fixable: true,
    readsInstance: true,
  },
  table(t, { design, analysis, report }) {
    const first = prefixField(t);
    if (!first || first.isTime || first.isSequential) return; // another rule's case
    const declared = declaredWrites(t.table).peak !== null;
    const rated = declared ? rateProblem(design, t) : null;
    const s = declared ? null : keyProblem(t, analysis);
    if (!rated && !s) return;
    const salt = t.fields[0]!.isSalt ? t.fields[0]! : null;
    const buckets = saltBuckets(analysis.nodes);
    const helps = saltHelps(t, rated ? rated.model.hottest.prefix : s!.group.map((f) => f.name));
    // A salt splits only writes that differ in something it hashes: one hot row stays one row.
    // A query that reads one value of the prefix keeps working best with the salt right after
    // it: one value's writes spread over the buckets, and its scan stays under one prefix.
    const scanned = (t.table.queries ?? []).some((q) => q.match?.[first.name] === 'eq' && !q.servedBy);
    const rest = t.fields.filter((f) => !f.isSalt && f.name !== first.name).map((f) => f.name);
    const remedy = helps
      ? scanned
        ? `Put a hash field with ${buckets} buckets (4 per node) right after ${first.name}: the busiest value's writes spread over ${buckets} ranges, and a scan of one ${first.name} stays under one prefix.`
        : `Salt the key: put a hash field with ${buckets} buckets (4 per node) in front.`
      : 'No salt can split the writes of one key: aggregate them at write time, or add a key field that varies between them (Aggregate values at write time).';
    const saltAdvice =
      salt && salt.cardinality < buckets
        ? `Give the salt at least ${buckets} buckets (4 per node) and make it hash a field that varies between writes of the busiest ${first.name}.`
        : `The salt has enough buckets; make it hash a field that varies between writes of the busiest ${first.name}.`;
    const fix =
      !salt && helps
        ? scanned
          ? { fix: { label: `Add a salt of ${buckets} buckets after {${first.name}}`, apply: () => insertSaltAfter(design, t, first.name, rest, buckets) } }
          : { fix: { label: `Add a salt of ${buckets} buckets in front of {${first.name}}`, apply: () => salted(design, t, analysis) } }
        : {};
    const common = {
      field: first.name,
      nodes: analysis.nodes,
      buckets,
      salt: salt?.name ?? '',
      saltBuckets: salt ? formatFigure(salt.cardinality) : '',
      remedy,
      saltAdvice,
    };
    if (rated) {
      const { model: m, capacity: c } = rated;
      // An error when the range needs more than one node: the simulator's hotspot.
      const hotspot = m.risk === 'hotspot';
      const rate = (x: number) => formatCount(x);
      report({
        path: ['rowKey', 'fields', first.name],
        ...(hotspot ? { severity: 'error' as const } : {}),
        messageId: salt ? 'busySalted' : 'busy',
        data: {
          ...common,
          field: m.hottest.prefix.filter((n) => !t.fields.some((f) => f.isSalt && f.name === n)).join('#'),
          stop: m.hottest.stop ?? '',
          range: describeRange(m.hottest),
          share: formatPercent(m.hottest.share),
          wps: rate(m.writesPerSecond!),
          total: rate(declaredWrites(t.table).peak!),
          limit: hotspot ? `one node's ${rate(c.perNode)}` : `half of one node (${rate(c.perNode * NODE_SHARE.atRisk)} of its ${rate(c.perNode)})`,
          perNode: rate(c.perNode),
          half: rate(c.perNode * NODE_SHARE.atRisk),
          target: formatPercent(c.cpuTarget),
          after: afterEdge(t, m.hottest.stop),
        },
        ...fix,
      });
      return;
    }
    report({
      path: ['rowKey', 'fields', first.name],
      messageId: salt ? 'salted' : first.cardinality < 10 * analysis.nodes ? 'few' : 'hot',
      data: {
        ...common,
        values: formatFigure(first.cardinality),
        share: formatPercent(first.topShare),
        minValues: 10 * analysis.nodes,
        after: after(s!),
        points: formatFigure(s!.points),
        busiest: formatPercent(s!.hottest),
      },
      ...fix,
    });
  },
});
