// Lint at the format's limit: a generated design of 1,000 tables (src/test-support/lint-designs.ts),
// each with fixable findings, linted with every proposed fix checked (what `btstudio lint` does),
// beside the same design at 100 tables, so the growth shows as a ratio (10x the tables: 10x the
// time when lint is linear). Target: the 1,000 tables under 2 s. Then the studio's keystroke at
// both sizes (below). Each line gives both sizes' figures and the ratio.
import { importBundle, src } from './bundle.mjs';

const { lint, fixAll, withVerifiedFixes, loadDesign, manyTablesYaml, limitsDesignJson, reuseUnchanged } =
  await importBundle(`export { lint, fixAll, withVerifiedFixes } from ${src('src/core/rules/lint.ts')};
export { loadDesign } from ${src('src/core/load/load-design.ts')};
export { reuseUnchanged } from ${src('src/app/documents/docs.ts')};
export { manyTablesYaml, limitsDesignJson } from ${src('src/test-support/lint-designs.ts')};`);

const round = (x) => Math.round(x * 100) / 100;
// CPU time beside wall time: on a shared machine the wall time includes waiting for a core.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const designOf = (n, shape) => {
  const r = loadDesign(shape === 'limits' ? limitsDesignJson(n) : manyTablesYaml(n, shape), 'bench.yaml');
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return JSON.stringify(r.design);
};

// Warm the JIT on a small design first, so neither size pays for compiling.
const small = designOf(30, 'linked');
for (let i = 0; i < 5; i++) lint(JSON.parse(small));

/**
 * One line per measured part: the 100-table figure, the 1,000-table figure and their ratio
 * (10 is linear), in CPU time (`value`: the 1,000-table CPU ms) and wall time.
 */
const report = (name, at, note, extra = {}) =>
  console.log(
    JSON.stringify({
      name,
      value: round(at[1000].cpu),
      unit: 'ms',
      cpuMs100: round(at[100].cpu),
      cpuMs1000: round(at[1000].cpu),
      growth: round(at[1000].cpu / at[100].cpu),
      wallMs100: round(at[100].wall),
      wallMs1000: round(at[1000].wall),
      wallGrowth: round(at[1000].wall / at[100].wall),
      ...extra,
      note,
    }),
  );

// 'linked' carries at both sizes the same kinds of fixable findings: a key per table to fix, a
// cluster its writes overload (one node per 100 tables), companions, served queries and views.
// 'limits': every table at every limit of the format (10^9 writes and reads a second, 100 MiB
// values, full scans, HDD): every fix's check reruns the capacity rules over the whole design.
for (const shape of ['linked', 'varied', 'same', 'limits']) {
  const at = {};
  const seen = {};
  for (const n of [100, 1000]) {
    const text = designOf(n, shape);
    const runs = [];
    const cpu = [];
    for (let i = 0; i < 3; i++) {
      const d = JSON.parse(text); // new objects: nothing cached from the last run
      const c0 = cpuMs();
      const t0 = performance.now();
      const r = lint(d);
      runs.push(performance.now() - t0);
      cpu.push(cpuMs() - c0);
      seen[n] = {
        findings: r.findings.length,
        fixesChecked: r.findings.filter((f) => f.fix || f.fixWithheld).length,
        rules: [...new Set(r.findings.filter((f) => f.fix).map((f) => f.rule))].sort().join(' '),
      };
    }
    at[n] = { wall: median(runs), cpu: median(cpu) };
  }
  report(`lint-fixes-checked-${shape}`, at, 'every table a new object; each proposed fix checked before it is offered (target: 1,000 tables under 2 s)', {
    target1000: 2000,
    findings100: seen[100].findings,
    findings1000: seen[1000].findings,
    fixesChecked100: seen[100].fixesChecked,
    fixesChecked1000: seen[1000].fixesChecked,
    fixedBy100: seen[100].rules,
    fixedBy1000: seen[1000].rules,
  });
}

// "Fix all" (`btstudio fix`) at both sizes: every offered fix planned together, at most 200
// (fixAll's cap), so the 1,000-table run makes as many steps as the 100-table one does twice.
// One run each: the 1,000 tables take tens of seconds.
for (const shape of ['linked', 'same']) {
  const at = {};
  const applied = {};
  for (const n of [100, 1000]) {
    const d = JSON.parse(designOf(n, shape));
    const c0 = cpuMs();
    const t0 = performance.now();
    applied[n] = fixAll(d).applied.length;
    at[n] = { wall: performance.now() - t0, cpu: cpuMs() - c0 };
  }
  report(`fix-all-${shape}`, at, 'every offered fix applied, each design linted from the one before, a fix checked when the plan takes it', {
    applied100: applied[100],
    applied1000: applied[1000],
    msPerFix100: round(at[100].cpu / applied[100]),
    msPerFix1000: round(at[1000].cpu / applied[1000]),
  });
}

// The studio's keystroke at both sizes, as the code view makes it: a digit typed into one
// table's YAML; the whole text is loaded again (YAML parse, validation: the part that costs the
// design's size), unchanged tables keep their objects (reuseUnchanged), then lint from the last
// keystroke's result (`since`: only what the edit can change is linted again, the findings of
// every other table kept) with the fix checks deferred. Main thread: the load and that lint,
// after which the findings show. Then the deferred fix checks (every proposed fix, each
// checked on the tables it edits; the cluster's count on the rules that read the instance),
// after which the fixes are offered. The 'linked' design, so both sizes check the same kinds of fix.
const parts = { load: {}, lint: {}, main: {}, checks: {}, all: {} };
for (const n of [100, 1000]) {
  const text = manyTablesYaml(n, 'linked');
  const first = loadDesign(text, 'bench.yaml');
  let d = first.design;
  let r = lint(d, { verifyFixes: 'defer' });
  withVerifiedFixes(r);
  const wall = { load: [], lint: [], checks: [] };
  const cpu = { load: [], lint: [], checks: [] };
  for (let i = 0; i < 41; i++) {
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
    wall.load.push(t1 - t0);
    wall.lint.push(t2 - t1);
    wall.checks.push(t3 - t2);
    cpu.load.push(c1 - c0);
    cpu.lint.push(c2 - c1);
    cpu.checks.push(c3 - c2);
  }
  for (const k of ['load', 'lint', 'checks']) parts[k][n] = { wall: median(wall[k]), cpu: median(cpu[k]) };
  parts.main[n] = { wall: parts.load[n].wall + parts.lint[n].wall, cpu: parts.load[n].cpu + parts.lint[n].cpu };
  parts.all[n] = { wall: parts.main[n].wall + parts.checks[n].wall, cpu: parts.main[n].cpu + parts.checks[n].cpu };
}
report('keystroke-load', parts.load, "the whole text parsed and validated again, unchanged tables kept: costs the design's size");
report('keystroke-lint', parts.lint, 'lint from the last keystroke: the edited table and what reads it linted again, fix checks deferred');
report('keystroke-main-thread', parts.main, "load + lint: the main thread's work until the findings update");
report('keystroke-fix-checks', parts.checks, 'the deferred checks of every proposed fix (a kept finding keeps its verdict), after the findings show');
report('keystroke-until-fixes', parts.all, 'until the checked fixes are offered');
