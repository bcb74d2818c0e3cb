import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sarifProblems } from '../test-support/sarif';
import { parseXml, type XmlElement } from '../test-support/xml';
import { runCli } from './run-in-memory';
import { AUDIT_TABLE, gitIn } from '../test-support/git-repo';

const EVENTS = `  - name: events
    rowKey:
      template: "{ts}#{user}"
      fields:
        ts: {type: timestamp}
        user: {type: string, cardinality: 1000}
    families:
      - {name: e, gc: {maxAge: 30d}}
`;
const v1 = `format: bigtable-studio/v1\nname: ci\ntables:\n${EVENTS}`;
/** v1 with lines added above events and a new table before it: only audit's findings are new. */
const v2 = `format: bigtable-studio/v1\nname: ci\ndescription: |\n  Lines above the tables\n  move every finding down.\ntables:\n${AUDIT_TABLE}${EVENTS}`;

const dir = mkdtempSync(join(tmpdir(), 'btstudio-lint-ci-'));
const file = join(dir, 'design.yaml');
const git = gitIn(dir);

beforeAll(() => {
  git('init', '-q', '-b', 'main');
  writeFileSync(file, v1);
  git('add', 'design.yaml');
  git('commit', '-q', '-m', 'v1');
  writeFileSync(file, v2);
  git('commit', '-q', '-am', 'v2');
});

type JsonFinding = { rule: string; table: string; line: number; severity: string; accepted?: { reason: string; expired: boolean } };
const json = (out: string) => JSON.parse(out) as { findings: JsonFinding[]; known?: number };

describe('lint --since and --baseline report only new findings', () => {
  it("lint --since HEAD~1: only the new table's findings, though every line moved", async () => {
    const all = await runCli('lint', file, '--format', 'json');
    expect(
      json(all.out)
        .findings.map((f) => `${f.table} ${f.rule}`)
        .sort(),
    ).toEqual(['audit timestamp-leading', 'events key-general-to-specific', 'events timestamp-leading']);
    const r = await runCli('lint', file, '--since', 'HEAD~1', '--format', 'json');
    expect(r.code, r.err).toBe(1);
    const j = json(r.out);
    expect(j.findings.map((f) => `${f.table} ${f.rule} ${f.line}`)).toEqual(['audit timestamp-leading 11']);
    expect(j.known).toBe(2);
    const text = await runCli('lint', file, '--since', 'HEAD~1');
    expect(text.out).toMatch(/✖ 1 new finding \(1 error, 0 warnings, 0 info\); 2 known findings not shown\n$/);
  });

  it('lint --since HEAD: nothing new, exit 0; an unknown ref or one that looks like an option is refused', async () => {
    const r = await runCli('lint', file, '--since', 'HEAD');
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toMatch(/✔ 0 new findings .*; 3 known findings not shown/);
    const bad = await runCli('lint', file, '--since', 'no-such-branch');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--since no-such-branch: git could not read .*design\.yaml/);
    const opt = await runCli('lint', file, '--since', '--output=/tmp/x');
    expect(opt.code).toBe(2);
    expect((await runCli('lint', file, '--since=--output=x')).err).toMatch(/--since takes a commit, branch or tag/);
  });

  it('a file the ref does not have: every finding is new, said on stderr', async () => {
    const other = join(dir, 'new.yaml');
    writeFileSync(other, v1);
    const r = await runCli('lint', other, '--since', 'HEAD', '--format', 'json');
    expect(r.code).toBe(1);
    expect(json(r.out).findings).toHaveLength(2);
    expect(r.err).toMatch(/note: .*new\.yaml is not in HEAD: every finding is new/);
  });

  it('--write-baseline then --baseline: the same new findings as --since', async () => {
    const baseline = join(dir, 'baseline.json');
    writeFileSync(file, v1);
    try {
      const w = await runCli('lint', file, '--write-baseline', baseline);
      expect(w).toMatchObject({ code: 0, out: '' });
      expect(w.err).toMatch(/wrote 2 findings to /);
      const written = JSON.parse(readFileSync(baseline, 'utf8'));
      expect(written.format).toBe('btstudio-baseline/v1');
      expect(written.findings.map((f: { path: string }) => f.path)).toContain('tables["events"].rowKey.fields.ts');
    } finally {
      writeFileSync(file, v2);
    }
    const r = await runCli('lint', file, '--baseline', baseline, '--format', 'json');
    expect(r.code).toBe(1);
    expect(json(r.out).findings.map((f) => `${f.table} ${f.rule}`)).toEqual(['audit timestamp-leading']);
    expect((await runCli('lint', file, '--baseline', join(dir, 'design.yaml'))).err).toMatch(/--baseline .*design\.yaml: not JSON/);
    writeFileSync(join(dir, 'wrong.json'), '{"format": "btstudio-baseline/v1", "findings": [{"rule": 3}]}');
    expect((await runCli('lint', file, '--baseline', join(dir, 'wrong.json'))).err).toMatch(/findings\.0\.file: .*written by btstudio lint --write-baseline/);
    expect((await runCli('lint', file, '--baseline', baseline, '--since', 'HEAD')).err).toMatch(/--baseline and --since cannot be used together/);
  });
});

