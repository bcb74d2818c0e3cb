// Lint speed: one full lint of a generated 100-table design (10 key fields, 5 families and
// 5 queries per table), warm. The validator runs on every keystroke in the browser.
import { importBundle, src } from './bundle.mjs';

const { lint, withVerifiedFixes, loadDesign, RULES, planCapacity } =
  await importBundle(`export { lint, withVerifiedFixes } from ${src('src/core/rules/lint.ts')};
export { planCapacity } from ${src('src/core/capacity/capacity-plan.ts')};
export { RULES } from ${src('src/core/rules/registry.ts')};
export { loadDesign } from ${src('src/core/load/load-design.ts')};`);

const TYPES = [
  ['tenant', '{type: string, values: [acme, globex, initech, umbrella, hooli]}'],
  ['region', '{type: string, cardinality: 20, length: 4}'],
  ['device', '{type: int, cardinality: 100000, pad: 6}'],
  ['kind', '{type: string, values: [a, b, c, d]}'],
  ['user', '{type: string, cardinality: 1000000, length: 10}'],
  ['host', '{type: domain, reversed: true}'],
  ['seq', '{type: int, cardinality: 1000, pad: 4}'],
  ['day', '{type: timestamp, bucket: day, format: iso}'],
  ['id', '{type: uuid}'],
  ['ts', '{type: timestamp, reversed: true}'],
];
// 100 different tables: each rotates the field order, renames fields and families, varies the
// load, so no two tables are alike (as in a real design) and rules see varied shapes.
const table = (i) => {
  const rot = TYPES.map((_, k) => TYPES[(k + i) % 5 === k % 5 ? k : k]);
  const fields = rot.map(([n, t], k) => [`${n}${i % 7}_${k}`, t]);
  const order = i % 2 ? fields : [...fields.slice(1, 6), fields[0], ...fields.slice(6)];
  return `  - name: t${i}
    rowKey:
      template: "${order.map(([n]) => `{${n}}`).join('#')}"
      fields:
${fields.map(([n, t]) => `        ${n}: ${t}`).join('\n')}
    families:
${[0, 1, 2, 3, 4].map((f) => `      - name: f${i}_${f}\n        gc: {union: [{maxVersions: ${1 + (f % 3)}}, {maxAge: ${7 + f}d}]}\n        columns: [{qualifier: c${f}, valueBytes: ${16 << f}}]`).join('\n')}
    queries:
${[0, 1, 2, 3, 4].map((q) => `      - {name: q${q}, match: {${order[0][0]}: eq${q > 1 ? `, ${order[1][0]}: eq` : ''}${q > 3 ? `, ${order[2][0]}: range` : ''}}, limit: ${10 * (q + 1)}, perSecond: ${q + 1}}`).join('\n')}
    load: {writesPerSecond: ${500 + 37 * i}, retention: ${30 + (i % 60)}d}`;
};
const yaml = `format: bigtable-studio/v1\nname: bench\ncluster: {nodes: 10}\ntables:\n${Array.from({ length: 100 }, (_, i) => table(i)).join('\n')}\n`;
const loaded = loadDesign(yaml, 'bench.yaml');
if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues.slice(0, 3)));
const text = JSON.stringify(loaded.design);
const fresh = () => JSON.parse(text); // every table a new object: nothing cached from the last run
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const round = (x) => Math.round(x * 100) / 100;
/** One bench line: the median and p90 of `samples` in ms, for a 100-table design, with `extra` fields. */
const report = (name, samples, extra = {}) =>
  console.log(JSON.stringify({ name, value: round(median(samples)), unit: 'ms', p90: round(p90(samples)), tables: 100, ...extra }));

for (let i = 0; i < 30; i++) lint(fresh());
const full = [];
for (let i = 0; i < 50; i++) {
  const d = fresh();
  const t0 = performance.now();
  lint(d);
  full.push(performance.now() - t0);
}
const findings = lint(fresh()).findings.length;
report('lint-100-tables-full-warm', full, { findings, note: 'every table a new object (no cache), JIT warm' });

