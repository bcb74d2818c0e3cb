// The hotspot model: which range no split can divide, and how much of a node it needs.
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import { analyze } from '../analysis/design';
import { hotspotModel, tableHotspot, unsplittableRange } from './hotspot';

function tableOf(template: string, fields: string, extra = '') {
  const r = loadDesign(
    `format: bigtable-studio/v1
name: t
cluster: {nodes: 4}
tables:
  - name: t
    rowKey:
      template: "${template}"
      fields:
${fields}
${extra}`,
    't.yaml',
  );
  if (!r.ok) throw new Error('invalid test design');
  return { design: r.design, t: analyze(r.design).tables[0]! };
}

describe('the busiest unsplittable range', () => {
  it('is one row when no field varies between writes of an entity: the product of the busiest shares', () => {
    const { t } = tableOf(
      '{region}#{user}',
      '        region: {type: string, values: [a, b], weights: [3, 1]}\n        user: {type: string, cardinality: 100, distribution: hot, share: 0.2}',
    );
    expect(unsplittableRange(t)).toMatchObject({ kind: 'row', prefix: ['region', 'user'], ranges: 200 });
    expect(unsplittableRange(t).share).toBeCloseTo(0.75 * 0.2, 9);
  });

  it('is the newest edge of each prefix value at a fine timestamp or a sequence', () => {
    const { t } = tableOf(
      '{tenant}#{ts}#{id}',
      '        tenant: {type: string, cardinality: 50, distribution: hot, share: 0.4}\n        ts: {type: timestamp}\n        id: {type: uuid}',
    );
    expect(unsplittableRange(t)).toMatchObject({ kind: 'edge', prefix: ['tenant'], stop: 'ts', ranges: 50, share: 0.4, inPrefix: true });
    const seq = tableOf('{n}#{x}', '        n: {type: int, distribution: sequential}\n        x: {type: uuid}').t;
    expect(unsplittableRange(seq)).toMatchObject({ kind: 'edge', prefix: [], stop: 'n', share: 1, inPrefix: false });
  });

  it('lets a bucket of an hour or more through: the current bucket is a range that splits', () => {
    const { t } = tableOf('{day}#{account}', '        day: {type: timestamp, bucket: day, format: iso}\n        account: {type: string, cardinality: 1000000}');
    expect(unsplittableRange(t)).toMatchObject({ kind: 'row', prefix: ['day', 'account'], share: 1e-6 });
    const minute = tableOf(
      '{m}#{account}',
      '        m: {type: timestamp, bucket: minute, format: iso}\n        account: {type: string, cardinality: 1000000}',
    ).t;
    expect(unsplittableRange(minute)).toMatchObject({ kind: 'edge', stop: 'm', share: 1 });
  });

  it('divides an edge by a salt only when the salt hashes something that varies between writes', () => {
    const spread = tableOf(
      '{s}#{ts}#{d}',
      '        s: {type: hash, of: [ts, d], buckets: 8}\n        ts: {type: timestamp}\n        d: {type: string, cardinality: 1000}',
    ).t;
    expect(unsplittableRange(spread)).toMatchObject({ kind: 'edge', ranges: 8, share: 1 / 8, inPrefix: false });
    // A salt of the hot tenant alone gives that tenant one bucket: its edge stays whole.
    const tenant = tableOf(
      '{s}#{tenant}#{ts}',
      '        s: {type: hash, of: [tenant], buckets: 16}\n        tenant: {type: string, cardinality: 100, distribution: hot, share: 0.6}\n        ts: {type: timestamp}',
    ).t;
    expect(unsplittableRange(tenant).share).toBeCloseTo(0.6, 9);
  });
});

describe('the model at a load', () => {
  it('gives writes/s and the share of one node, and the risk by it', () => {
    const { t } = tableOf('{sym}', '        sym: {type: string, cardinality: 1000, distribution: hot, share: 0.5}');
    expect(hotspotModel(t, 10_000, 4, 14_000)).toMatchObject({ writesPerSecond: 5000, risk: 'at-risk' });
    expect(hotspotModel(t, 40_000, 4, 14_000).risk).toBe('hotspot');
    expect(hotspotModel(t, 2_000, 1, 14_000).risk).toBe('none');
    // Unknown stays unknown: no load, no rate.
    expect(hotspotModel(t, null, 4, 14_000)).toMatchObject({ writesPerSecond: null, nodeFraction: null });
  });

  it('reads the declared load and the cluster for lint, and a leading bucket rolls over onto one tablet', () => {
    const { design, t } = tableOf(
      '{day}#{account}',
      '        day: {type: timestamp, bucket: day, format: iso}\n        account: {type: string, cardinality: 1000000}',
      '    load: {writesPerSecond: 28000}\n',
    );
    const m = tableHotspot(design, t);
    expect(m.rollover).toEqual({ field: 'day', nodeFraction: 2 });
    expect(m.risk).toBe('at-risk');
  });
});
