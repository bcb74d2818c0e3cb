// btstudio lint DESIGN...: the validator on the command line.
import { formatIssue, loadDesign } from '../../core/load/load-design';
import {
  estimates,
  findingJson,
  querySummaries,
  rowBytesText,
  sizeText,
  writesText,
  toSarif,
  type Located,
  type QuerySummary,
  type TableEstimate,
} from '../../core/report/lint-report';
import { formatPercent, plural } from '../../core/units';
import { lint } from '../../core/rules/lint';
import { ruleById } from '../../core/rules/registry';
import type { SeveritySetting } from '../../core/rules/types';
import { appendFile } from 'node:fs/promises';
import { baselineEntry, entryKey, splitNew, type BaselineEntry } from '../../core/report/baseline';
import { isAccepted } from '../../core/rules/types';
import { checkRef } from '../git';
import { parseFlags, readBytes, terminalSafe, UserError, write, writeError, type Io } from '../io';
import { baselineName, findingsAtRef, readBaseline, writeBaseline } from '../lint-baseline';
import { githubAnnotations, githubSummary, gitlab, junit, type Keyed } from '../lint-formats';

export const usage = `usage: btstudio lint DESIGN... [--format FORMAT] [--rule ID=off|info|warning|error]...
                      [--baseline FILE | --since GIT_REF | --write-baseline FILE]

Runs every rule of the validator (docs/rules/) over each design and prints the findings, the
plan of each declared query and size estimates per table.
  --format text    file:line:col  severity  message  rule-id (default), errors first; the
                   fix the finding offers (apply it with btstudio fix) or why none is offered
  --format json    {"findings": [...], "queries": [...], "estimates": [...]}; a finding has
                   detail, fix with effects (each query's plan before/after) or fixWithheld
  --format sarif   SARIF 2.1.0 for code-scanning dashboards (accepted findings as suppressions)
  --format github  GitHub Actions annotations, and a Markdown summary to $GITHUB_STEP_SUMMARY
  --format junit   JUnit XML: a test suite per file, a failure per error or warning
  --format gitlab  GitLab Code Quality JSON (artifacts:reports:codequality)
  --rule ID=SEV    set a rule's severity for this run (repeatable); over the design's lint.rules
  --write-baseline FILE  record the findings as they are now (exit 0 unless a file is invalid)
  --baseline FILE  report and fail only on findings not in FILE
  --since GIT_REF  report and fail only on findings the design did not have at GIT_REF (read
                   with git show); a finding is matched by rule, message and place by name,
                   never by line
Findings the design accepts (lint.accept) are shown with their reason and fail nothing; an
acceptance whose until day has passed fails like its finding; one that accepts nothing is a
stale-acceptance finding. Exit 0 when no finding reported is an error, 1 when one is, 2 when a
file cannot be read or is invalid. docs/ci.md has workflows for GitHub, GitLab and pre-commit.`;

const SEVERITIES = new Set(['off', 'info', 'warning', 'error']);

function parseRules(specs: string[]): Record<string, SeveritySetting> {
  const out: Record<string, SeveritySetting> = {};
  for (const spec of specs) {
    const m = /^([a-z0-9-]+)=(\w+)$/.exec(spec);
    if (!m) throw new UserError(`--rule takes ID=SEVERITY, e.g. --rule key-length=off (got "${spec}")`);
    if (!ruleById(m[1]!)) throw new UserError(`--rule: no rule "${m[1]}" (see docs/rules/)`);
    if (!SEVERITIES.has(m[2]!)) throw new UserError(`--rule ${m[1]}: severity must be off, info, warning or error (got "${m[2]}")`);
    if (out[m[1]!] !== undefined && out[m[1]!] !== m[2]) throw new UserError(`--rule ${m[1]} is given twice (${out[m[1]!]} and ${m[2]}); give it once`);
    out[m[1]!] = m[2] as SeveritySetting;
  }
  return out;
}

