// Lint results as data for the CLI's json output, SARIF 2.1.0 for code-scanning dashboards,
// and the summary numbers shown beside each table.
import { formatPath } from '../model/load-design';
import type { PathPart } from '../model/positions';
import type { DesignAnalysis } from '../rules/analysis';
import { rowModel } from '../rules/support/rows';
import { RULES } from '../rules/registry';
import type { Finding } from '../rules/types';

export interface Located {
  file: string;
  finding: Finding;
  line: number;
  column: number;
}

export interface QuerySummary {
  table: string;
  query: string;
  kind: string;
  scans: number;
  range: { start: string; end: string };
}

export interface TableEstimate {
  table: string;
  keyBytes: { min: number; typical: number; max: number };
  /** The typical row and the busiest row, in bytes (support/rows.ts). */
  rowBytes: number;
  hottestRowBytes: number;
  rows: number;
  tableBytes: number;
  writesPerSecond: number;
  writesPerNode: number;
  retention: string;
}

export function querySummaries(analysis: DesignAnalysis): QuerySummary[] {
  return analysis.tables.flatMap((t) =>
    t.plans.map((p) => ({ table: t.table.name, query: p.query, kind: p.kind, scans: p.scans, range: { start: p.start, end: p.end } })),
  );
}

export function estimates(analysis: DesignAnalysis): TableEstimate[] {
  return analysis.tables.map((t) => {
    const model = rowModel(t);
    // Rows over the horizon: one per entity per row lifetime, but no more than there are writes.
    const lifetimes = model.horizonMs / model.lifetimeMs;
    const writes = t.writesPerSecond * (model.horizonMs / 1000);
    const rows = Math.max(1, Math.min(model.entities * lifetimes, writes || model.entities * lifetimes));
    const typical = model.typical.bytes;
    return {
      table: t.table.name,
      keyBytes: { min: t.keyBytes.min, typical: Math.round(t.keyBytes.typical * 10) / 10, max: t.keyBytes.max },
      rowBytes: Math.round(typical),
      hottestRowBytes: Math.round(model.hottest.bytes),
      rows: Math.round(rows),
      tableBytes: Math.round(rows * typical),
      writesPerSecond: t.writesPerSecond,
      writesPerNode: Math.round(t.writesPerNode * 10) / 10,
      retention: t.retentionGiven ? (t.table.load?.retention ?? '') : '365d (assumed)',
    };
  });
}

export function findingJson(l: Located) {
  const f = l.finding;
  return {
    file: l.file,
    rule: f.rule,
    severity: f.severity,
    table: f.table,
    path: formatPath(f.path as PathPart[]),
    line: l.line,
    column: l.column,
    message: f.message,
    ...(f.fix ? { fix: f.fix } : {}),
  };
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

export function toSarif(located: Located[], version: string): unknown {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'btstudio',
            informationUri: 'docs/rules/',
            version,
            rules: RULES.map((r) => ({
              id: r.meta.id,
              shortDescription: { text: r.meta.description },
              helpUri: `docs/rules/${r.meta.id}.md`,
              defaultConfiguration: { level: SARIF_LEVEL[r.meta.severity] },
            })),
          },
        },
        results: located.map((l) => ({
          ruleId: l.finding.rule,
          ruleIndex: RULES.findIndex((r) => r.meta.id === l.finding.rule),
          level: SARIF_LEVEL[l.finding.severity],
          message: { text: l.finding.message },
          locations: [
            {
              physicalLocation: { artifactLocation: { uri: l.file }, region: { startLine: l.line, startColumn: l.column } },
              logicalLocations: [{ fullyQualifiedName: formatPath(l.finding.path as PathPart[]) }],
            },
          ],
        })),
      },
    ],
  };
}

/** Human units: 1.2 KB, 35.0 MB, 2.1 TB. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return 'unbounded';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return u === 0 ? `${Math.round(n)} B` : `${n.toFixed(1)} ${units[u]}`;
}
