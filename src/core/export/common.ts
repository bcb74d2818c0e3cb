// Shared by the exporters: the result shape, the error for designs a format cannot express,
// shell quoting, and GC rules in the syntax of each tool (gcloud, cbt, Terraform, the admin API).
import { layoutOf, TemplateError, type KeyLayout } from '../keys/template';
import type { Design, GcRule, Table } from '../model/schema';
import { DURATION_UNIT_MS, parseDuration } from '../model/duration';
import { CBT_GC_WORDS, renderGc, simplifyGc } from '../model/gc';

export interface ExportOptions {
  /** row-key-schema: write the delimiter base64, for --row-key-schema-pre-encoded-bytes. */
  preEncoded?: boolean;
  /** code: the language of the key builders. */
  lang?: 'ts' | 'java' | 'go' | 'python';
  /** design: YAML (default) or JSON. */
  as?: 'yaml' | 'json';
  /** markdown: simulation results per table name, when a simulation was run. */
  simulations?: Record<string, SimulationSummary>;
}

/** What the markdown review shows of a simulation run (a subset of the simulator's SimResult). */
export interface SimulationSummary {
  pattern: string;
  hotspotScore: number;
  simulatedSeconds: number;
  writes: number;
  throttled: number;
  tablets: number;
  splits: number;
  maxSustainableWritesPerSecond: number;
}

export interface ExportResult {
  text: string;
  /** A file name to save it under. */
  filename: string;
  mime: string;
  /** What the export could not say exactly, or what the reader should know (also in the text). */
  notes: string[];
}

/** A design (or table) the chosen format cannot express: one clear message, no file. */
export class ExportError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [message],
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

export type Exporter = (design: Design, table: Table | null, options: ExportOptions) => ExportResult;

/**
 * A bash word that is exactly `s`: single quotes, with each `'` written as `'\''`. Nothing in
 * single quotes is special to bash ($, `, \, !, newlines), so no value can run a command.
 */
export function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a value cannot be one exact command-line argument, or null. Quoting makes any other text
 * safe (shq), but an argument is a C string of UTF-8 bytes: a NUL byte would cut it short, and
 * a lone surrogate has no UTF-8 form (it would arrive as U+FFFD, a different name).
 */
export function argumentProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'holds a NUL byte, which no command-line argument can carry';
  if (LONE_SURROGATE.test(s)) return 'is not valid Unicode (a lone surrogate), so it has no exact UTF-8 form';
  return null;
}

/** Refuses (one ExportError listing every reason) when a value a script passes to a tool cannot arrive exactly. */
export function requireArguments(tool: string, values: readonly (readonly [what: string, value: string])[]): void {
  const problems = values.flatMap(([what, value]) => {
    const p = argumentProblem(value);
    return p ? [`${what} ${JSON.stringify(value)} ${p}: a ${tool} script cannot pass it exactly`] : [];
  });
  if (problems.length) throw new ExportError(problems.join('; '), problems);
}

/** A comment line for a script or HCL file: newlines and control characters cannot end it. */
export function commentText(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
}

/** A file-name-safe form of a name. */
export function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[.]+/, '_') || 'table';
}

/** Bigtable's own id rules, for warnings in scripts (the tool will reject a bad id). */
export const TABLE_ID_RE = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]{0,49}$/;
export const FAMILY_ID_RE = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]{0,63}$/;

/** A design duration (`30d`, `500ms`) in milliseconds. */
export function durationToMs(d: string): number {
  const ms = parseDuration(d);
  if (ms === null) throw new ExportError(`"${d}" is not a duration`);
  return ms;
}

/** Seconds as the admin API's JSON writes a Duration: `864000s`, `0.5s`. */
export function protoDuration(d: string): string {
  const ms = durationToMs(d);
  const whole = Math.floor(ms / 1000);
  const frac = ms % 1000;
  return frac === 0 ? `${whole}s` : `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}s`;
}

/** A Go duration (Terraform): hours for days, since Go durations have no `d`. */
export function goDuration(d: string): string {
  return d.endsWith('d') ? `${durationToMs(d) / DURATION_UNIT_MS.h}h` : d;
}

