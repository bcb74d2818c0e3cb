// Peak and average write rates: load.writesPerSecond is the peak, which CPU nodes,
// the simulator and hot rows are judged at; load.averageWritesPerSecond is the mean, which
// rows, stored bytes and growth are sized by. Left out, the average is the peak (as before).
import { describe, expect, it } from 'vitest';
import { analyze } from '../analysis/design';
import { lint } from '../rules/lint';
import { parseCase } from '../rules/tester';
import { loadDesign } from '../load/load-design';
import { resolveParams } from '../sim/params';
import { optionsFor } from '../sim';
import { eventsDesign } from '../../test-support/capacity-designs';
import { planCapacity, capacityPlanJson } from './capacity-plan';
import { designWorkload, MONTH_SECONDS } from './workload';

/** The events design at a peak of `peak` writes/s, with `average` declared when given. */
const events = (peak: number, average: number | null, nodes = 3, age = '90d') =>
  eventsDesign(peak, nodes)
    .replace('gc: {maxAge: 7d}', `gc: {maxAge: ${age}}`)
    .replace(
      `load: {writesPerSecond: ${peak}, retention: 7d}`,
      `load: {writesPerSecond: ${peak}${average === null ? '' : `, averageWritesPerSecond: ${average}`}, retention: ${age}}`,
    );

const workloadOf = (yaml: string) => designWorkload(analyze(parseCase(yaml))).tables[0]!;
const planOf = (yaml: string) => {
  const d = parseCase(yaml);
  return planCapacity(d, analyze(d));
};

describe('peak and average write rates: the workload', () => {
  it('sizes rows and stored bytes by the average, and keeps the peak as the write rate', () => {
    const peak = workloadOf(events(20_000, null));
    const avg = workloadOf(events(20_000, 5_000));
    expect(avg.writeRowsPerSecond).toBe(20_000);
    expect(avg.writeBytesPerSecond).toBe(peak.writeBytesPerSecond);
    expect(avg.averageWriteRowsPerSecond).toBe(5_000);
    expect(peak.averageWriteRowsPerSecond).toBe(20_000);
    expect(avg.storage).toBe('bounded');
    // Rows over 90 days of writes: a quarter as many at a quarter of the rate.
    expect(avg.storedBytes! / peak.storedBytes!).toBeCloseTo(0.25, 3);
    expect(avg.rows! / peak.rows!).toBeCloseTo(0.25, 2);
  });

  it('grows by the average per month when GC never deletes', () => {
    const noGc = (a: number | null) => events(20_000, a).replace('        gc: {maxAge: 90d}\n', '');
    const avg = workloadOf(noGc(5_000));
    expect(avg.storage).toBe('unbounded');
    expect(avg.storedBytesGrowthPerMonth).toBeCloseTo(5_000 * avg.bytesPerWrite * MONTH_SECONDS, 0);
    expect(workloadOf(noGc(null)).storedBytesGrowthPerMonth).toBeCloseTo(20_000 * avg.bytesPerWrite * MONTH_SECONDS, 0);
  });

  it('left out, the average is the peak: the workload is exactly what it was', () => {
    expect(workloadOf(events(20_000, 20_000))).toEqual(workloadOf(events(20_000, null)));
  });

  it('an average alone is not a peak: writes stay out of CPU, storage is sized at the average, and it says so', () => {
    const yaml = events(20_000, null).replace('writesPerSecond: 20000', 'averageWritesPerSecond: 5000');
    const w = workloadOf(yaml);
    expect(w.writeRowsPerSecond).toBeNull();
    expect(w.writeBytesPerSecond).toBeNull();
    expect(w.averageWriteRowsPerSecond).toBe(5_000);
    expect(w.storage).toBe('bounded');
    expect(w.storedBytes! / workloadOf(events(20_000, 5_000)).storedBytes!).toBeCloseTo(1, 9);
    expect(w.unknown.join(' ')).toMatch(/no peak write rate declared \(load\.writesPerSecond\)/);
    const p = planOf(yaml);
    expect(p.load.writes).toBe(0);
    expect(p.assumptions.join('\n')).toMatch(/events: no peak write rate declared/);
  });
});