describe('acceptances in the CLI', () => {
  const withAccept = (accept: string) => `${v2}lint:\n  accept:\n${accept}`;
  const design = join(dir, 'accepting.yaml');
  afterEach(() => writeFileSync(design, ''));

  it('an accepted error fails nothing, and shows with its reason in text, JSON and SARIF', async () => {
    writeFileSync(design, withAccept('    - {rule: timestamp-leading, reason: "append-only, 20 writes/s", by: ann, until: 2999-12-31}\n'));
    const text = await runCli('lint', design);
    expect(text.code).toBe(0);
    expect(text.out).toContain('accepted by ann until 2999-12-31: append-only, 20 writes/s');
    expect(text.out).toMatch(/✖ 1 finding \(0 errors, 0 warnings, 1 info\); 2 accepted/);
    const j = json((await runCli('lint', design, '--format', 'json')).out);
    expect(j.findings.filter((f) => f.accepted).map((f) => [f.table, f.rule, f.accepted!.reason])).toEqual([
      ['audit', 'timestamp-leading', 'append-only, 20 writes/s'],
      ['events', 'timestamp-leading', 'append-only, 20 writes/s'],
    ]);
    const sarif = JSON.parse((await runCli('lint', design, '--format', 'sarif')).out);
    expect(sarifProblems(sarif)).toEqual([]);
    const suppressed = sarif.runs[0].results.filter((r: { suppressions?: unknown[] }) => r.suppressions);
    expect(suppressed).toHaveLength(2);
    expect(suppressed[0].suppressions).toEqual([
      { kind: 'inSource', status: 'accepted', justification: 'append-only, 20 writes/s', properties: { by: 'ann', until: '2999-12-31' } },
    ]);
  });

  it('an expired acceptance fails like its finding, and says when it expired', async () => {
    writeFileSync(design, withAccept('    - {rule: timestamp-leading, table: audit, reason: "until the migration", until: 2020-01-31}\n'));
    const r = await runCli('lint', design);
    expect(r.code).toBe(1);
    expect(r.out).toContain('acceptance expired on 2020-01-31, so it fails again: until the migration');
    const sarif = JSON.parse((await runCli('lint', design, '--format', 'sarif')).out);
    expect(sarifProblems(sarif)).toEqual([]);
    expect(sarif.runs[0].results.some((x: { suppressions?: unknown }) => x.suppressions)).toBe(false);
    // A baseline cannot hide it either: the finding of an expired acceptance is always new.
    const baseline = join(dir, 'expired-baseline.json');
    await runCli('lint', design, '--write-baseline', baseline);
    const again = await runCli('lint', design, '--baseline', baseline, '--format', 'json');
    expect(again.code).toBe(1);
    expect(json(again.out).findings.map((f) => `${f.table} ${f.rule} ${f.accepted?.expired}`)).toEqual(['audit timestamp-leading true']);
  });

  it('a stale acceptance is a warning at its own line; as an error it fails', async () => {
    writeFileSync(design, withAccept('    - {rule: timestamp-leading, table: users, reason: "old table"}\n'));
    const r = await runCli('lint', design, '--format', 'json');
    expect(r.code).toBe(1); // the two timestamp-leading errors are not accepted
    const stale = json(r.out).findings.find((f) => f.rule === 'stale-acceptance')!;
    expect(stale).toMatchObject({ severity: 'warning', line: 25, column: 7 });
    writeFileSync(design, withAccept('    - {rule: timestamp-leading, reason: "ok"}\n    - {rule: key-length, table: events, reason: "old"}\n'));
    expect((await runCli('lint', design)).code).toBe(0);
    expect((await runCli('lint', design, '--rule', 'stale-acceptance=error')).code).toBe(1);
  });
});

