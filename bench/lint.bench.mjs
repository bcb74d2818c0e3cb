// Lint speed: one full lint of a generated 100-table design (10 key fields, 5 families and
// 5 queries per table), warm. The validator runs on every keystroke in the browser.
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'btstudio-bench-'));
const entry = join(dir, 'entry.ts');
writeFileSync(
  entry,
  `export { lint } from ${JSON.stringify(new URL('../src/core/rules/lint.ts', import.meta.url).pathname)};
export { loadDesign } from ${JSON.stringify(new URL('../src/core/model/load.ts', import.meta.url).pathname)};`,
);
const out = join(dir, 'core.mjs');
await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', outfile: out, logLevel: 'error', mainFields: ['module', 'main'] });
const { lint, loadDesign } = await import(out);

const TYPES = [
  'tenant: {type: string, values: [acme, globex, initech]}',
  'region: {type: string, cardinality: 20, length: 4}',
  'device: {type: int, cardinality: 100000, pad: 6}',
  'kind: {type: string, values: [a, b, c, d]}',
  'user: {type: string, cardinality: 1000000, length: 10}',
  'host: {type: domain, reversed: true}',
  'seq: {type: int, cardinality: 1000, pad: 4}',
  'day: {type: timestamp, bucket: day, format: iso}',
  'id: {type: uuid}',
  'ts: {type: timestamp, reversed: true}',
];
const names = TYPES.map((t) => t.split(':')[0]);
const table = (i) => `  - name: t${i}
    rowKey:
      template: "${names.map((n) => `{${n}}`).join('#')}"
      fields:
${TYPES.map((t) => `        ${t}`).join('\n')}
    families:
${[0, 1, 2, 3, 4].map((f) => `      - name: f${f}\n        gc: {union: [{maxVersions: 1}, {maxAge: 30d}]}\n        columns: [{qualifier: c${f}, valueBytes: 64}]`).join('\n')}
    queries:
${[0, 1, 2, 3, 4].map((q) => `      - {name: q${q}, match: {tenant: eq, region: eq${q > 2 ? ', device: eq' : ''}}, limit: 10, perSecond: 10}`).join('\n')}
    load: {writesPerSecond: 1000, retention: 30d}`;
const yaml = `format: bigtable-studio/v1\nname: bench\ncluster: {nodes: 10}\ntables:\n${Array.from({ length: 100 }, (_, i) => table(i)).join('\n')}\n`;
const loaded = loadDesign(yaml, 'bench.yaml');
if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues.slice(0, 3)));
for (let i = 0; i < 30; i++) lint(loaded.design);
const times = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  lint(loaded.design);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const median = times[times.length >> 1];
const findings = lint(loaded.design).findings.length;
console.log(JSON.stringify({ name: 'lint-100-tables-warm', value: Math.round(median * 100) / 100, unit: 'ms', p90: Math.round(times[Math.floor(times.length * 0.9)] * 100) / 100, tables: 100, findings }));
const t0 = performance.now();
loadDesign(yaml, 'bench.yaml');
console.log(JSON.stringify({ name: 'load-100-tables', value: Math.round((performance.now() - t0) * 100) / 100, unit: 'ms', yamlKB: Math.round(yaml.length / 1024) }));
