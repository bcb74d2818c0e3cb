// lint's output for CI systems, beside text, JSON and SARIF: GitHub workflow commands (one
// annotation per finding, and a Markdown step summary), JUnit XML (a test suite per file, a test
// case per finding) and GitLab Code Quality JSON. Accepted findings are never annotated: GitHub's
// summary and JUnit list them (as skipped) with their reason; Code Quality has no place for them.
import { createHash } from 'node:crypto';
import type { Located } from '../core/report/lint-report';
import { isAccepted, type Severity } from '../core/rules/types';

/** A located finding with its stable key (core/report/baseline.ts): what fingerprints are made from. */
export type Keyed = Located & { key: string };

// ---- GitHub Actions -------------------------------------------------------------------------

const GITHUB_LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Workflow command data: %, CR and LF escaped (GitHub's toCommandValue). */
const ghData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Workflow command properties: also the separators : and , escaped. */
const ghProp = (s: string) => ghData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=F,line=L,col=C,title=RULE::message` per finding not accepted. */
export function githubAnnotations(items: readonly Keyed[]): string {
  return items
    .filter((l) => !isAccepted(l.finding))
    .map((l) => {
      const f = l.finding;
      const expired = f.acceptance?.expired ? ` (its acceptance expired on ${f.acceptance.until})` : '';
      return `::${GITHUB_LEVEL[f.severity]} file=${ghProp(l.file)},line=${l.line},col=${l.column},title=${ghProp(`btstudio ${f.rule}`)}::${ghData(f.message + expired)}`;
    })
    .map((s) => `${s}\n`)
    .join('');
}

/** Markdown text with every character Markdown or HTML gives a meaning escaped, on one line. */
const md = (s: string) =>
  s
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+!|~-]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** The step summary: counts, a table of the findings, the accepted ones with their reasons. */
export function githubSummary(items: readonly Keyed[], known: number | null): string {
  const open = items.filter((l) => !isAccepted(l.finding));
  const accepted = items.filter((l) => isAccepted(l.finding));
  const n = (s: Severity) => open.filter((l) => l.finding.severity === s).length;
  const lines = [
    '## btstudio lint',
    '',
    `${n('error') ? '❌' : '✅'} ${n('error')} error(s), ${n('warning')} warning(s), ${n('info')} info; ${accepted.length} accepted` +
      (known === null ? '' : `; ${known} known finding(s) (in the baseline) not shown`),
  ];
  if (open.length) {
    lines.push('', '| Where | Severity | Rule | Message |', '| --- | --- | --- | --- |');
    for (const l of open) lines.push(`| ${md(`${l.file}:${l.line}:${l.column}`)} | ${l.finding.severity} | ${md(l.finding.rule)} | ${md(l.finding.message)} |`);
  }
  if (accepted.length) {
    lines.push('', '### Accepted', '', '| Where | Rule | Reason | By | Until |', '| --- | --- | --- | --- | --- |');
    for (const l of accepted) {
      const a = l.finding.acceptance!;
      lines.push(`| ${md(`${l.file}:${l.line}:${l.column}`)} | ${md(l.finding.rule)} | ${md(a.reason)} | ${md(a.by ?? '')} | ${a.until ?? ''} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

// ---- JUnit XML ------------------------------------------------------------------------------

/** XML text: the five entities, and characters XML 1.0 forbids written as \xNN. */
export const xml = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * One <testsuite> per design file and one <testcase> per finding: errors and warnings are
 * <failure>s (type: the severity), info passes with its message as output, accepted findings are
 * <skipped> with their reason. A file with no finding has one passing case. Only the elements
 * and attributes of the common JUnit schema (Jenkins' junit-10.xsd) are written.
 */
export function junit(files: readonly string[], items: readonly Keyed[]): string {
  let tests = 0;
  let failures = 0;
  const suites = files.map((file) => {
    const mine = items.filter((l) => l.file === file);
    const cases = mine.map((l) => {
      const f = l.finding;
      const name = xml(`${f.rule} at ${l.line}:${l.column}`);
      const head = `    <testcase classname="${xml(file)}" name="${name}">`;
      if (isAccepted(f)) return `${head}\n      <skipped message="${xml(`accepted: ${f.acceptance!.reason}`)}"/>\n    </testcase>`;
      if (f.severity === 'info') return `${head}\n      <system-out>${xml(f.message)}</system-out>\n    </testcase>`;
      const expired = f.acceptance?.expired ? ` (its acceptance expired on ${f.acceptance.until})` : '';
      return `${head}\n      <failure type="${f.severity}" message="${xml(f.message + expired)}">${xml(`${file}:${l.line}:${l.column} ${f.severity} ${f.rule}: ${f.message}${expired}`)}</failure>\n    </testcase>`;
    });
    if (cases.length === 0) cases.push(`    <testcase classname="${xml(file)}" name="no findings"/>`);
    const t = cases.length;
    const fl = mine.filter((l) => !isAccepted(l.finding) && l.finding.severity !== 'info').length;
    const sk = mine.filter((l) => isAccepted(l.finding)).length;
    tests += t;
    failures += fl;
    return `  <testsuite name="${xml(file)}" tests="${t}" failures="${fl}" errors="0" skipped="${sk}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="btstudio lint" tests="${tests}" failures="${failures}" errors="0">\n${suites.join('\n')}\n</testsuites>\n`;
}

// ---- GitLab Code Quality --------------------------------------------------------------------

const GITLAB_SEVERITY: Record<Severity, string> = { error: 'critical', warning: 'major', info: 'info' };

/**
 * GitLab Code Quality's JSON: an array of issues with description, check_name, fingerprint,
 * severity and location.path / location.lines.begin. The fingerprint is a SHA-256 of the
 * finding's stable key (never its line), with a count for equal keys, so moving lines does not
 * make GitLab see a resolved and a new issue.
 */
export function gitlab(items: readonly Keyed[]): string {
  const seen = new Map<string, number>();
  const out = items
    .filter((l) => !isAccepted(l.finding))
    .map((l) => {
      const n = seen.get(l.key) ?? 0;
      seen.set(l.key, n + 1);
      return {
        description: `${l.finding.message}${l.finding.acceptance?.expired ? ` (its acceptance expired on ${l.finding.acceptance.until})` : ''}`,
        check_name: l.finding.rule,
        fingerprint: createHash('sha256').update(`${l.key}\u0000${n}`).digest('hex'),
        severity: GITLAB_SEVERITY[l.finding.severity],
        location: { path: l.file, lines: { begin: l.line } },
      };
    });
  return `${JSON.stringify(out, null, 2)}\n`;
}