describe('acceptances travel with the design', () => {
  it('through export --to design and a share link', async () => {
    const design = join(dir, 'travels.yaml');
    writeFileSync(design, `${v2}lint:\n  accept:\n    - {rule: timestamp-leading, table: audit, reason: "known, small", by: ann, until: 2999-01-01}\n`);
    const exported = await runCli('export', design, '--to', 'design');
    expect(exported.code, exported.err).toBe(0);
    const link = (await runCli('share', design)).out.trim();
    const opened = await runCli('open', link);
    for (const text of [exported.out, opened.out]) {
      const copy = join(dir, 'copy.yaml');
      writeFileSync(copy, text);
      const j = json((await runCli('lint', copy, '--format', 'json')).out);
      expect(j.findings.filter((f) => f.accepted).map((f) => [f.table, f.rule, f.accepted!.reason])).toEqual([['audit', 'timestamp-leading', 'known, small']]);
    }
  });
});

describe('CI formats', () => {
  const children = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);
  const design = join(dir, 'formats.yaml');

  it('--format junit is well-formed JUnit XML with the right counts', async () => {
    writeFileSync(design, `${v2}lint:\n  accept:\n    - {rule: timestamp-leading, table: events, reason: "a <legacy> table & \\"known\\""}\n`);
    const r = await runCli('lint', design, file, '--format', 'junit');
    expect(r.code).toBe(1);
    const root = parseXml(r.out);
    expect(root.name).toBe('testsuites');
    const suites = children(root, 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual([design, file]);
    const [a, b] = suites as [XmlElement, XmlElement];
    expect(a.attrs).toMatchObject({ tests: '3', failures: '1', errors: '0', skipped: '1' });
    expect(b.attrs).toMatchObject({ tests: '3', failures: '2', errors: '0', skipped: '0' });
    expect(root.attrs).toEqual({ name: 'btstudio lint', tests: '6', failures: '3', errors: '0' });
    // Only the elements and attributes of the common JUnit schema (Jenkins' junit-10.xsd).
    const ALLOWED: Record<string, string[]> = {
      testsuites: ['name', 'time', 'tests', 'failures', 'disabled', 'errors'],
      testsuite: ['name', 'tests', 'failures', 'errors', 'time', 'disabled', 'skipped', 'timestamp', 'hostname', 'id', 'package'],
      testcase: ['name', 'assertions', 'time', 'classname', 'status'],
      failure: ['message', 'type'],
      skipped: ['message'],
      'system-out': [],
    };
    const REQUIRED: Record<string, string[]> = { testsuite: ['name', 'tests'], testcase: ['name'] };
    const walk = (e: XmlElement) => {
      expect(ALLOWED[e.name], `element <${e.name}>`).toBeDefined();
      for (const a of Object.keys(e.attrs)) expect(ALLOWED[e.name], `<${e.name} ${a}>`).toContain(a);
      for (const a of REQUIRED[e.name] ?? []) expect(e.attrs, `<${e.name}> needs ${a}`).toHaveProperty(a);
      for (const k of ['tests', 'failures', 'errors', 'skipped', 'disabled']) if (k in e.attrs) expect(e.attrs[k]).toMatch(/^\d+$/);
      e.children.forEach(walk);
    };
    walk(root);
    for (const s of suites) {
      const cases = children(s, 'testcase');
      expect(cases).toHaveLength(Number(s.attrs.tests));
      expect(cases.filter((c) => children(c, 'failure').length)).toHaveLength(Number(s.attrs.failures));
      expect(cases.filter((c) => children(c, 'skipped').length)).toHaveLength(Number(s.attrs.skipped));
    }
    const skipped = children(a, 'testcase').flatMap((c) => children(c, 'skipped'));
    expect(skipped[0]!.attrs.message).toBe('accepted: a <legacy> table & "known"');
    const failure = children(a, 'testcase').flatMap((c) => children(c, 'failure'))[0]!;
    expect(failure.attrs).toMatchObject({ type: 'error' });
    expect(failure.attrs.message).toMatch(/the key starts with the timestamp at/);
  });

  it('--format junit of a clean design: one passing case', async () => {
    writeFileSync(design, 'format: bigtable-studio/v1\nname: clean\ntables: []\n');
    const r = await runCli('lint', design, '--format', 'junit');
    expect(r.code).toBe(0);
    const suite = children(parseXml(r.out), 'testsuite')[0]!;
    expect(suite.attrs).toMatchObject({ tests: '1', failures: '0' });
  });

  it('--format gitlab is Code Quality JSON: every required field, fingerprints unique and the same when lines move', async () => {
    const before = join(dir, 'gl.yaml');
    writeFileSync(before, v2);
    const r = await runCli('lint', before, '--format', 'gitlab');
    expect(r.code).toBe(1);
    const issues = JSON.parse(r.out) as Record<string, unknown>[];
    expect(issues).toHaveLength(3);
    for (const i of issues) {
      expect(Object.keys(i).sort()).toEqual(['check_name', 'description', 'fingerprint', 'location', 'severity']);
      expect(i.description).toEqual(expect.any(String));
      expect(i.check_name).toMatch(/^[a-z-]+$/);
      expect(i.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(i.severity);
      const loc = i.location as { path: string; lines: { begin: number } };
      expect(loc.path).not.toMatch(/^\//);
      expect(loc.path.endsWith('gl.yaml')).toBe(true);
      expect(Number.isInteger(loc.lines.begin) && loc.lines.begin >= 1).toBe(true);
    }
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(3);
    writeFileSync(before, v2.replace('tables:\n', '# a comment\n\ntables:\n'));
    const moved = JSON.parse((await runCli('lint', before, '--format', 'gitlab')).out) as Record<string, unknown>[];
    expect(moved.map((i) => i.fingerprint)).toEqual(issues.map((i) => i.fingerprint));
    expect(moved.map((i) => (i.location as { lines: { begin: number } }).lines.begin)).toEqual(
      issues.map((i) => (i.location as { lines: { begin: number } }).lines.begin + 2),
    );
  });

  it('--format github: an annotation per finding not accepted, escaped, and a Markdown step summary', async () => {
    const odd = join(dir, 'odd, 100%.yaml');
    writeFileSync(odd, `${v2}lint:\n  accept:\n    - {rule: timestamp-leading, table: events, reason: "legacy | table"}\n`);
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    process.env.GITHUB_STEP_SUMMARY = summary;
    try {
      const r = await runCli('lint', odd, '--format', 'github');
      expect(r.code).toBe(1);
      const lines = r.out.trimEnd().split('\n');
      const annotations = lines.filter((l) => l.startsWith('::'));
      expect(annotations).toHaveLength(2);
      expect(annotations[0]).toMatch(
        /^::error file=[^,]*odd%2C 100%25\.yaml,line=11,col=9,title=btstudio timestamp-leading::the key starts with the timestamp at/,
      );
      expect(annotations[1]).toMatch(/^::notice file=.*,line=20,col=9,title=btstudio key-general-to-specific::user has fewer values/);
      const md = readFileSync(summary, 'utf8');
      expect(md.startsWith('# earlier step\n## btstudio lint\n')).toBe(true);
      expect(md).toContain('❌ 1 error(s), 0 warning(s), 1 info; 1 accepted');
      expect(md).toContain('| timestamp\\-leading | legacy \\| table |');
    } finally {
      delete process.env.GITHUB_STEP_SUMMARY;
    }
  });
});
