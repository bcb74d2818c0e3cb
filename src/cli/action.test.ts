// The GitHub Action (action.yml) run as GitHub runs a composite action's steps: each `run:` in
// bash with its `env:` (the `${{ inputs.* }}` expressions substituted), its `if:` evaluated, in
// a git repository made here. npx is a test double on PATH that checks it is asked for the
// package and version, then runs the CLI built from this source instead of downloading it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as yaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { buildCli } from '../../scripts/build-cli.mjs';
import { sarifProblems } from '../test-support/sarif';
import { AUDIT_TABLE, gitIn } from '../test-support/git-repo';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Step {
  name: string;
  id?: string;
  if?: string;
  shell: string;
  env: Record<string, string>;
  run: string;
}
interface Action {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
}
const action = yaml.load(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** `${{ inputs.name }}` and nothing else: what the action may put in an env value. */
const substitute = (text: string, inputs: Record<string, string>) =>
  text.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, k: string) => {
    if (!(k in inputs)) throw new Error(`action.yml reads inputs.${k}, which it does not declare`);
    return inputs[k]!;
  });

/** The `if:` forms action.yml uses: `inputs.x != ''` terms joined by &&, and `!cancelled()`. */
function condition(expr: string | undefined, inputs: Record<string, string>): boolean {
  if (expr === undefined) return true;
  const body = expr.replace(/^\$\{\{\s*/, '').replace(/\s*\}\}$/, '');
  return body.split('&&').every((raw) => {
    const term = raw.trim();
    if (term === '!cancelled()') return true;
    const m = /^inputs\.([\w-]+) != ''$/.exec(term);
    if (!m) throw new Error(`the test does not evaluate ${JSON.stringify(term)}: add it here`);
    return inputs[m[1]!] !== '';
  });
}

let bin = '';
let built = '';
const root = mkdtempSync(join(tmpdir(), 'btstudio-action-'));
const repo = join(root, 'repo');
const git = gitIn(repo);

const EVENTS = `  - name: events
    rowKey:
      template: "{user}#{ts}"
      fields:
        user: {type: string, cardinality: 100000}
        ts: {type: timestamp, reversed: true}
    families:
      - {name: e, gc: {maxAge: 30d}}
      - {name: audit, gc: {maxAge: 30d}}
`;
const design = (tables: string) => `format: bigtable-studio/v1\nname: action\ntables:\n${tables}`;

beforeAll(async () => {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  built = (await buildCli(mkdtempSync(join(cache, 'btstudio-action-')))) as string;
  bin = join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh
# A test double of npx: the action must ask for the package with --yes, then run btstudio.
if [ "$1" != "--yes" ] || [ "$2" != "--package" ] || [ "$3" != "\${EXPECT_PACKAGE:-bigtable-schema-studio}" ] || [ "$4" != "--" ] || [ "$5" != "btstudio" ]; then
  echo "npx called as: $*" >&2
  exit 97
fi
shift 5
exec "${process.execPath}" "$BTSTUDIO_BUILT" "$@"
`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  mkdirSync(join(repo, 'designs'), { recursive: true });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'designs', 'app.bt.yaml'), design(EVENTS));
  git('add', '.');
  git('commit', '-q', '-m', 'base');
}, 60_000);

interface Ran {
  step: string;
  code: number;
  out: string;
  err: string;
}

/** Runs the action's steps as GitHub does (bash -e -o pipefail, the step's env) with these inputs. */
function runAction(given: Record<string, string>): { steps: Ran[]; summary: string } {
  const inputs: Record<string, string> = {};
  for (const [k, v] of Object.entries(action.inputs)) inputs[k] = given[k] ?? v.default ?? '';
  for (const k of Object.keys(given)) if (!(k in action.inputs)) throw new Error(`action.yml has no input ${k}`);
  const summary = join(root, `summary-${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(summary, '');
  const steps: Ran[] = [];
  let failed = false;
  for (const step of action.runs.steps) {
    if (!condition(step.if, inputs)) continue;
    // A step without an if: runs only while every step before it succeeded (GitHub's success()).
    if (step.if === undefined && failed) continue;
    const env = Object.fromEntries(Object.entries(step.env).map(([k, v]) => [k, substitute(v, inputs)]));
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd: repo,
      encoding: 'utf8',
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        HOME: root,
        GITHUB_STEP_SUMMARY: summary,
        EXPECT_PACKAGE: `${inputs.package}@${inputs.version}`,
        BTSTUDIO_BUILT: built,
        ...env,
      },
    });
    steps.push({ step: step.name, code: r.status ?? -1, out: r.stdout, err: r.stderr });
    if (r.status !== 0) failed = true;
  }
  return { steps, summary: readFileSync(summary, 'utf8') };
}

