// The validator's corpus: realistic designs from many
// domains, linted end to end. good/*.yaml are sound designs: no warning or error, and every
// info they get is pinned. bad/*.yaml carry one or more of the mistakes that Google's "Schema
// design best practices" and "Schema design for time series data" warn of: the findings they
// must get, the rules that would be false alarms there, and no other warning or error.
// Every example in examples/ is run as a good design too.
//
// Expectations live in each file's leading comment block, after a line `# expect:`:
//
//   # expect:
//   #   must:
//   #     - {rule: timestamp-leading, table: clicks, path: rowKey.fields.ts, severity: error}
//   #   mustNot: [low-cardinality-prefix]
//   #   allow: [key-charset]          (optional: rules whose warnings need not be listed)
//
// `path` is the finding's path inside its table (`rowKey.fields.ts`, `families[0]`,
// `queries[1]`), `table` the table's name; both are optional. A case that fails because a
// rule is wrong keeps its expectation and is listed in KNOWN_BUGS (run with it.fails), so it
// turns red again, as a reminder to remove the entry, once the rule is fixed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as parseYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { Design } from '../../model/schema';
import { formatIssue, formatPath, loadDesign } from '../../load/load-design';
import { lint } from '../lint';
import { RULES } from '../registry';
import type { Finding, Severity } from '../types';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const EXAMPLES = join(HERE, '../../../../examples');
const RULE_IDS = new Set(RULES.map((r) => r.meta.id));
const SEVERITIES = new Set<Severity>(['info', 'warning', 'error']);

/**
 * Cases that fail because of a rule bug, not the design. Each entry names the bug; the lead
 * removes it when the rule is fixed (it.fails then reports the case as unexpectedly passing).
 */
const KNOWN_BUGS: Record<string, string> = {};

/** Infos the examples get, pinned (their warnings and errors must be none). */
const EXAMPLE_INFOS: Record<string, Expected[]> = {
  'ad-counters.yaml': [],
  'chat-messages.yaml': [],
  'iot-multitenant.yaml': [],
  'replicated-orders.yaml': [],
  'tiered-sensor-archive.yaml': [],
  'user-profiles.yaml': [{ rule: 'query-salted-fanout', table: 'users', path: 'queries[2]' }],
  'weather-balloons-single-timestamp-serialized.yaml': [{ rule: 'family-name-long', table: 'balloon_reports_blob', path: 'families[0].name' }],
  'weather-balloons-single-timestamp-unserialized.yaml': [{ rule: 'family-name-long', table: 'balloon_reports', path: 'families[0].name' }],
  'weather-balloons-time-buckets-cells.yaml': [{ rule: 'family-name-long', table: 'balloon_weeks', path: 'families[0].name' }],
  'weather-balloons-time-buckets-columns.yaml': [{ rule: 'family-name-long', table: 'balloon_metric_weeks', path: 'families[0].name' }],
  'web-pages.yaml': [{ rule: 'key-charset', table: 'webtable', path: 'rowKey.fields.path' }],
};

interface Expected {
  rule: string;
  table?: string;
  path?: string;
  severity?: Severity;
}

interface Expectations {
  must: Expected[];
  mustNot: string[];
  allow: string[];
}

interface Case {
  /** `good/x.yaml` or `bad/x.yaml`. */
  name: string;
  kind: 'good' | 'bad';
  text: string;
  expect: Expectations;
}

/** The YAML after `# expect:` in the file's leading comment block. */
function expectationsOf(name: string, text: string): Expectations {
  const header: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('#')) break;
    header.push(line.replace(/^# ?/, ''));
  }
  const at = header.findIndex((l) => /^expect:\s*$/.test(l));
  if (at < 0) throw new Error(`${name}: no "# expect:" block in the leading comment`);
  const raw = (parseYaml(header.slice(at + 1).join('\n')) ?? {}) as Record<string, unknown>;
  const unknownKeys = Object.keys(raw).filter((k) => !['must', 'mustNot', 'allow'].includes(k));
  if (unknownKeys.length) throw new Error(`${name}: unknown expectation keys ${unknownKeys.join(', ')}`);
  const must = ((raw.must ?? []) as Expected[]).map((e) => {
    const extra = Object.keys(e).filter((k) => !['rule', 'table', 'path', 'severity'].includes(k));
    if (extra.length) throw new Error(`${name}: unknown keys ${extra.join(', ')} in ${JSON.stringify(e)}`);
    return { ...e, ...(e.table !== undefined ? { table: String(e.table) } : {}) };
  });
  const mustNot = (raw.mustNot ?? []) as string[];
  const allow = (raw.allow ?? []) as string[];
  for (const id of [...must.map((e) => e.rule), ...mustNot, ...allow]) {
    if (!RULE_IDS.has(id)) throw new Error(`${name}: unknown rule id "${id}"`);
  }
  for (const e of must) if (e.severity !== undefined && !SEVERITIES.has(e.severity)) throw new Error(`${name}: bad severity in ${JSON.stringify(e)}`);
  return { must, mustNot, allow };
}

