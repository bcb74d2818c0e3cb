// A design review in Markdown: per table the key template with example and sample keys, the
// fields, families and GC rules, the validator's findings, query plans, size estimates, and
// the simulation summary when one was run. Whole design when no table is chosen.
import { viewsMarkdown, viewsOf } from '../export/views/export';
import { displayKey } from '../keys/bytes';
import { createCodec } from '../keys/codec';
import { exampleRecord, sampleKeys } from '../keys/generate';
import { describeLayout } from '../keys/template';
import type { Design, Field, GcRule, Query, Table } from '../model/schema';
import { estimates, rowBytesText, sizeText, writesText } from './lint-report';
import { peakWrites, type TableAnalysis } from '../analysis/design';
import { lint } from '../rules/lint';
import { planCapacity } from '../capacity/capacity-plan';
import { clusterName, declaredText } from '../capacity/wording';
import type { Finding } from '../rules/types';
import { fileSafe, type ExportOptions, type Exporter, type SimulationSummary } from '../export/common';
import { renderGc } from '../model/gc';

/** Bytes of a key the review shows at most (as the simulator's labels, LABEL_BYTES). */
const REVIEW_KEY_BYTES = 1024;

/** Text safe in a Markdown table cell. */
export function cell(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');
}

/** Inline code that survives backticks in the text. */
export function code(s: string): string {
  const t = s.replace(/[\r\n]+/g, ' ');
  const ticks = '`'.repeat(Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return ticks.length > 1 || t.startsWith(' ') || t.endsWith(' ') ? `${ticks} ${t} ${ticks}` : `\`${t}\``;
}

export function gcText(rule: GcRule | undefined): string {
  if (!rule) return 'none (keeps every cell)';
  return `delete cells ${renderGc(rule, { maxAge: (age) => `older than ${age}`, maxVersions: (n) => `beyond ${n} version${n === 1 ? '' : 's'}`, union: ' OR ', intersection: ' AND ' })}`;
}

function fieldDetails(f: Field): string {
  const parts: string[] = [];
  const add = (k: string, v: unknown) => v !== undefined && parts.push(`${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  /** Each of the field's keys that is set, in this order. */
  const addSet = <F extends Field>(field: F, keys: readonly (keyof F & string)[]) => {
    for (const k of keys) add(k, field[k]);
  };
  switch (f.type) {
    case 'string':
      if (f.values) add('values', f.values.length > 5 ? `${f.values.slice(0, 5).join(', ')}, … (${f.values.length})` : f.values.join(', '));
      addSet(f, ['cardinality', 'prefix', 'length', 'alphabet', 'distribution']);
      break;
    case 'int':
      add('encoding', f.encoding ?? 'decimal');
      addSet(f, ['min', 'max', 'pad', 'distribution']);
      break;
    case 'timestamp':
      add('unit', f.unit ?? 'ms');
      if (f.reversed) parts.push('reversed');
      addSet(f, ['bucket', 'format', 'encoding']);
      break;
    case 'domain':
      if (f.reversed) parts.push('reversed');
      add('cardinality', f.cardinality);
      break;
    case 'bytes':
      add('length', f.length ?? 8);
      break;
    case 'hash':
      parts.push(`FNV-1a of ${(f.of ?? ['every other field']).join(', ')} mod ${f.buckets}`);
      break;
    case 'uuid':
      if (f.version === 7) parts.push('v7, time-ordered');
      break;
  }
  return parts.join('; ');
}

function findingsTable(findings: Finding[]): string[] {
  if (!findings.length) return ['No findings.'];
  return [
    '| severity | rule | where | message |',
    '| --- | --- | --- | --- |',
    ...findings.map((f) => `| ${f.severity} | ${cell(f.rule)} | ${cell(f.path.join('.'))} | ${cell(f.message)} |`),
  ];
}

function simulationLines(s: SimulationSummary): string[] {
  return [
    '### Simulation',
    '',
    `- Pattern: **${cell(s.pattern)}**, hotspot score ${s.hotspotScore.toFixed(2)} (1 is even)`,
    `- ${s.writes.toLocaleString('en-US')} writes over ${s.simulatedSeconds} simulated seconds, ${s.throttled.toLocaleString('en-US')} refused`,
    `- ${s.tablets} tablets at the end after ${s.splits} splits; sustainable write rate about ${Math.round(s.maxSustainableWritesPerSecond).toLocaleString('en-US')}/s`,
  ];
}

function tableSection(design: Design, table: Table, analysis: TableAnalysis | undefined, findings: Finding[], options: ExportOptions): string[] {
  const out = [`## Table ${code(table.name)}`, ''];
  if (table.description) out.push(table.description, '');
  out.push('### Row key', '');
  try {
    const codec = createCodec(table.rowKey);
    const l = codec.layout;
    out.push(`- Template: ${code(table.rowKey.template)} (segments ${code(describeLayout(l))})`);
    out.push(`- Encoding: ${l.encoding}${l.delimiter !== null ? `, delimiter ${code(l.delimiter)}${l.inferredDelimiter ? ' (inferred)' : ''}` : ''}`);
    // A key past 1,024 bytes shows its first 1,024 and its length, as the simulator's labels do:
    // the review stays a page, whatever the key (docs/fuzz.md, "Budgets").
    const show = (k: Uint8Array) =>
      k.length <= REVIEW_KEY_BYTES ? displayKey(k) : `${displayKey(k.subarray(0, REVIEW_KEY_BYTES))}... (${k.length.toLocaleString('en-US')} bytes)`;
    out.push(`- Example key: ${code(show(codec.encode(exampleRecord(table.rowKey))))}`);
    const samples = sampleKeys(table.rowKey, 3, { writesPerSecond: peakWrites(design, table) ?? undefined }).map((k) => code(show(k)));
    out.push(`- Sample keys (seed 1): ${samples.join(', ')}`);
  } catch (e) {
    out.push(`- Template: ${code(table.rowKey.template)}`, `- The key cannot be built: ${cell((e as Error).message)}`);
  }
  out.push('', '| field | type | details |', '| --- | --- | --- |');
  for (const [name, f] of Object.entries(table.rowKey.fields))
    out.push(`| ${code(name)} | ${f.type} | ${cell(fieldDetails(f))}${f.description ? ` — ${cell(f.description)}` : ''} |`);
  out.push('', '### Column families', '');
  const fams = table.families ?? [];
  if (!fams.length) out.push('No column families.');
  else {
    out.push('| family | GC | aggregate | columns |', '| --- | --- | --- | --- |');
    for (const f of fams) {
      const cols = (f.columns ?? []).map((c) => `${c.qualifier}${c.dynamic ? ' (dynamic)' : ''}`).join(', ');
      out.push(`| ${code(f.name)}${f.personalData ? ' (personal data)' : ''} | ${cell(gcText(f.gc))} | ${f.aggregate ?? ''} | ${cell(cols)} |`);
    }
  }
  out.push('', '### Queries', '');
  if (!analysis?.plans.length) out.push('No declared queries.');
  else {
    out.push('| query | plan | scans | key range |', '| --- | --- | --- | --- |');
    for (const p of analysis.plans)
      out.push(
        `| ${cell(p.query)}${usage(table.queries?.[p.index])} | ${p.kind.toUpperCase()} | ${p.scans} | ${p.kind === 'full-scan' ? 'the whole table' : cell(`[${p.start}, ${p.end})`)} |`,
      );
  }
  if (analysis) {
    const e = estimates({ nodes: 0, storage: 'ssd', tables: [analysis], views: [] })[0]!;
    out.push('', '### Estimates', '');
    out.push(`- Key: ${e.keyBytes.min}-${e.keyBytes.max} bytes (typical ${e.keyBytes.typical})`);
    out.push(`- Row: about ${rowBytesText(e.rowBytes)}; ${sizeText(e)}`);
    out.push(`- Writes: ${writesText(e)}${patternText(table.load)}`);
  }
  out.push('', '### Findings', '', ...findingsTable(findings));
  const sim = options.simulations?.[table.name];
  if (sim) out.push('', ...simulationLines(sim));
  return out;
}

/** How the application runs a query (batch, Data Boost, latency target, lookback), when declared. */
function usage(q: Query | undefined): string {
  if (!q) return '';
  const parts = [
    q.kind === 'batch' ? 'batch' : '',
    q.dataBoost ? 'Data Boost' : '',
    q.latencyMs !== undefined ? `p99 ${q.latencyMs} ms` : '',
    q.lookback ? `${q.lookback} back` : '',
  ].filter(Boolean);
  return parts.length ? ` (${cell(parts.join(', '))})` : '';
}

/** The write pattern and kind, when declared. */
function patternText(load: Table['load']): string {
  if (!load) return '';
  const pattern =
    load.writePattern === 'burst'
      ? `bursts${load.burstDuration ? ` of ${load.burstDuration}` : ''}`
      : load.writePattern === 'bulk'
        ? `a bulk load${load.bulkRows !== undefined ? ` of ${load.bulkRows} rows` : ''}${load.bulkEvery ? ` every ${load.bulkEvery}` : ''}`
        : '';
  const kind = load.writeKind === 'update' ? 'updates of existing rows' : load.writeKind === 'mixed' ? 'inserts and updates' : '';
  const parts = [pattern, kind].filter(Boolean);
  return parts.length ? `; ${parts.join(', ')}` : '';
}

export const exportMarkdown: Exporter = (design, table, options) => {
  // One lint for the whole review: its findings and its analysis serve every table's section.
  const { findings, analysis } = lint(design);
  const out = [`# Design review: ${cell(design.name)}`, ''];
  if (design.description) out.push(design.description, '');
  // An instance's clusters as the plan words them (the lint's plan: no second computation).
  const plan = planCapacity(design, analysis);
  const clusters = design.instance
    ? `Clusters: ${plan.clusterPlans.map((c) => `${clusterName(c)}: ${declaredText(c)}`).join('; ')}; ${plan.cluster.storage.toUpperCase()}`
    : `Cluster: ${design.cluster?.nodes ?? 3} nodes, ${(design.cluster?.storage ?? 'ssd').toUpperCase()}`;
  out.push(`${clusters}. ${design.tables.length} table${design.tables.length === 1 ? '' : 's'}. Written by Bigtable Schema Studio.`, '');
  const general = findings.filter((f) => f.table === null);
  if (general.length) out.push('## Design findings', '', ...findingsTable(general), '');
  out.push(...viewsMarkdown(viewsOf(design, table ? table.name : null), cell, code));
  const tables = table ? [table] : design.tables;
  for (const t of tables) {
    const i = design.tables.indexOf(t);
    out.push(
      ...tableSection(
        design,
        t,
        analysis.tables[i],
        findings.filter((f) => f.path[0] === 'tables' && f.path[1] === i),
        options,
      ),
      '',
    );
  }
  return {
    text: `${out.join('\n').trimEnd()}\n`,
    filename: `${fileSafe((table?.name ?? design.name).toLowerCase())}-review.md`,
    mime: 'text/markdown',
    notes: [],
  };
};