/** The admin API's GcRule JSON (what gcloud sends and `tables describe` prints). */
export function gcToProto(rule: GcRule): Record<string, unknown> {
  if ('maxVersions' in rule) return { maxNumVersions: rule.maxVersions };
  if ('maxAge' in rule) return { maxAge: protoDuration(rule.maxAge) };
  if ('union' in rule) return { union: { rules: rule.union.map(gcToProto) } };
  return { intersection: { rules: rule.intersection.map(gcToProto) } };
}

export { simplifyGc };

const isSimple = (r: GcRule): r is Extract<GcRule, { maxAge: string }> | Extract<GcRule, { maxVersions: number }> => 'maxAge' in r || 'maxVersions' in r;

/**
 * gcloud's `--column-families` rule: one simple rule, or exactly two joined by `||` (union) or
 * `&&` (intersection). Null when gcloud cannot say it (nesting, three or more rules). Ages go
 * in seconds: gcloud reads `400d` as 399.24 days (it counts long spans in calendar units).
 */
export function gcToGcloud(rule: GcRule): string | null {
  const r = simplifyGc(rule);
  const one = (x: GcRule) => ('maxAge' in x ? `maxage=${protoDuration(x.maxAge)}` : 'maxVersions' in x ? `maxversions=${x.maxVersions}` : null);
  if (isSimple(r)) return one(r);
  const parts = 'union' in r ? r.union : r.intersection;
  if (parts.length !== 2 || !parts.every(isSimple)) return null;
  return parts.map(one).join('union' in r ? '||' : '&&');
}

/** cbt caps maxversions at 65535 (it parses a 16-bit number). */
export const CBT_MAX_VERSIONS = 65535;

/**
 * A cbt GC expression (`maxage=10d || (maxversions=2 && maxage=1d)`), or null for none. cbt
 * joins n-ary unions as nested pairs, which mean the same. Throws when a number is above
 * cbt's limit.
 */
export function gcToCbt(rule: GcRule | undefined): string | null {
  if (!rule) return null;
  const maxVersions = (n: number) => {
    if (n > CBT_MAX_VERSIONS) throw new ExportError(`maxVersions ${n} is above ${CBT_MAX_VERSIONS}, the most cbt can set`);
    return CBT_GC_WORDS.maxVersions(n);
  };
  return renderGc(simplifyGc(rule), { ...CBT_GC_WORDS, maxVersions });
}

/**
 * A list for cbt's `families=` and `splits=` arguments, which cbt reads as one CSV record: an
 * item holding `,`, `"` or a line break is quoted, `"` doubled.
 */
export function cbtList(items: string[]): string {
  return items.map((x) => (/[",\r\n]/.test(x) || x.startsWith(' ') ? `"${x.replace(/"/g, '""')}"` : x)).join(',');
}

/**
 * A list for gcloud's comma-separated flags (--column-families, --splits): items joined by
 * `,`, or by another character announced as `^D^` (gcloud's own syntax) when an item holds a comma.
 */
export function gcloudList(items: string[]): string {
  if (!items.some((x) => x.includes(',') || x.startsWith('^'))) return items.join(',');
  const d = [';', '|', '~', '@', '!', '%', '+', '/', '='].find((c) => !items.some((x) => x.includes(c)));
  if (!d) throw new ExportError('the names or split keys use every character gcloud could separate them with; use the terraform export');
  return `^${d}^${items.join(d)}`;
}

/** cbt's and Terraform's name of an aggregate family type. */
export const AGGREGATE_TYPE = { sum: 'intsum', min: 'intmin', max: 'intmax', hll: 'inthll' } as const;

/** The table's key layout; an ExportError naming the table when its template does not parse. */
export function keyLayoutOf(table: Table): KeyLayout {
  try {
    return layoutOf(table.rowKey);
  } catch (e) {
    if (e instanceof TemplateError) throw new ExportError(`table ${table.name}: ${e.message}`);
    throw e;
  }
}

/** The table named, or the design's only table; an ExportError listing the tables otherwise. */
export function requireTable(design: Design, table: Table | null): Table {
  if (table) return table;
  if (design.tables.length === 1) return design.tables[0]!;
  throw new ExportError(`choose a table (${design.tables.map((t) => t.name).join(', ') || 'the design has none'})`);
}