// Warm in every sense: the same design linted again (JIT and per-table caches warm).
const same = fresh();
lint(same);
const warm = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  lint(same);
  warm.push(performance.now() - t0);
}
report('lint-100-tables-warm', warm, { note: 'same design again: JIT and per-table caches warm' });

// A keystroke: one table changes, the other 99 keep their objects (immutable updates).
let d = fresh();
lint(d);
const inc = [];
for (let i = 0; i < 200; i++) {
  const k = i % 100;
  d = { ...d, tables: d.tables.map((t, j) => (j === k ? { ...t, description: `edit ${i}` } : t)) };
  const t0 = performance.now();
  lint(d);
  inc.push(performance.now() - t0);
}
report('lint-100-tables-one-table-edited', inc);
const t0 = performance.now();
loadDesign(yaml, 'bench.yaml');
console.log(
  JSON.stringify({ name: 'load-100-tables', value: Math.round((performance.now() - t0) * 100) / 100, unit: 'ms', yamlKB: Math.round(yaml.length / 1024) }),
);

// BENCH_RULES=1: the cost of each rule alone over fresh tables, minus analysis alone.
if (process.env.BENCH_RULES) {
  const ids = RULES.map((r) => r.meta.id);
  const only = (id) => Object.fromEntries(ids.filter((x) => x !== id).map((x) => [x, 'off']));
  const time = (rules) => {
    const xs = [];
    for (let i = 0; i < 15; i++) {
      const dd = fresh();
      const t0 = performance.now();
      lint(dd, { rules });
      xs.push(performance.now() - t0);
    }
    return median(xs);
  };
  const base = time(only('(none)') && Object.fromEntries(ids.map((x) => [x, 'off'])));
  const rows = ids.map((id) => [id, time(only(id)) - base]).sort((a, b) => b[1] - a[1]);
  console.error(`analysis alone ${round(base)} ms`);
  for (const [id, ms] of rows.slice(0, 12)) console.error(`${round(ms).toFixed(2).padStart(7)} ms  ${id}`);
  const counts = {};
  for (const f of lint(fresh()).findings) counts[f.rule] = (counts[f.rule] ?? 0) + 1;
  console.error('findings by rule', JSON.stringify(counts));
}

// The capacity plan (src/core/capacity/capacity-plan.ts) on every keystroke, as the studio runs it: lint
// (whose capacity rules read the plan) with the fix checks deferred (src/app/lint-cache.ts), then
// the Capacity panel's two plans (SSD and HDD, with the user's prices, so not the memoised one).
// Target: lint plus plan under 5 ms warm. The fix checks run after the keystroke, before any fix
// is offered: their cost is the next line (each offered fix re-lints the design it proposes).
const prices = { nodeHour: 0.7 };
let e = fresh();
lint(e);
const planOnly = [];
const both = [];
const checks = [];
let offered = 0;
for (let i = 0; i < 200; i++) {
  const k = i % 100;
  e = { ...e, tables: e.tables.map((t, j) => (j === k ? { ...t, description: `edit ${i}` } : t)) };
  const t0 = performance.now();
  const result = lint(e, { verifyFixes: 'defer' });
  const t1 = performance.now();
  planCapacity(e, result.analysis, { prices });
  planCapacity(e, result.analysis, { prices, storage: 'hdd' });
  const t2 = performance.now();
  if (i % 4 === 0) {
    offered = withVerifiedFixes(result).findings.filter((f) => f.fix).length;
    checks.push(performance.now() - t2);
  }
  planOnly.push(t2 - t1);
  both.push(t2 - t0);
}
report('plan-100-tables-one-table-edited', planOnly, { note: 'SSD and HDD plans of the Capacity panel' });
report('lint-plus-plan-100-tables-one-table-edited', both, { target: 5, note: 'the keystroke: fix checks deferred' });
report('fix-checks-100-tables-one-table-edited', checks, { fixesOffered: offered, note: 'after the keystroke, before a Fix button shows' });
