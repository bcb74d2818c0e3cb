// Lint at the format's limit: a generated design of 1,000 tables (src/test-support/lint-designs.ts),
// each with fixable findings, linted with every proposed fix checked (what `btstudio lint` does),
// beside the same design at 100 tables, so the growth shows as a ratio (10x the tables: 10x the
// time when lint is linear). Target: the 1,000 tables under 2 s. Then the studio's keystroke at
// both sizes (below).
import { importBundle, src } from './bundle.mjs';

const { lint, withVerifiedFixes, loadDesign, manyTablesYaml, reuseUnchanged } =
  await importBundle(`export { lint, withVerifiedFixes } from ${src('src/core/rules/lint.ts')};
export { loadDesign } from ${src('src/core/load/load-design.ts')};
export { reuseUnchanged } from ${src('src/app/documents/docs.ts')};
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
    figures[`${n}cpu`] = median(cpu);
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
      cpu: round(figures['1000cpu'] / figures['100cpu']),
      note: '1,000-table time / 100-table time: 10 is linear, 100 quadratic',
    }),
  );
}

// The studio's keystroke at both sizes, as the code view makes it: a digit typed into one
// table's YAML; the whole text is loaded again (YAML parse, validation: the part that costs the
// design's size), unchanged tables keep their objects (reuseUnchanged), then lint from the last
// keystroke's result (`since`: only what the edit can change is linted again, the findings of
// every other table kept) with the fix checks deferred. Main thread: the load and that lint,
// after which the findings show. Then the deferred fix checks (every proposed fix, each
// checked on the tables it edits), after which the fixes are offered.
const keystroke = {};
for (const n of [100, 1000]) {
  const text = manyTablesYaml(n, 'varied');
  const first = loadDesign(text, 'bench.yaml');
  let d = first.design;
  let r = lint(d, { verifyFixes: 'defer' });
  withVerifiedFixes(r);
  const loads = [];
  const lints = [];
  const checks = [];
  const cpu = { load: [], lint: [], checks: [] };
  for (let i = 0; i < 21; i++) {
    const k = (i * 37) % n;
    // Typing: table k's host cardinality gains a digit, then loses it again.
    const from = `cardinality: ${1000 + k}}`;
    const typed = text.replace(from, i % 2 ? `cardinality: ${1000 + k}}` : `cardinality: ${1000 + k}7}`);
    const c0 = cpuMs();
    const t0 = performance.now();
    const loaded = loadDesign(typed, 'bench.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues.slice(0, 3)));
    const next = reuseUnchanged(d, loaded.design);
    const t1 = performance.now();
    const c1 = cpuMs();
    r = lint(next, { verifyFixes: 'defer', since: r });
    const t2 = performance.now();
    const c2 = cpuMs();
    withVerifiedFixes(r);
    const t3 = performance.now();
    const c3 = cpuMs();
    d = next;
    if (i === 0) continue; // the first edit also pays for compiling the path
    loads.push(t1 - t0);
    lints.push(t2 - t1);
    checks.push(t3 - t2);
    cpu.load.push(c1 - c0);
    cpu.lint.push(c2 - c1);
    cpu.checks.push(c3 - c2);
  }
  const main = median(loads) + median(lints);
  const mainCpu = median(cpu.load) + median(cpu.lint);
  keystroke[n] = { main, all: main + median(checks), mainCpu, allCpu: mainCpu + median(cpu.checks) };
  const line = (name, value, cpuValue, note) =>
    console.log(JSON.stringify({ name: `keystroke-${n}-tables-${name}`, value: round(value), unit: 'ms', cpuMs: round(cpuValue), tables: n, note }));
  line('load', median(loads), median(cpu.load), "the whole text parsed and validated again, unchanged tables kept: costs the design's size");
  line('lint', median(lints), median(cpu.lint), 'lint from the last keystroke: the edited table and what reads it linted again, fix checks deferred');
  line('main-thread', main, mainCpu, "load + lint: the main thread's work until the findings update");
  line(
    'fix-checks',
    median(checks),
    median(cpu.checks),
    'the deferred checks of every proposed fix (a kept finding keeps its verdict), after the findings show',
  );
  line('until-fixes', keystroke[n].all, keystroke[n].allCpu, 'until the checked fixes are offered');
}
for (const [key, what] of [
  ['main', 'main thread, until the findings update'],
  ['all', 'until the checked fixes are offered'],
]) {
  console.log(
    JSON.stringify({
      name: `keystroke-growth-${key === 'main' ? 'main-thread' : 'until-fixes'}`,
      value: round(keystroke[1000][key] / keystroke[100][key]),
      unit: 'x',
      cpu: round(keystroke[1000][`${key}Cpu`] / keystroke[100][`${key}Cpu`]),
      note: `1,000-table keystroke / 100-table one (${what}): 10 is linear`,
    }),
  );
}
