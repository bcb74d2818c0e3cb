import { describe, expect, it } from 'vitest';
import { formatIssue, loadDesign } from './load';

const good = `format: bigtable-studio/v1
name: IoT telemetry
cluster: {nodes: 3, storage: ssd}
tables:
  - name: readings
    rowKey:
      template: "{tenant}#{device}#{ts}"
      fields:
        tenant: {type: string, values: [acme, globex, initech], weights: [0.6, 0.3, 0.1]}
        device: {type: int, cardinality: 100000, pad: 6, distribution: uniform}
        ts:     {type: timestamp, unit: ms, reversed: true}
    families:
      - name: m
        gc: {union: [{maxVersions: 1}, {maxAge: 30d}]}
        columns:
          - {qualifier: temp, valueBytes: 8}
    queries:
      - name: latest readings of a device
        match: {tenant: eq, device: eq}
        order: newest
        limit: 10
    load: {writesPerSecond: 20000, retention: 90d}
`;

describe('loadDesign', () => {
  it('accepts the example of the format spec', () => {
    const r = loadDesign(good, 'iot.yaml');
    expect(r.ok ? [] : r.issues.map(formatIssue)).toEqual([]);
  });

  it('names file, line, column and path of a wrong enum value', () => {
    const r = loadDesign(good.replace('unit: ms', 'unit: minutes'), 'iot.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ file: 'iot.yaml', line: 11, path: 'tables[0].rowKey.fields.ts.unit' });
    expect(r.issues[0]!.column).toBe(41);
    expect(r.issues[0]!.message).toMatch(/s, ms, us/);
  });

  it('reports an unknown key at the key with the allowed keys', () => {
    const r = loadDesign(good.replace('order: newest', 'ordr: newest'), 'x.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ line: 20, column: 9, path: 'tables[0].queries[0].ordr' });
    expect(r.issues[0]!.message).toContain('order');
  });

  it('rejects a template that names an undefined field', () => {
    const r = loadDesign(good.replace('{device}#{ts}', '{device}#{tss}'), 'x.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.message).join('\n')).toMatch(/\{tss\}/);
    expect(r.issues[0]!.line).toBe(7);
  });

  it('says a newer format version is newer', () => {
    const r = loadDesign(good.replace('bigtable-studio/v1', 'bigtable-studio/v2'), 'x.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/newer/);
  });

  it('reports YAML syntax errors with a position', () => {
    const r = loadDesign('format: bigtable-studio/v1\nname: [unclosed\n', 'bad.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.line).toBeGreaterThanOrEqual(2);
  });
});
