// Lint results as data for the CLI's json output, SARIF 2.1.0 for code-scanning dashboards,
// and the summary numbers shown beside each table.
import { formatPath } from '../load/load-design';
import type { PathPart } from '../model/positions';
import type { DesignAnalysis } from '../analysis/design';
import { rowModel } from '../analysis/rows';
import { tableWorkload, type StorageState } from '../capacity/workload';
import { RULES } from '../rules/registry';
import type { Finding } from '../rules/types';
import { formatBytes } from '../units';

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
  /** Of the rows the read goes through, the share the query returns, when below 1 (a sparse read). */
  readFraction?: number;
}

export interface TableEstimate {
  table: string;
  keyBytes: { min: number; typical: number; max: number };
  /** The typical row and the busiest row, in bytes (analysis/rows.ts). */
  rowBytes: number;
  hottestRowBytes: number;
  /** Rows and stored bytes from the capacity model (src/core/capacity/workload.ts): null when unknown or unbounded. */
  rows: number | null;
  tableBytes: number | null;
  storage: StorageState;
  growthPerMonth: number | null;
  /** Why rows and table size cannot be known (no write load declared), or null. */
  unknown: string | null;
  /** The peak write rate (CPU) and the average (rows, storage; the peak unless declared). */
  writesPerSecond: number;
  averageWritesPerSecond: number;
  writesPerNode: number;
  retention: string;
}

export function querySummaries(analysis: DesignAnalysis): QuerySummary[] {
  return analysis.tables.flatMap((t) =>
    t.plans.map((p) => ({
      table: t.table.name,
      query: p.query,
      kind: p.kind,
      scans: p.scans,
      range: { start: p.start, end: p.end },
      ...(p.readFraction !== undefined ? { readFraction: p.readFraction } : {}),
    })),
  );
}

/** What estimates say instead of a row count and a table size when no load is declared. */
export const NO_LOAD = 'no write load declared';

export function estimates(analysis: DesignAnalysis): TableEstimate[] {
  return analysis.tables.map((t) => {
    const model = rowModel(t);
    const w = tableWorkload(t);
    return {
      table: t.table.name,
      keyBytes: { min: t.keyBytes.min, typical: Math.round(t.keyBytes.typical * 10) / 10, max: t.keyBytes.max },
      rowBytes: Math.round(model.typical.bytes),
      hottestRowBytes: Math.round(model.hottest.bytes),
      rows: w.rows === null ? null : Math.round(w.rows),
      tableBytes: w.storedBytes === null ? null : Math.round(w.storedBytes),
      storage: w.storage,
      growthPerMonth: w.storedBytesGrowthPerMonth === null ? null : Math.round(w.storedBytesGrowthPerMonth),
      unknown: w.storage === 'unknown' ? NO_LOAD : null,
      writesPerSecond: t.writesPerSecond,
      averageWritesPerSecond: t.averageWritesPerSecond,
      writesPerNode: Math.round(t.writesPerNode * 10) / 10,
      retention: t.retentionGiven ? (t.table.load?.retention ?? '') : '365d (assumed)',
    };
  });
}

/** What a table stores, in words: its size, its growth when GC never deletes, or why unknown. */
export function storedText(e: TableEstimate): string {
  if (e.storage === 'bounded') return formatBytes(e.tableBytes ?? 0);
  if (e.storage === 'unbounded') return `unbounded (+${formatBytes(e.growthPerMonth ?? 0)}/month, no GC rule deletes)`;
  return 'unknown (no write load declared)';
}

/** A row count for messages, or "unknown". */
export function rowsText(e: TableEstimate): string {
  return e.rows === null ? 'unknown' : e.rows.toExponential(2);
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
    ...(f.detail ? { detail: f.detail } : {}),
    ...(f.fix ? { fix: f.fix, effects: f.effects ?? [] } : {}),
    ...(f.fixWithheld ? { fixWithheld: f.fixWithheld } : {}),
    ...(f.acceptance ? { accepted: acceptedJson(f.acceptance) } : {}),
  };
}

/** An acceptance as lint's JSON gives it: `expired` true when it no longer counts. */
const acceptedJson = (a: NonNullable<Finding['acceptance']>) => ({
  reason: a.reason,
  ...(a.by ? { by: a.by } : {}),
  ...(a.until ? { until: a.until } : {}),
  expired: a.expired,
  at: `lint.accept[${a.index}]`,
});

/** SARIF's suppression object for an acceptance: in the source (the design), accepted, with its reason. */
function suppression(a: NonNullable<Finding['acceptance']>) {
  const properties = { ...(a.by ? { by: a.by } : {}), ...(a.until ? { until: a.until } : {}) };
  return { kind: 'inSource', status: 'accepted', justification: a.reason, ...(Object.keys(properties).length ? { properties } : {}) };
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
          // An accepted finding is a suppression in the design itself (lint.accept), with its reason.
          ...(l.finding.acceptance && !l.finding.acceptance.expired ? { suppressions: [suppression(l.finding.acceptance)] } : {}),
        })),
      },
    ],
  };
}

/** Sizes in the studio's one convention (units.ts): 1.2 KiB, 35 MiB, 2.1 TiB. */
export { formatBytes };
