// The workload additions of the format (write pattern, query kind, latency, Data Boost,
// lookback, personal data, uuid versions): they load, are checked, and survive every way a
// design leaves the studio and comes back.
import { describe, expect, it } from 'vitest';
import { exportTable } from '../core/outputs';
import { decodeShare, encodeShare } from '../core/share/share';
import { runCli } from './run-in-memory';
import { tempFolder } from '../test-support/temp-files';
import { formatIssue, loadDesign } from '../core/load/load-design';

const YAML = `format: bigtable-studio/v1
name: workload
instance:
  clusters: [{id: serve-east1, zone: us-east1-b, nodes: 3}]
  appProfiles:
    - {id: serving, routing: multi}
    - {id: batch, routing: single, cluster: serve-east1}
tables:
  - name: orders
    rowKey:
      template: "{customer}#{order}"
      fields:
        customer: {type: string, cardinality: 100000}
        order: {type: uuid, version: 7}
    families:
      - name: pii
        personalData: true
        columns: [{qualifier: email, valueBytes: 40}]
      - name: o
        personalData: false
        columns: [{qualifier: total, valueBytes: 8}]
    queries:
      - {name: one order, match: {customer: eq, order: eq}, kind: serving, latencyMs: 10, appProfile: serving}
      - {name: orders of a customer, match: {customer: eq}, lookback: 90d}
      - {name: nightly export, kind: batch, dataBoost: true, appProfile: batch}
    load: {writesPerSecond: 500, writePattern: burst, burstDuration: 30s, writeKind: mixed}
  - name: fx_rates
    rowKey:
      template: "{day}#{pair}"
      fields:
        day: {type: timestamp, bucket: day, format: iso}
        pair: {type: string, cardinality: 30}
    load: {writesPerSecond: 30, writePattern: bulk, bulkRows: 30, bulkEvery: 1d, writeKind: insert}
  - name: ids
    rowKey:
      template: "{id}"
      fields:
        id: {type: uuid, version: 4}
`;

function load(text: string, file = 'design.yaml') {
  const r = loadDesign(text, file);
  if (!r.ok) throw new Error(r.issues.map(formatIssue).join('\n'));
  return r.design;
}

describe('the workload additions of the format', () => {
  const design = load(YAML);

  it('load from YAML with every new key', () => {
    const [orders, fx, ids] = design.tables;
    expect(orders!.load).toEqual({ writesPerSecond: 500, writePattern: 'burst', burstDuration: '30s', writeKind: 'mixed' });
    expect(orders!.families!.map((f) => f.personalData)).toEqual([true, false]);
    expect(orders!.queries!.map((q) => [q.kind, q.latencyMs, q.dataBoost, q.lookback])).toEqual([
      ['serving', 10, undefined, undefined],
      [undefined, undefined, undefined, '90d'],
      ['batch', undefined, true, undefined],
    ]);
    expect(orders!.rowKey.fields.order).toEqual({ type: 'uuid', version: 7 });
    expect(fx!.load).toMatchObject({ writePattern: 'bulk', bulkRows: 30, bulkEvery: '1d' });
    expect(ids!.rowKey.fields.id).toEqual({ type: 'uuid', version: 4 });
  });

  it('round-trip through JSON', () => {
    expect(load(JSON.stringify(design), 'design.json')).toEqual(design);
  });

  it('round-trip through a share link', () => {
    const back = decodeShare(encodeShare(design));
    expect(back.ok && back.design).toEqual(design);
  });

  it('round-trip through export --to design (YAML and JSON), in the core and the CLI', async () => {
    for (const as of ['yaml', 'json'] as const) expect(load(exportTable(design, null, 'design', { as }).text, `out.${as}`)).toEqual(design);
    const file = tempFolder('workload').write('workload.yaml', YAML);
    const r = await runCli('export', file, '--to', 'design');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(load(r.out)).toEqual(design);
  });

  it('refuse values outside the format, naming where', () => {
    const bad = (from: string, to: string) => {
      const r = loadDesign(YAML.replace(from, to));
      return r.ok ? [] : r.issues.map(formatIssue);
    };
    expect(bad('version: 7', 'version: 6').join('\n')).toMatch(/fields\.order\.version/);
    expect(bad('writePattern: burst', 'writePattern: spiky').join('\n')).toMatch(/load\.writePattern/);
    expect(bad('kind: batch', 'kind: nightly').join('\n')).toMatch(/queries\[2\]\.kind/);
    expect(bad('latencyMs: 10', 'latencyMs: -1').join('\n')).toMatch(/queries\[0\]\.latencyMs/);
    expect(bad('lookback: 90d', 'lookback: 3 months').join('\n')).toMatch(/queries\[1\]\.lookback/);
    expect(bad('personalData: true', 'personalData: yes please').join('\n')).toMatch(/families\[0\]\.personalData/);
  });

  it('refuse a pattern setting given to another pattern', () => {
    const r = loadDesign(YAML.replace('writePattern: burst, burstDuration: 30s', 'writePattern: bulk, burstDuration: 30s'));
    expect(r.ok ? [] : r.issues.map(formatIssue)).toEqual([
      expect.stringMatching(/tables\[0\]\.load\.burstDuration.*applies to writePattern: burst, but this load is bulk/),
    ]);
  });

  it('mean what they meant without the new keys: a uuid is v4, a load sustained', () => {
    const old = load(YAML.replaceAll(', version: 7', '').replaceAll(', version: 4', ''));
    expect(old.tables[0]!.rowKey.fields.order).toEqual({ type: 'uuid' });
  });
});

describe('the design review (Markdown export)', () => {
  it('says how the application uses each table', () => {
    const md = exportTable(load(YAML), null, 'markdown').text;
    expect(md).toContain('| `pii` (personal data) |');
    expect(md).toContain('| `order` | uuid | v7, time-ordered |');
    expect(md).toContain('| nightly export (batch, Data Boost) |');
    expect(md).toContain('| one order (p99 10 ms) |');
    expect(md).toContain('| orders of a customer (90d back) |');
    expect(md).toMatch(/- Writes: 500 writes\/s, [\d.]+ writes\/s per node; bursts of 30s, inserts and updates/);
    expect(md).toMatch(
      /- Writes: 30 writes\/s at peak \(0\.00035\/s on average, which sizes storage\), [\d.]+ writes\/s per node; a bulk load of 30 rows every 1d/,
    );
  });
});
