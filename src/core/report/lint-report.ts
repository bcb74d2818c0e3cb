// Lint results as data for the CLI's json output, SARIF 2.1.0 for code-scanning dashboards,
// and the summary numbers shown beside each table.
import { formatPath } from '../load/load-design';
import type { PathPart } from '../model/positions';
import type { DesignAnalysis } from '../analysis/design';
import { rowModel } from '../analysis/rows';
import { tableWorkload, type StorageState } from '../capacity/workload';
import { BEYOND, growthText, OVER_COUNT, STORED_BYTES_BOUND, storedBytesText, unknownReason, within } from '../capacity/bounds';
import { RULES } from '../rules/registry';
import type { Finding } from '../rules/types';
import { COUNT_BOUND, formatBytes, formatCount } from '../units';

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
  /** The typical row and the busiest row, in bytes (analysis/rows.ts); null past what 1,000 nodes hold (`beyond` says so). */
  rowBytes: number | null;
  hottestRowBytes: number | null;
  /** Rows and stored bytes from the capacity model (src/core/capacity/workload.ts): null when unknown or unbounded. */
  rows: number | null;
  tableBytes: number | null;
  storage: StorageState;
  growthPerMonth: number | null;
  /** Why rows and table size cannot be known (no write load declared), or null. */
  unknown: string | null;
  /** Figures past their bound (capacity/bounds.ts), null above, by name: rows (over 10^15), tableBytes and growthPerMonth (more than 1,000 nodes hold). */
  beyond?: Record<string, string>;
  /** The peak write rate (CPU) and the average (rows, storage; the peak unless declared); null when not declared. */
  writesPerSecond: number | null;
  averageWritesPerSecond: number | null;
  writesPerNode: number | null;
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
    // JSON never gives a figure past its bound: null, and `beyond` says what it is past.
    const beyond: Record<string, string> = {};
    const bound = (name: string, n: number | null, limit: number, why: string) => {
      if (n === null) return null;
      if (within(n, limit) === null) {
        beyond[name] = why;
        return null;
      }
      return Math.round(n);
    };
    const rowBytes = bound('rowBytes', model.typical.bytes, STORED_BYTES_BOUND, BEYOND.stored);
    const hottestRowBytes = bound('hottestRowBytes', model.hottest.bytes, STORED_BYTES_BOUND, BEYOND.stored);
    const rows = bound('rows', w.rows, COUNT_BOUND, OVER_COUNT);
    const tableBytes = bound('tableBytes', w.storedBytes, STORED_BYTES_BOUND, BEYOND.stored);
    const growthPerMonth = bound('growthPerMonth', w.storedBytesGrowthPerMonth, STORED_BYTES_BOUND, BEYOND.stored);
    return {
      table: t.table.name,
      keyBytes: { min: t.keyBytes.min, typical: Math.round(t.keyBytes.typical * 10) / 10, max: t.keyBytes.max },
      rowBytes,
      hottestRowBytes,
      rows,
      tableBytes,
      storage: w.storage,
      growthPerMonth,
      unknown: w.storage === 'unknown' ? unknownReason(w) : null,
      ...(Object.keys(beyond).length ? { beyond } : {}),
      // Not declared is not 0: no figure is made up for a table without a write load.
      writesPerSecond: w.writeRowsPerSecond,
      averageWritesPerSecond: w.averageWriteRowsPerSecond,
      writesPerNode: w.writeRowsPerSecond === null ? null : Math.round(t.writesPerNode * 10) / 10,
      retention: t.retentionGiven ? (t.table.load?.retention ?? '') : '365d (assumed)',
    };
  });
}

/** What a table stores, in words: its size, its growth when GC never deletes, or why unknown (capacity/bounds.ts). */
export function storedText(e: TableEstimate): string {
  if (e.storage === 'bounded') return storedBytesText(e.tableBytes ?? Infinity);
  if (e.storage === 'unbounded') return `unbounded (${growthText(e.growthPerMonth ?? Infinity)}, no GC rule deletes)`;
  return `unknown (${e.unknown ?? NO_LOAD})`;
}

/** A row's size: "136 B", or "more than the 16 PiB that 1,000 nodes hold" (null past the bound). */
export function rowBytesText(n: number | null): string {
  return storedBytesText(n ?? Number.POSITIVE_INFINITY);
}

/** A row count for messages: "2,592,000,000 rows", "over 10^15 rows", or "rows unknown (why)". */
export function rowsText(e: TableEstimate): string {
  return e.rows === null && !e.beyond?.rows ? `rows ${rowCountText(e)}` : `${rowCountText(e)} rows`;
}

/** The row count alone, for a labelled field: "2,591,998,704", "over 10^15", "unknown (why)". */
export function rowCountText(e: TableEstimate): string {
  if (e.rows === null && e.beyond?.rows) return OVER_COUNT;
  return e.rows === null ? `unknown (${e.unknown ?? (e.storage === 'unbounded' ? 'no GC rule deletes' : NO_LOAD)})` : formatCount(e.rows);
}

/** Rows and size in one phrase: "2,592,000,000 rows, stored 291 TiB", or "rows and size unknown (why)" (lint, the review). */
export function sizeText(e: TableEstimate): string {
  if (e.storage === 'unknown') return `rows and size unknown (${e.unknown ?? NO_LOAD})`;
  return `${rowsText(e)}, stored ${storedText(e)}`;
}

/** The write rates in words: "1,000 writes/s, 333.3 writes/s per node", with the average when it differs; "writes unknown (why)". */
export function writesText(e: TableEstimate): string {
  if (e.writesPerSecond === null && e.averageWritesPerSecond === null) return `writes ${writeRatesText(e)}`;
  return writeRatesText(e);
}

/** The write rates alone, for a labelled field: "1,000 writes/s, 333.3 writes/s per node", or "unknown (why)". */
export function writeRatesText(e: TableEstimate): string {
  if (e.writesPerSecond === null && e.averageWritesPerSecond === null) return `unknown (${e.unknown ?? NO_LOAD})`;
  const rate = (n: number | null) => (n === null ? 'unknown' : formatRate(n));
  const average = e.averageWritesPerSecond !== e.writesPerSecond ? ` at peak (${rate(e.averageWritesPerSecond)}/s on average, which sizes storage)` : '';
  const perNode = e.writesPerNode === null ? '' : `, ${formatRate(e.writesPerNode)} writes/s per node`;
  return `${rate(e.writesPerSecond)} writes/s${average}${perNode}`;
}

const formatRate = (n: number) => (n >= 100 ? formatCount(n) : n >= 1 || n === 0 ? String(Math.round(n * 10) / 10) : String(Number(n.toPrecision(2))));

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
