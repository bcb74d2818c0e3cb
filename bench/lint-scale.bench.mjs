// Lint at the format's limit: a generated design of 1,000 tables (src/test-support/lint-designs.ts),
// each with fixable findings, linted with every proposed fix checked (what `btstudio lint` does),
// beside the same design at 100 tables, so the growth shows as a ratio (10x the tables: 10x the
// time when lint is linear). Target: the 1,000 tables under 2 s. Then the studio's keystroke at
// both sizes: one table edited, lint with the fix checks deferred, then the checks.
import { importBundle, src } from './bundle.mjs';

const { lint, withVerifiedFixes, loadDesign, manyTablesYaml } = await importBundle(`export { lint, withVerifiedFixes } from ${src('src/core/rules/lint.ts')};
export { loadDesign } from ${src('src/core/model/load-design.ts')};
export { manyTablesYaml } from ${src('src/test-support/lint-designs.ts')};`);

const round = (x) => Math.round(x * 100) / 100;
// CPU time beside wall time: on a shared machine the wall time includes waiting for a core.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const designOf = (n, shape) => {
  const r = loadDesign(manyTablesYaml(n, shape), 'bench.yaml');
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return JSON.stringify(r.design);
};

// Warm the JIT on a small design first, so neither size pays for compiling.
const small = designOf(30, 'varied');
for (let i = 0; i < 5; i++) lint(JSON.parse(small));

for (const shape of ['varied', 'same']) {
  const figures = {};
  for (const n of [100, 1000]) {
    const text = designOf(n, shape);
    const runs = [];
    const cpu = [];
    let fixes = 0;
    let findings = 0;
    for (let i = 0; i < 3; i++) {
      const d = JSON.parse(text); // new objects: nothing cached from the last run
      const c0 = cpuMs();
      const t0 = performance.now();
      const r = lint(d);
      runs.push(performance.now() - t0);
      cpu.push(cpuMs() - c0);
      fixes = r.findings.filter((f) => f.fix || f.fixWithheld).length;
      findings = r.findings.length;
    }
    figures[n] = median(runs);
    console.log(
      JSON.stringify({
        name: `lint-${n}-tables-fixes-checked-${shape}`,
        value: round(figures[n]),
        unit: 'ms',
        cpuMs: round(median(cpu)),
        tables: n,
        findings,
        fixesChecked: fixes,
        ...(n === 1000 ? { target: 2000 } : {}),
        note: 'every table a new object; each proposed fix checked before it is offered',
      }),
    );
  }
  console.log(
    JSON.stringify({
      name: `lint-fixes-checked-growth-${shape}`,
      value: round(figures[1000] / figures[100]),
      unit: 'x',
      note: '1,000-table time / 100-table time: 10 is linear, 100 quadratic',
    }),
  );
}

// The keystroke: one table of the design changes (the others keep their objects), lint with the
// fix checks deferred (what the studio waits for), then the deferred checks.
const keystroke = {};
for (const n of [100, 1000]) {
  let d = JSON.parse(designOf(n, 'varied'));
  withVerifiedFixes(lint(d, { verifyFixes: 'defer' }));
  const lints = [];
  const checks = [];
  for (let i = 0; i < 20; i++) {
    const k = (i * 37) % n;
    d = { ...d, tables: d.tables.map((t, j) => (j === k ? { ...t, description: `edit ${i}` } : t)) };
    const t0 = performance.now();
    const r = lint(d, { verifyFixes: 'defer' });
    const t1 = performance.now();
    withVerifiedFixes(r);
    checks.push(performance.now() - t1);
    lints.push(t1 - t0);
  }
  keystroke[n] = median(lints) + median(checks);
  console.log(
    JSON.stringify({ name: `keystroke-${n}-tables-lint`, value: round(median(lints)), unit: 'ms', tables: n, note: 'one table edited, fix checks deferred' }),
  );
  console.log(
    JSON.stringify({
      name: `keystroke-${n}-tables-fix-checks`,
      value: round(median(checks)),
      unit: 'ms',
      tables: n,
      note: 'the deferred checks of every proposed fix, after the keystroke',
    }),
  );
}
console.log(
  JSON.stringify({
    name: 'keystroke-growth',
    value: round(keystroke[1000] / keystroke[100]),
    unit: 'x',
    note: '1,000-table keystroke (lint and checks) / 100-table one: 10 is linear',
  }),
);