function casesIn(kind: 'good' | 'bad'): Case[] {
  const dir = join(HERE, kind);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const name = `${kind}/${f}`;
      const text = readFileSync(join(dir, f), 'utf8');
      return { name, kind, text, expect: expectationsOf(name, text) };
    });
}

const GOOD = casesIn('good');
const BAD = casesIn('bad');

/** The finding's path inside its table: rowKey.fields.ts, families[0], queries[1]. */
function relPath(f: Finding): string {
  return formatPath(f.path[0] === 'tables' ? f.path.slice(2) : f.path);
}

const show = (f: Finding) => `${f.severity} ${f.rule} ${f.table ?? '-'} ${relPath(f)}: ${f.message}`;
const showExpected = (e: Expected) => `${e.severity ?? '*'} ${e.rule} ${e.table ?? '*'} ${e.path ?? '*'}`;

function matches(f: Finding, e: Expected): boolean {
  return (
    f.rule === e.rule &&
    (e.table === undefined || f.table === e.table) &&
    (e.path === undefined || relPath(f) === e.path) &&
    (e.severity === undefined || f.severity === e.severity)
  );
}

function loaded(name: string, text: string): Design {
  const r = loadDesign(text, name);
  if (!r.ok) throw new Error(`${name} does not load:\n${r.issues.map(formatIssue).join('\n')}`);
  return r.design;
}

/** A sound design: no warning or error, and exactly the pinned infos. */
function checkGood(name: string, text: string, pinned: Expected[]): void {
  const { findings } = lint(loaded(name, text));
  expect(findings.filter((f) => f.severity !== 'info').map(show), `${name}: warnings or errors on a sound design`).toEqual([]);
  const infos = findings.filter((f) => f.severity === 'info');
  expect(infos.filter((f) => !pinned.some((e) => matches(f, e))).map(show), `${name}: infos not pinned in its expectations`).toEqual([]);
  expect(pinned.filter((e) => !infos.some((f) => matches(f, e))).map(showExpected), `${name}: pinned infos that did not appear`).toEqual([]);
}

/** A design with mistakes: the findings it must get, none of the false alarms, and no unlisted warning or error. */
function checkBad(c: Case): void {
  const { findings } = lint(loaded(c.name, c.text));
  const { must, mustNot, allow } = c.expect;
  expect(must.filter((e) => !findings.some((f) => matches(f, e))).map(showExpected), `${c.name}: expected findings that are missing`).toEqual([]);
  expect(findings.filter((f) => mustNot.includes(f.rule)).map(show), `${c.name}: false alarms`).toEqual([]);
  const unlisted = findings.filter((f) => f.severity !== 'info' && !allow.includes(f.rule) && !must.some((e) => matches(f, e)));
  expect(unlisted.map(show), `${c.name}: warnings or errors its expectations do not list`).toEqual([]);
}

/** A case of the corpus: it.fails when a rule bug makes it fail (KNOWN_BUGS). */
function corpusCase(name: string, fn: () => void): void {
  if (KNOWN_BUGS[name]) it.fails(name, fn);
  else it(name, fn);
}

describe('corpus: its size and spread', () => {
  it('has at least 40 designs: 15 good and 25 bad', () => {
    expect(GOOD.length).toBeGreaterThanOrEqual(15);
    expect(BAD.length).toBeGreaterThanOrEqual(25);
    expect(GOOD.length + BAD.length).toBeGreaterThanOrEqual(40);
  });

  it('pins only infos in good designs and at least one finding in every bad one', () => {
    for (const c of GOOD) {
      expect(c.expect.must.filter((e) => e.severity !== 'info').map(showExpected), `${c.name}: good designs pin infos only (severity: info)`).toEqual([]);
      expect(c.expect.allow, `${c.name}: good designs allow no warning`).toEqual([]);
    }
    for (const c of BAD) expect(c.expect.must.length, `${c.name}: a bad design must expect a finding`).toBeGreaterThan(0);
  });

  it('exercises every rule of the registry with a bad design', () => {
    const covered = new Set(BAD.flatMap((c) => c.expect.must.map((e) => e.rule)));
    // rule-failed is the engine's finding when a rule throws: no design should ever trigger it
    // (src/core/rules/rule-failed.test.ts injects a throwing rule instead).
    expect([...RULE_IDS].filter((id) => !covered.has(id) && id !== 'rule-failed')).toEqual([]);
  });

  it('lists known bugs only for files that exist', () => {
    const names = new Set([...GOOD, ...BAD].map((c) => c.name));
    expect(Object.keys(KNOWN_BUGS).filter((n) => !names.has(n))).toEqual([]);
  });
});

describe('corpus: sound designs get no warning or error', () => {
  for (const c of GOOD) {
    corpusCase(c.name, () => checkGood(c.name, c.text, c.expect.must));
  }
});

describe('corpus: designs with mistakes get their findings', () => {
  for (const c of BAD) corpusCase(c.name, () => checkBad(c));
});

describe('corpus: every example is a sound design', () => {
  const files = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  it('has examples', () => expect(files.length).toBeGreaterThan(0));
  for (const f of files) {
    it(`examples/${f}`, () => checkGood(`examples/${f}`, readFileSync(join(EXAMPLES, f), 'utf8'), EXAMPLE_INFOS[f] ?? []));
  }
});
