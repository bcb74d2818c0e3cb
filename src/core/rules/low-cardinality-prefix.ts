// Google's "Schema design best practices": row keys need many distinct values up front, and a
// low-cardinality prefix is salted (a hash of the key in front). Rows split anywhere, so the prefix only hurts when nothing after it spreads the
// writes under each of its values (see support/keyshape.ts writeSpread).
import type { Design } from '../model/schema';
import type { DesignAnalysis, TableAnalysis } from './analysis';
import { count, percent, prependSalt, saltBuckets, writeSpread, type WriteSpread } from './support/keyshape';
import { defineTableRule } from './types';
import { tableHotspot } from '../capacity/hotspot';

const TAIL =
  ' At any moment writes go to about {points} key ranges, the busiest taking {busiest} of them, so the load cannot spread evenly over the {nodes} nodes. {remedy}';

/** Why the fields after the prefix do not spread its writes. */
function after(s: WriteSpread): string {
  if (s.stop?.isTime) return `the timestamp ${s.stop.name} after it sends all writes of one value to that value's newest rows`;
  if (s.stop) return `the sequence ${s.stop.name} after it sends all writes of one value to that value's last row`;
  const rest = s.group.slice(1).map((f) => f.name);
  return rest.length ? `the fields after it (${rest.join(', ')}) add too few values` : 'no field after it spreads the writes under each value';
}

/** A salt of the rest of the key spreads writes only if something outside the prefix varies between concurrent writes. */
function saltHelps(t: TableAnalysis, s: WriteSpread): boolean {
  return t.fields.some(
    (f) => !f.isSalt && !s.group.includes(f) && (f.isTime ? (f.resolutionMs ?? Infinity) <= 1000 : f.cardinality > 1),
  );
}

/** The design with a salt of the rest of the key in front (the fix), or null. */
function salted(design: Design, t: TableAnalysis, analysis: DesignAnalysis): Design | null {
  const of = t.fields.filter((f) => !f.isSalt).map((f) => f.name);
  return prependSalt(design, t, of, saltBuckets(analysis.nodes));
}

/** Writes one SSD or HDD node takes (1 KB rows, BIGTABLE-FACTS.md). */
const NODE_WRITES = { ssd: 14_000, hdd: 10_000 } as const;

/** The first field that is not a salt: the prefix the rule judges, salted or not. */
function prefixField(t: TableAnalysis) {
  return t.fields.find((f) => !f.isSalt);
}

function problem(t: TableAnalysis, analysis: DesignAnalysis): WriteSpread | null {
  const first = prefixField(t);
  if (!first || first.isTime || first.isSequential) return null; // another rule's case
  // A declared load that half a node serves cannot make a hotspot (a reference table written
  // a few times a day); with no load declared, judge the key alone.
  const wps = t.table.load?.writesPerSecond;
  if (wps !== undefined && wps <= NODE_WRITES[analysis.storage] / 2) return null;
  const low = first.cardinality < 10 * analysis.nodes;
  // The busiest value is hot when it takes more than a node's even share AND more than half a
  // node: below that, one node serves it with room to spare, however many nodes there are.
  const hot = first.topShare > 1 / analysis.nodes && (wps === undefined || first.topShare * wps > NODE_WRITES[analysis.storage] / 2);
  if (!low && !hot) return null;
  // A salt in front spreads the prefix only as far as writeSpread finds (too few buckets, or a
  // salt of the hot field alone, leave the hotspot).
  const s = writeSpread(t, analysis.nodes);
  // The walk ended on whole rows under a declared load: the busiest write point is one row,
  // which no salt of its own fields splits; hot-row judges its rate (capacity/hotspot.ts).
  if (!s.spread && s.stop === null && wps !== undefined) return null;
  return s.spread ? null : s;
}

export default defineTableRule({
  meta: {
    id: 'low-cardinality-prefix',
    severity: 'warning',
    description: 'The first key field has too few values, or one value takes too many writes, for the nodes of the cluster.',
    messages: {
      few: 'the key starts with {field}, only {values} values for {nodes} nodes: writes crowd ~{points} key ranges (Schema design best practices).',
      salted: 'the salt {salt} ({saltBuckets} buckets) does not spread the writes of {field}: they crowd ~{points} key ranges (Schema design best practices).',
      hot: 'one value of {field} takes {share} of writes, more than one of {nodes} nodes can serve (Schema design best practices).',
    },
    details: {
      few: 'the key starts with {field}, which has only {values} values (at least 10 per node, {minValues} for {nodes} nodes, spread writes), and {after}.' + TAIL,
      salted:
        'the salt {salt} in front of {field} does not spread its writes: with {saltBuckets} buckets, over what it hashes, writes go to about {points} key ranges at any moment, the busiest taking {busiest} of them, more than one of the {nodes} nodes can serve. {saltAdvice}',
      hot: 'one value of {field} takes {share} of writes, more than one node can serve (1/{nodes} of the cluster), and {after}.' + TAIL,
    },
    fixable: true,
  },
  table(t, { design, analysis, report }) {
    const s = problem(t, analysis);
    if (!s) return;
    const first = prefixField(t)!;
    const salt = t.fields[0]!.isSalt ? t.fields[0]! : null;
    const buckets = saltBuckets(analysis.nodes);
    const helps = saltHelps(t, s);
    // An error when the busiest edge needs more than one node (the simulator's hotspot).
    const hotspot = tableHotspot(design, t).risk === 'hotspot';
    // A salt splits only writes that differ in something it hashes: one hot row stays one row.
    const remedy = helps
      ? `Salt the key: put a hash field with ${buckets} buckets (4 per node) in front.`
      : 'No salt can split the writes of one key: aggregate them at write time, or add a key field that varies between them (Aggregate values at write time).';
    const saltAdvice =
      salt && salt.cardinality < buckets
        ? `Give the salt at least ${buckets} buckets (4 per node) and make it hash a field that varies between writes of the busiest ${first.name}.`
        : `The salt has enough buckets; make it hash a field that varies between writes of the busiest ${first.name}.`;
    report({
      path: ['rowKey', 'fields', first.name],
      ...(hotspot ? { severity: 'error' as const } : {}),
      messageId: salt ? 'salted' : first.cardinality < 10 * analysis.nodes ? 'few' : 'hot',
      data: {
        field: first.name,
        values: count(first.cardinality),
        share: percent(first.topShare),
        nodes: analysis.nodes,
        minValues: 10 * analysis.nodes,
        after: after(s),
        points: count(s.points),
        busiest: percent(s.hottest),
        buckets,
        salt: salt?.name ?? '',
        saltBuckets: salt ? count(salt.cardinality) : '',
        remedy,
        saltAdvice,
      },
      ...(!salt && helps ? { fix: { label: `Add a salt of ${buckets} buckets in front of {${first.name}}`, apply: () => salted(design, t, analysis) } } : {}),
    });
  },
});
