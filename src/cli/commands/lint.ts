// btstudio lint DESIGN...: the validator on the command line.
import { formatIssue, loadDesign } from '../../core/model/load-design';
import { estimates, findingJson, formatBytes, querySummaries, toSarif, type Located, type QuerySummary, type TableEstimate } from '../../core/report/lint-report';
import { lint } from '../../core/rules/lint';
import { ruleById } from '../../core/rules/registry';
import type { SeveritySetting } from '../../core/rules/types';
import { parseFlags, readBytes, terminalSafe, UserError, write, type Io } from '../io';

export const summary = 'check designs against Bigtable schema guidance (exit 1 on errors)';
export const usage = `usage: btstudio lint DESIGN... [--format text|json|sarif] [--rule ID=off|info|warning|error]...

Runs every rule of the validator (docs/rules/) over each design and prints the findings, the
plan of each declared query and size estimates per table.
  --format text   file:line:col  severity  message  rule-id (default)
  --format json   {"findings": [...], "queries": [...], "estimates": [...]}
  --format sarif  SARIF 2.1.0 for code-scanning dashboards
  --rule ID=SEV   set a rule's severity for this run (repeatable); over the design's lint.rules
Exit 0 when no finding is an error, 1 when any is, 2 when a file cannot be read or is invalid.`;

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

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    format: { type: 'string', short: 'f', default: 'text' },
    rule: { type: 'string', multiple: true, default: [] },
  });
  const format = values.format!;
  if (!['text', 'json', 'sarif'].includes(format)) throw new UserError(`--format must be text, json or sarif (got "${format}")`);
  if (positionals.length === 0) throw new UserError('name at least one design file');
  const rules = parseRules(values.rule ?? []);

  const located: Located[] = [];
  const queries: (QuerySummary & { file: string })[] = [];
  const tableEstimates: (TableEstimate & { file: string })[] = [];
  const textBlocks: string[] = [];
  let invalid = false;
  for (const file of positionals) {
    const loaded = loadDesign(await readBytes(file), file);
    if (!loaded.ok) {
      invalid = true;
      await write(io.stderr, loaded.issues.map(formatIssue).join('\n') + '\n');
      continue;
    }
    const { findings, analysis } = lint(loaded.design, { rules });
    const mine = findings.map((finding) => ({ file, finding, ...loaded.locate(finding.path) }));
    located.push(...mine);
    const qs = querySummaries(analysis);
    const es = estimates(analysis);
    queries.push(...qs.map((q) => ({ file, ...q })));
    tableEstimates.push(...es.map((e) => ({ file, ...e })));
    if (format === 'text') textBlocks.push(textReport(file, mine, qs, es));
  }

  if (format === 'json') {
    await write(io.stdout, JSON.stringify({ findings: located.map(findingJson), queries, estimates: tableEstimates }, null, 2) + '\n');
  } else if (format === 'sarif') {
    await write(io.stdout, JSON.stringify(toSarif(located, '0.1.0'), null, 2) + '\n');
  } else {
    const count = (s: string) => located.filter((l) => l.finding.severity === s).length;
    const total = located.length;
    textBlocks.push(`${total === 0 ? '✔' : '✖'} ${total} finding${total === 1 ? '' : 's'} (${count('error')} errors, ${count('warning')} warnings, ${count('info')} info)`);
    await write(io.stdout, textBlocks.join('\n\n') + '\n');
  }
  if (invalid) return 2;
  return located.some((l) => l.finding.severity === 'error') ? 1 : 0;
}

function textReport(file: string, found: Located[], qs: QuerySummary[], es: TableEstimate[]): string {
  const lines = [file];
  const pos = found.map((l) => `${l.line}:${l.column}`);
  const w = Math.max(0, ...pos.map((p) => p.length));
  found.forEach((l, i) => {
    lines.push(`  ${pos[i]!.padEnd(w)}  ${l.finding.severity.padEnd(7)}  ${l.finding.message}  ${l.finding.rule}`);
  });
  if (found.length === 0) lines.push('  no findings');
  for (const e of es) {
    lines.push(
      `  table ${e.table}: key ${e.keyBytes.min}-${e.keyBytes.max} B (typical ${e.keyBytes.typical}), row ~${formatBytes(e.rowBytes)} (busiest ~${formatBytes(e.hottestRowBytes)}), ` +
        `${e.rows.toExponential(2)} rows, ~${formatBytes(e.tableBytes)} over ${e.retention}, ${e.writesPerNode} writes/s per node`,
    );
    for (const q of qs.filter((x) => x.table === e.table)) {
      const range = q.kind === 'full-scan' ? 'the whole table' : `[${q.range.start}, ${q.range.end})`;
      lines.push(`    query "${q.query}": ${q.kind.toUpperCase()}, ${q.scans} scan${q.scans === 1 ? '' : 's'}, ${range}`);
    }
  }
  return lines.map(terminalSafe).join('\n');
}
