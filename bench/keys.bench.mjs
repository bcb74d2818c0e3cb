// Key generation throughput of the core (what the sorter view and the simulator draw on).
import { spawnSync } from 'node:child_process';

const n = 200_000;
const t0 = performance.now();
const r = spawnSync(process.execPath, ['bin/btstudio.mjs', 'keys', 'examples/iot-multitenant.yaml', '-n', String(n)], { maxBuffer: 1 << 30 });
const ms = performance.now() - t0;
if (r.status !== 0) {
  process.stderr.write(r.stderr);
  process.exit(1);
}
console.log(JSON.stringify({ name: 'keys-generate-200k-cli', value: Math.round(ms * 10) / 10, unit: 'ms', keysPerSecond: Math.round(n / (ms / 1000)) }));
