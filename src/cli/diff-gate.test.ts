import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeClass } from '../core/diff';
import { runCli } from './run-in-memory';
import { gitIn } from '../test-support/git-repo';

/** The design every change below is made to, as a user would write it. */
const base = readFileSync(new URL('./diff-gate.yaml', import.meta.url), 'utf8');

/** One change of each class, strictest first, made to the base design. */
const CHANGES: { cls: ChangeClass; what: string; text: string }[] = [
  { cls: 'new-table', what: 'the key template changes', text: base.replace('"{customer}#{ts}"', '"{customer}/{ts}"') },
  { cls: 'needs-care', what: 'a family is dropped', text: base.replace('      - {name: audit, gc: {maxAge: 30d}}\n', '') },
  { cls: 'in-place', what: 'a GC rule changes', text: base.replace('{maxVersions: 1}', '{maxVersions: 2}') },
  { cls: 'design-only', what: 'a query is declared', text: `${base}    queries:\n      - {name: a customer, match: {customer: eq}}\n` },
];
const ORDER = CHANGES.map((c) => c.cls);

const dir = mkdtempSync(join(tmpdir(), 'btstudio-diff-gate-'));
const before = join(dir, 'before.yaml');

beforeAll(() => writeFileSync(before, base));

describe('diff --fail-on', () => {
  for (const [i, change] of CHANGES.entries()) {
    it(`${change.what} (${change.cls}): exit 1 at --fail-on ${change.cls} and every class below it, 0 at the stricter ones`, async () => {
      const after = join(dir, `${change.cls}.yaml`);
      writeFileSync(after, change.text);
      const classes = JSON.parse((await runCli('diff', before, after, '--format', 'json')).out).changes.map((c: { class: string }) => c.class);
      expect(classes).toEqual([change.cls]);
      for (const [j, failOn] of ORDER.entries()) {
        const r = await runCli('diff', before, after, '--fail-on', failOn);
        expect(r.code, `--fail-on ${failOn}`).toBe(j >= i ? 1 : 0);
        if (j >= i) expect(r.err).toMatch(new RegExp(`1 change of class .* or stricter \\(--fail-on ${failOn}\\)`));
        else expect(r.err).toBe('');
      }
    });
  }

  it('the same designs pass every gate; an unknown class is refused with the list', async () => {
    for (const failOn of ORDER) expect((await runCli('diff', before, before, '--fail-on', failOn)).code).toBe(0);
    const r = await runCli('diff', before, before, '--fail-on', 'breaking');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--fail-on must be one of new-table, needs-care, in-place, design-only, strictest first (got "breaking")');
  });
});

describe('diff --since', () => {
  const file = join(dir, 'repo', 'design.yaml');
  const git = gitIn(join(dir, 'repo'));

  beforeAll(() => {
    mkdirSync(join(dir, 'repo'));
    git('init', '-q', '-b', 'main');
    writeFileSync(file, base);
    git('add', 'design.yaml');
    git('commit', '-q', '-m', 'base');
  });

  it('compares the working file with its commit: a dropped family fails needs-care, not new-table', async () => {
    writeFileSync(file, CHANGES[1]!.text);
    const r = await runCli('diff', '--since', 'HEAD', file, '--fail-on', 'needs-care');
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}@HEAD -> ${file}: 1 change: 1 needs care`);
    expect((await runCli('diff', '--since', 'HEAD', file, '--fail-on', 'new-table')).code).toBe(0);
    git('commit', '-q', '-am', 'drop audit');
    expect((await runCli('diff', '--since', 'HEAD', file, '--fail-on', 'design-only')).code).toBe(0);
    expect((await runCli('diff', '--since', 'HEAD~1', file, '--fail-on', 'needs-care')).code).toBe(1);
  });

  it('a file new since the ref is compared with an empty design: adding tables is in place', async () => {
    const added = join(dir, 'repo', 'added.yaml');
    writeFileSync(added, base);
    const r = await runCli('diff', '--since', 'HEAD', added, '--fail-on', 'needs-care');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/note: .*added\.yaml is not in HEAD: compared with an empty design/);
    expect((await runCli('diff', '--since', 'HEAD', added, '--fail-on', 'in-place')).code).toBe(1);
  });

  it('refuses a second file, a bad ref, and a ref that reads as an option', async () => {
    expect((await runCli('diff', '--since', 'HEAD', file, before)).err).toMatch(/with --since, name one design file \(got 2\)/);
    expect((await runCli('diff', '--since', 'nope', file)).err).toMatch(/--since nope: git could not read/);
    expect((await runCli('diff', '--since=-p', file)).err).toMatch(/--since takes a commit, branch or tag/);
  });
});