describe('action.yml', () => {
  it('is a composite action whose scripts never contain an expression (inputs come in through env)', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs.designs!.required).toBe(true);
    for (const step of action.runs.steps) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toContain('${{');
      for (const v of Object.values(step.env)) expect(v.replace(/\$\{\{\s*inputs\.[\w-]+\s*\}\}/g, '')).not.toContain('${{');
      expect(step.run).toMatch(/npx --yes --package "\$BTSTUDIO_PACKAGE" -- btstudio /);
    }
  });

  it('a pull request adding a table led by a timestamp: lint fails with one annotation; the needs-care gate passes', () => {
    writeFileSync(join(repo, 'designs', 'app.bt.yaml'), design(AUDIT_TABLE + EVENTS));
    const { steps, summary } = runAction({ designs: 'designs/**/*.bt.yaml', since: 'HEAD', 'fail-on': 'needs-care', version: '0.1.0' });
    expect(steps.map((s) => [s.step, s.code])).toEqual([
      ['btstudio lint', 1],
      ['btstudio diff --fail-on', 0],
    ]);
    const annotations = steps[0]!.out.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toEqual([
      expect.stringMatching(/^::error file=designs\/app\.bt\.yaml,line=8,col=9,title=btstudio timestamp-leading::the key starts with the timestamp at/),
    ]);
    expect(steps[0]!.out).toContain('✖ 1 new finding (1 error, 0 warnings, 0 info)');
    expect(summary).toContain('## btstudio lint\n\n❌ 1 error(s), 0 warning(s), 0 info; 0 accepted');
    expect(steps[1]!.out).toContain('1 change: 1 in place');
  });

  it('a pull request dropping a family: lint passes, the needs-care gate fails; without since there is no gate', () => {
    writeFileSync(join(repo, 'designs', 'app.bt.yaml'), design(EVENTS.replace('      - {name: audit, gc: {maxAge: 30d}}\n', '')));
    const gated = runAction({ designs: 'designs/app.bt.yaml', since: 'HEAD', 'fail-on': 'needs-care' });
    expect(gated.steps.map((s) => [s.step, s.code])).toEqual([
      ['btstudio lint', 0],
      ['btstudio diff --fail-on', 1],
    ]);
    expect(gated.steps[1]!.err).toContain('1 change of class needs care or stricter (--fail-on needs-care)');
    expect(runAction({ designs: 'designs/app.bt.yaml', 'fail-on': 'new-table' }).steps.map((s) => s.step)).toEqual(['btstudio lint']);
  });

  it('writes SARIF to a file for upload, and refuses designs that match nothing', () => {
    writeFileSync(join(repo, 'designs', 'app.bt.yaml'), design(AUDIT_TABLE + EVENTS));
    const r = runAction({ designs: 'designs/app.bt.yaml', format: 'sarif', output: 'btstudio.sarif' });
    expect(r.steps[0]!.code).toBe(1);
    const sarif = JSON.parse(readFileSync(join(repo, 'btstudio.sarif'), 'utf8'));
    expect(sarifProblems(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toContain('timestamp-leading');
    const none = runAction({ designs: 'nowhere/*.yaml' });
    expect(none.steps[0]!.code).toBe(2);
    expect(none.steps[0]!.err).toMatch(/nowhere\/\*\.yaml: no such file/);
  });
});

describe('.pre-commit-hooks.yaml', () => {
  interface Hook {
    id: string;
    name: string;
    entry: string;
    language: string;
    files: string;
  }
  const hooks = yaml.load(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

  it('has check and lint hooks on design files by name', () => {
    expect(hooks.map((h) => h.id)).toEqual(['btstudio-check', 'btstudio-lint']);
    for (const h of hooks) {
      expect(h.language).toBe('system');
      const files = new RegExp(h.files);
      expect(['designs/app.bt.yaml', 'x.bt.yml', 'a/b.bt.json'].every((f) => files.test(f))).toBe(true);
      expect(['README.md', 'app.yaml', '.github/workflows/ci.yml'].some((f) => files.test(f))).toBe(false);
    }
  });

  it('runs each entry as pre-commit does (the entry, then the staged file names): exit 1 on a lint error, 0 when clean', () => {
    const clean = join(repo, 'designs', 'clean.bt.yaml');
    const flawed = join(repo, 'designs', 'flawed.bt.yaml');
    writeFileSync(clean, design(EVENTS));
    writeFileSync(flawed, design(AUDIT_TABLE));
    const run = (h: Hook, ...files: string[]) => {
      const [cmd, ...args] = h.entry.split(' ');
      return spawnSync(cmd!, [...args, ...files], {
        cwd: repo,
        encoding: 'utf8',
        env: { PATH: `${bin}:${process.env.PATH}`, HOME: root, BTSTUDIO_BUILT: built },
      });
    };
    const [check, lint] = hooks as [Hook, Hook];
    expect(run(check, clean, flawed).status).toBe(0);
    expect(run(lint, clean).status).toBe(0);
    const r = run(lint, clean, flawed);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/flawed\.bt\.yaml\n\s+8:9\s+error\s+the key starts with the timestamp at/);
    writeFileSync(flawed, 'format: bigtable-studio/v1\nname: x\ntables: 3\n');
    expect(run(check, flawed).status).toBe(2);
  });
});