const FORMATS = ['text', 'json', 'sarif', 'github', 'junit', 'gitlab'];

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    format: { type: 'string', short: 'f', default: 'text' },
    rule: { type: 'string', multiple: true, default: [] },
    baseline: { type: 'string' },
    'write-baseline': { type: 'string' },
    since: { type: 'string' },
  });
  const format = values.format!;
  if (!FORMATS.includes(format)) throw new UserError(`--format must be ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)} (got "${format}")`);
  if (positionals.length === 0) throw new UserError('name at least one design file');
  const given = (['baseline', 'since', 'write-baseline'] as const).filter((k) => values[k] !== undefined);
  if (given.length > 1) throw new UserError(`--${given[0]} and --${given[1]} cannot be used together`);
  for (const k of given) if (values[k] === '') throw new UserError(`--${k} needs a value`);
  if (values.since !== undefined) checkRef(values.since);
  const rules = parseRules(values.rule ?? []);
  const baseline = values.baseline !== undefined ? await readBaseline(values.baseline) : null;

  const located: Keyed[] = [];
  const entries: BaselineEntry[] = [];
  const queries: (QuerySummary & { file: string })[] = [];
  const tableEstimates: (TableEstimate & { file: string })[] = [];
  const texts = new Map<string, { qs: QuerySummary[]; es: TableEstimate[] }>();
  const notes: string[] = [];
  let known: number | null = values.since !== undefined || baseline ? 0 : null;
  let invalid = 0;
  for (const file of positionals) {
    const loaded = loadDesign(await readBytes(file), file);
    if (!loaded.ok) {
      invalid++;
      await write(io.stderr, loaded.issues.map(formatIssue).join('\n') + '\n');
      continue;
    }
    const { findings, analysis } = lint(loaded.design, { rules });
    const name = baselineName(file);
    let mine = findings.map((finding) => {
      const entry = baselineEntry(loaded.design, name, finding);
      entries.push(entry);
      return { file, finding, ...loaded.locate(finding.path), key: entryKey(entry) };
    });
    const before = values.since !== undefined ? await findingsAtRef(file, values.since, { rules }) : baseline ? { known: baseline } : null;
    if (before) {
      if (before.note) notes.push(`note: ${before.note}`);
      const split = splitNew(mine, before.known);
      mine = split.fresh;
      known! += split.known.length;
    }
    located.push(...mine);
    const qs = querySummaries(analysis);
    const es = estimates(analysis);
    queries.push(...qs.map((q) => ({ file, ...q })));
    tableEstimates.push(...es.map((e) => ({ file, ...e })));
    texts.set(file, { qs, es });
  }
  if (notes.length) await write(io.stderr, notes.map(terminalSafe).join('\n') + '\n');
  if (values['write-baseline'] !== undefined) {
    if (invalid) return 2;
    await writeBaseline(values['write-baseline'], entries);
    await write(io.stderr, `btstudio lint: wrote ${plural(entries.length, 'finding')} to ${terminalSafe(values['write-baseline'])}\n`);
    return 0;
  }

  // Errors first across files too (each file's findings come sorted already; the sort is stable).
  const rank = { error: 0, warning: 1, info: 2 } as const;
  if (format !== 'text') located.sort((a, b) => rank[a.finding.severity] - rank[b.finding.severity]);
  const linted = positionals.filter((f) => texts.has(f));
  if (format === 'json') {
    await write(
      io.stdout,
      JSON.stringify({ findings: located.map(findingJson), queries, estimates: tableEstimates, ...(known === null ? {} : { known }) }, null, 2) + '\n',
    );
  } else if (format === 'sarif') {
    await write(io.stdout, JSON.stringify(toSarif(located, '0.1.0'), null, 2) + '\n');
  } else if (format === 'github') {
    await write(io.stdout, githubAnnotations(relativeFiles(located)) + countLine(located, known, invalid) + '\n');
    const summaryFile = process.env.GITHUB_STEP_SUMMARY;
    if (summaryFile) {
      try {
        await appendFile(summaryFile, githubSummary(located, known));
      } catch (e) {
        throw writeError(summaryFile, e);
      }
    }
  } else if (format === 'junit') {
    await write(io.stdout, junit(linted, located));
  } else if (format === 'gitlab') {
    await write(io.stdout, gitlab(relativeFiles(located)));
  } else if (invalid < positionals.length) {
    // An invalid file was not linted: never a "✔ 0 findings" for it (its errors are on stderr).
    const blocks = linted.map((file) =>
      textReport(
        file,
        located.filter((l) => l.file === file),
        texts.get(file)!.qs,
        texts.get(file)!.es,
      ),
    );
    blocks.push(countLine(located, known, invalid));
    await write(io.stdout, blocks.join('\n\n') + '\n');
  }
  if (invalid) return 2;
  return located.some((l) => l.finding.severity === 'error' && !isAccepted(l.finding)) ? 1 : 0;
}

