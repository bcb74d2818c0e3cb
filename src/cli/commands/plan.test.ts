import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventsDesign } from '../../test-support/capacity-designs';
import { runCli } from '../run-in-memory';

const dir = mkdtempSync(join(tmpdir(), 'btstudio-plan-'));
const file = join(dir, 'design.yaml');
writeFileSync(file, eventsDesign(300_000, 3));

describe('btstudio plan', () => {
  it('prints the plan as JSON', async () => {
    const r = await runCli('plan', file, '--format', 'json');
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.out);
    expect(plan.cluster).toEqual({ nodes: 3, storage: 'ssd' });
    expect(plan.nodesNeeded).toMatchObject({ cpu: 31, recommended: 31 });
    expect(plan.tables[0]).toMatchObject({ table: 'events', writeRowsPerSecond: 300000, storage: 'bounded' });
    expect(plan.monthlyCost.prices.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('prints SSD and HDD side by side as text', async () => {
    const r = await runCli('plan', file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/SSD: needs 31 nodes .*\|\s+HDD: needs 43 nodes/);
    expect(r.out).toContain('assumptions:');
  });

  it('says which write rate sized what: the peak CPU, the average storage', async () => {
    const avgFile = join(dir, 'average.yaml');
    writeFileSync(
      avgFile,
      eventsDesign(300_000, 3).replace('load: {writesPerSecond: 300000,', 'load: {writesPerSecond: 300000, averageWritesPerSecond: 75000,'),
    );
    const text = await runCli('plan', avgFile);
    expect(text.code).toBe(0);
    expect(text.out).toContain('events: 300,000 writes/s at peak (75,000 on average),');
    expect(text.out).toContain('  - events: CPU at the peak 300,000 writes/s, storage and growth at the average 75,000 writes/s.');
    expect(text.out).toMatch(/SSD: needs 31 nodes \(CPU 31 at 70%,/);
    const json = JSON.parse((await runCli('plan', avgFile, '--format', 'json')).out);
    const peak = JSON.parse((await runCli('plan', file, '--format', 'json')).out);
    expect(json.tables[0]).toMatchObject({ writeRowsPerSecond: 300000, averageWriteRowsPerSecond: 75000, cpuNodes: peak.tables[0].cpuNodes });
    expect(json.tables[0].storedBytes / peak.tables[0].storedBytes).toBeCloseTo(0.25, 3);
  });

  it('refuses an average above the peak, naming where', async () => {
    const badFile = join(dir, 'above.yaml');
    writeFileSync(badFile, eventsDesign(1000, 3).replace('load: {writesPerSecond: 1000,', 'load: {writesPerSecond: 1000, averageWritesPerSecond: 2000,'));
    const r = await runCli('plan', badFile);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/above\.yaml:16:\d+.*tables\[0\]\.load\.averageWritesPerSecond.*a mean cannot exceed its peak/s);
  });

  it('takes prices by flag and refuses bad ones', async () => {
    const r = await runCli('plan', file, '--format', 'json', '--node-hour', '1', '--currency', 'EUR');
    const plan = JSON.parse(r.out);
    expect(plan.monthlyCost).toMatchObject({ currency: 'EUR', nodes: 31 * 730 });
    expect(plan.monthlyCost.prices.source).toMatch(/command line/);
    const bad = await runCli('plan', file, '--node-hour', '-3');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--node-hour takes a price/);
    const cur = await runCli('plan', file, '--currency', 'dollars');
    expect(cur.code).toBe(2);
  });
});
