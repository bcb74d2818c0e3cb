// Simulator speed and memory: simulated writes per second of wall time for a 10M-write
// run, peak RSS of runs of 1M, 10M and 100M writes (each in its own child process, longer runs
// at the same rate, so memory should stay flat), and the cost of quantising a 1,000 x 300
// heatmap to palette indexes, and one run at the format's limits: a 4,096-byte key at 10^9
// writes/s for 60 s (time and peak RSS; it ran past 40 s and 3.4 GB before its byte budgets).
// Runs generate a fixed budget of keys (docs/simulator.md), so wall time depends on the budget
// and the key template, not on the number of writes.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { importBundle, src } from './bundle.mjs';

const TABLES = {
  // The fix Schema design best practices gives: a salt in front of a timestamp-first key.
  salted: {
    name: 'salted',
    rowKey: {
      template: '{salt}#{ts}#{device}',
      fields: { salt: { type: 'hash', buckets: 8 }, ts: { type: 'timestamp' }, device: { type: 'string', cardinality: 100000 } },
    },
    families: [{ name: 'f', columns: [{ qualifier: 'v', valueBytes: 500 }] }],
  },
  // The anti-pattern it fixes.
  timestampFirst: {
    name: 'timestamp-first',
    rowKey: { template: '{ts}#{device}', fields: { ts: { type: 'timestamp' }, device: { type: 'string', cardinality: 100000 } } },
    families: [{ name: 'f', columns: [{ qualifier: 'v', valueBytes: 500 }] }],
  },
  // The longest key a bytes field takes (src/cli/commands/simulate.test.ts, "within its budgets").
  longKey: { name: 'long-key', rowKey: { template: '{k}', fields: { k: { type: 'bytes', length: 4096 } } } },
};

function loadCore() {
  return importBundle(`export { simulate, quantiseHeatmap } from ${src('src/core/sim/index.ts')};`);
}

const mode = process.argv[2];
if (mode === '--child') {
  // One run in a fresh process: peak RSS and wall time include loading and compiling the core.
  const [, , , table, wps, seconds] = process.argv;
  const { simulate } = await loadCore();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = simulate(TABLES[table], { nodes: 6, writesPerSecond: Number(wps), seconds: Number(seconds) });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  // CPU time too: on a busy machine wall time measures the neighbours.
  const cpuMs = (c.user + c.system) / 1000;
  process.stdout.write(JSON.stringify({ ms, cpuMs, writes: r.writes, pattern: r.pattern, maxRSS: process.resourceUsage().maxRSS }) + '\n');
} else if (mode === '--baseline') {
  await loadCore();
  process.stdout.write(JSON.stringify({ maxRSS: process.resourceUsage().maxRSS }) + '\n');
} else {
  const self = fileURLToPath(import.meta.url);
  const child = (...args) => {
    const r = spawnSync(process.execPath, [self, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout);
  };
  const mb = (kb) => Math.round(kb / 102.4) / 10;

  // Throughput: 10M writes (10,000 writes/s for 1,000 s on 6 nodes), cold in a fresh process
  // and warm (the third run in this one).
  const { simulate, quantiseHeatmap } = await loadCore();
  for (const name of ['salted', 'timestampFirst']) {
    const cold = child('--child', name, 10_000, 1000);
    let warm = 0;
    let warmCpu = 0;
    let result;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      result = simulate(TABLES[name], { nodes: 6, writesPerSecond: 10_000, seconds: 1000 });
      warm = performance.now() - t0;
      const c = process.cpuUsage(c0);
      warmCpu = (c.user + c.system) / 1000;
    }
    console.log(
      JSON.stringify({
        name: `sim-10M-writes-${name}`,
        value: Math.round(result.writes / (cold.ms / 1000)),
        unit: 'simulated writes/s',
        coldMs: Math.round(cold.ms),
        coldCpuMs: Math.round(cold.cpuMs),
        warmMs: Math.round(warm),
        warmCpuMs: Math.round(warmCpu),
        warmWritesPerSecond: Math.round(result.writes / (warm / 1000)),
        sampledKeys: result.sampledKeys,
        pattern: result.pattern,
        hotspotScore: Math.round(result.hotspotScore * 100) / 100,
      }),
    );
  }

  // Memory: the same rate for longer and longer runs, each in its own process.
  const base = child('--baseline');
  const long = child('--child', 'longKey', 1e9, 60);
  console.log(
    JSON.stringify({
      name: 'sim-long-key-1e9-writes',
      value: Math.round(long.ms),
      unit: 'ms',
      cpuMs: Math.round(long.cpuMs),
      peakRssMB: mb(long.maxRSS),
      baselineMB: mb(base.maxRSS),
      writes: long.writes,
    }),
  );
  for (const [label, seconds] of [
    ['1M', 1000],
    ['10M', 10_000],
    ['100M', 100_000],
  ]) {
    const r = child('--child', 'salted', 1000, seconds);
    console.log(
      JSON.stringify({
        name: `sim-peak-rss-${label}-writes`,
        value: mb(r.maxRSS),
        unit: 'MB',
        baselineMB: mb(base.maxRSS),
        ms: Math.round(r.ms),
        writes: Math.round(r.writes),
      }),
    );
  }

  // Quantising 1,000 buckets x 300 slots (log scale to Uint8 palette indexes), warm.
  const cells = new Float32Array(1000 * 300);
  for (let i = 0; i < cells.length; i++) cells[i] = i % 7 === 0 ? 0 : ((i * 2654435761) % 100000) / 7;
  const out = new Uint8Array(cells.length);
  for (let i = 0; i < 20; i++) quantiseHeatmap(cells, { out });
  const times = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    quantiseHeatmap(cells, { out, brightness: 1 + i / 50 });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({ name: 'heatmap-quantise-1000x300', value: Math.round(times[25] * 100) / 100, unit: 'ms', p90: Math.round(times[45] * 100) / 100 }),
  );
}