describe('peak and average write rates: the plan and lint read one model', () => {
  it('CPU nodes by the peak, storage by the average, and the assumptions say which sized what', () => {
    const peak = planOf(events(20_000, null));
    const avg = planOf(events(20_000, 5_000));
    expect(avg.cpuNodes).toBeCloseTo(peak.cpuNodes, 12);
    expect(avg.nodesNeeded.cpu).toBe(peak.nodesNeeded.cpu);
    expect(avg.sizedBytes / peak.sizedBytes).toBeCloseTo(0.25, 3);
    expect(avg.nodesNeeded.storage).toBeLessThan(peak.nodesNeeded.storage!);
    expect(capacityPlanJson(avg).tables[0]).toMatchObject({ writeRowsPerSecond: 20_000, averageWriteRowsPerSecond: 5_000 });
    const a = avg.assumptions.join('\n');
    expect(a).toContain("CPU is sized at each table's peak (load.writesPerSecond); rows, storage and growth at its average");
    expect(a).toContain('events: CPU at the peak 20,000 writes/s, storage and growth at the average 5,000 writes/s.');
    expect(peak.assumptions.join('\n')).not.toContain('events: CPU at the peak');
  });

  it('storage-capacity and cluster-capacity report exactly the plan states, peak and average alike', () => {
    // 20,000 writes/s of events for 90 days is ~35 TiB; 3 SSD nodes hold 15 TiB.
    for (const [peakRate, average] of [
      [20_000, null],
      [20_000, 10_000],
      [20_000, 5_000],
      [20_000, 2_000],
      [60_000, 2_000],
      [60_000, null],
    ] as const) {
      const d = parseCase(events(peakRate, average));
      const p = planCapacity(d, analyze(d));
      const findings = lint(d).findings;
      const at = `${peakRate} peak, ${average ?? 'no'} average`;
      expect(findings.find((f) => f.rule === 'storage-capacity')?.messageId ?? 'ok', at).toBe(p.storageState);
      expect(findings.find((f) => f.rule === 'cluster-capacity')?.messageId ?? 'ok', at).toBe(p.cpuState);
    }
    expect(planOf(events(20_000, 5_000)).storageState).toBe('ok');
    expect(planOf(events(20_000, null)).storageState).toBe('over');
    expect(planOf(events(60_000, 2_000)).cpuState).toBe('over');
  });
});

describe('peak and average write rates: the format', () => {
  it('refuses an average above the peak, at its path', () => {
    const r = loadDesign(events(2_000, 5_000), 'x.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ path: 'tables[0].load.averageWritesPerSecond', line: 16, column: 59 });
    expect(r.issues[0]!.message).toBe('the average (5000 writes/s) is above the peak writesPerSecond (2000); a mean cannot exceed its peak');
  });

  it('accepts an average at or below the peak, or alone', () => {
    for (const yaml of [
      events(2_000, 2_000),
      events(2_000, 0),
      events(2_000, 500),
      events(2_000, null).replace('writesPerSecond: 2000', 'averageWritesPerSecond: 2000'),
    ]) {
      const r = loadDesign(yaml, 'x.yaml');
      expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([]);
    }
  });
});

describe('peak and average write rates: the simulator simulates the peak', () => {
  it('runs at the declared peak whatever the average, and an average alone is no declared rate', () => {
    const d = parseCase(events(20_000, 5_000));
    const t = d.tables[0]!;
    const p = resolveParams(t, optionsFor(d, {}, t), 30);
    expect(p.writesPerSecond).toBe(20_000);
    expect(p.writesAssumed).toBe(false);
    const alone = parseCase(events(20_000, null).replace('writesPerSecond: 20000', 'averageWritesPerSecond: 5000'));
    const q = resolveParams(alone.tables[0]!, optionsFor(alone, {}, alone.tables[0]!), 30);
    expect(q.writesAssumed).toBe(true);
    expect(q.writesPerSecond).not.toBe(5_000);
  });
});