/** GitHub and GitLab place findings by the path from the repository's root: the working folder in CI. */
const relativeFiles = (located: readonly Keyed[]): Keyed[] => located.map((l) => ({ ...l, file: baselineName(l.file) }));

/** The last line: findings by severity (accepted ones apart), known ones not shown, invalid files. */
function countLine(located: readonly Keyed[], known: number | null, invalid: number): string {
  const open = located.filter((l) => !isAccepted(l.finding));
  const count = (s: string) => open.filter((l) => l.finding.severity === s).length;
  const accepted = located.length - open.length;
  const skipped = invalid ? `; ${plural(invalid, 'file')} invalid, not linted` : '';
  const kind = known === null ? 'finding' : 'new finding';
  const extra = [accepted ? `${accepted} accepted` : '', known ? `${plural(known, 'known finding')} not shown` : ''].filter(Boolean).join(', ');
  return `${open.length === 0 && !invalid ? '✔' : '✖'} ${plural(open.length, kind)} (${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${count('info')} info)${extra ? `; ${extra}` : ''}${skipped}`;
}

const readShare = (x: number) => formatPercent(x, 'share');

function textReport(file: string, found: readonly Located[], qs: QuerySummary[], es: TableEstimate[]): string {
  const lines = [file];
  const pos = found.map((l) => `${l.line}:${l.column}`);
  const w = Math.max(0, ...pos.map((p) => p.length));
  found.forEach((l, i) => {
    lines.push(`  ${pos[i]!.padEnd(w)}  ${l.finding.severity.padEnd(7)}  ${l.finding.message}  ${l.finding.rule}`);
    const a = l.finding.acceptance;
    if (a)
      lines.push(
        `  ${''.padEnd(w)}  ${''.padEnd(7)}  ${a.expired ? `acceptance expired on ${a.until}, so it fails again` : 'accepted'}${a.by ? ` by ${a.by}` : ''}${a.until && !a.expired ? ` until ${a.until}` : ''}: ${a.reason}`,
      );
    if (l.finding.fix) lines.push(`  ${''.padEnd(w)}  ${''.padEnd(7)}  fix: ${l.finding.fix} (btstudio fix --rule ${l.finding.rule})`);
    else if (l.finding.fixWithheld) lines.push(`  ${''.padEnd(w)}  ${''.padEnd(7)}  ${l.finding.fixWithheld}`);
  });
  if (found.length === 0) lines.push('  no findings');
  for (const e of es) {
    lines.push(
      `  table ${e.table}: key ${e.keyBytes.min}-${e.keyBytes.max} B (typical ${e.keyBytes.typical}), row ~${rowBytesText(e.rowBytes)} (busiest ~${rowBytesText(e.hottestRowBytes)}), ` +
        (e.storage === 'unknown' && e.writesPerSecond === null && e.averageWritesPerSecond === null
          ? `rows, size and writes unknown (${e.unknown})`
          : `${sizeText(e)}, ${writesText(e)}`),
    );
    for (const q of qs.filter((x) => x.table === e.table)) {
      const range = q.kind === 'full-scan' ? 'the whole table' : `[${q.range.start}, ${q.range.end})`;
      const sparse = q.readFraction !== undefined && q.kind !== 'full-scan' ? `, returns ~${readShare(q.readFraction)} of the rows it reads` : '';
      lines.push(`    query "${q.query}": ${q.kind.toUpperCase()}, ${q.scans} scan${q.scans === 1 ? '' : 's'}, ${range}${sparse}`);
    }
  }
  return lines.map(terminalSafe).join('\n');
}
