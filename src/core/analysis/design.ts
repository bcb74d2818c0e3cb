// What the rules reason about, computed once per lint: per key field its cardinality, the
// largest share of writes one value takes, its byte sizes and the bytes it may contain; per
// table the key and row sizes and the data volume over the retention.
import type { Design, Field, GcRule, Table } from '../model/schema';
import { instanceOf } from '../model/instance';
import { utf8Length } from '../keys/bytes';
import { layoutOf, TemplateError, type KeyLayout } from '../keys/template';
import { encodeOrderedInt64 } from '../keys/orderedcode';
import { assertNever, hashPad, LONG_MAX } from '../keys/values';
import { planQueries, planQuery, type QueryPlan } from './query-plan';
import { BUCKET_MS, DAY_MS, parseDuration } from '../model/duration';

export interface Bytes {
  min: number;
  typical: number;
  max: number;
}

/** The characters a value may hold: `any` for binary encodings. */
export interface Charset {
  any: boolean;
  chars: Set<string>;
}

export interface FieldInfo {
  name: string;
  field: Field;
  position: number;
  /** Distinct values over the retention (Infinity for uuids and growing sequences). */
  cardinality: number;
  /** The largest share of writes a single value takes (1/cardinality when even). */
  topShare: number;
  bytes: Bytes;
  /** Characters of the encoded value, including literal text of its segment. */
  charset: Charset;
  /** For timestamps: how many ms one distinct value spans (unit or bucket). */
  resolutionMs: number | null;
  isSalt: boolean;
  isTime: boolean;
  isSequential: boolean;
  /** Decimal text whose values differ in digit count and are not padded to one width. */
  varyingDigits: boolean;
}

export interface TableAnalysis {
  index: number;
  table: Table;
  layout: KeyLayout | null;
  layoutError: string | null;
  fields: FieldInfo[];
  keyBytes: Bytes;
  /** The peak write rate (load.writesPerSecond); 0 when none is declared. */
  writesPerSecond: number;
  /** The mean write rate, what accumulates (declaredWrites().average); 0 when none is declared. */
  averageWritesPerSecond: number;
  retentionMs: number;
  /** Whether the retention was given (estimates otherwise assume one year). */
  retentionGiven: boolean;
  /** The retention as the design writes it (load.retention, e.g. "30d"); null when none is given. */
  retention: string | null;
  /** Bytes one write adds to its row (cells, qualifiers, timestamps, values). */
  bytesPerWrite: number;
  writesPerNode: number;
  /** What a write does to its row (load.writeKind): a new row by default, or updates of existing ones. */
  writeKind: 'insert' | 'update' | 'mixed';
  /** Whether the application writes with CheckAndMutateRow (load.checkAndMutate). */
  checkAndMutate: boolean;
  /** The table's whole read rate as declared (load.readsPerSecond); 0 when none is declared. */
  readsPerSecond: number;
  plans: QueryPlan[];
  /** For each query served elsewhere (servedBy), by query index: the analysis of the table or view that serves it. */
  servers?: ReadonlyMap<number, TableAnalysis>;
}

export interface DesignAnalysis {
  nodes: number;
  storage: 'ssd' | 'hdd';
  tables: TableAnalysis[];
  /** Continuous materialized views declared with groupBy or index, analysed as the tables they are (their key, the source's load and retention). */
  views: ViewAnalysis[];
}

export interface ViewAnalysis {
  name: string;
  source: string;
  kind: 'groupBy' | 'index';
  analysis: TableAnalysis;
}

const DAY = DAY_MS;
const UNIT_MS = { s: 1000, ms: 1, us: 0.001 } as const;
export const YEAR_MS = 365 * DAY;

/** A design duration in milliseconds; null when absent (model/duration.ts). */

const DIGITS = '0123456789';
const charsOf = (...parts: string[]): Charset => ({ any: false, chars: new Set(parts.join('')) });
const ANY: Charset = { any: true, chars: new Set() };
const ALPHABET = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  alnum: DIGITS + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  hex: '0123456789abcdef',
  digits: DIGITS,
};

/**
 * Generalised harmonic number H(n, s), summed exactly up to 10^5 terms and integrated beyond:
 * a zipf field's value of rank k takes k^-s / H(n, s) of writes (capacity/skew.ts reads it too).
 */
const harmonicCache = new Map<string, number>();

export function harmonic(n: number, s: number): number {
  const key = `${n}:${s}`;
  const hit = harmonicCache.get(key);
  if (hit !== undefined) return hit;
  const h = harmonicUncached(n, s);
  if (harmonicCache.size > 1000) harmonicCache.clear();
  harmonicCache.set(key, h);
  return h;
}

function harmonicUncached(n: number, s: number): number {
  const exact = Math.min(n, 100_000);
  let h = 0;
  for (let k = 1; k <= exact; k++) h += Math.pow(k, -s);
  if (n > exact) h += Math.abs(s - 1) < 1e-9 ? Math.log(n / exact) : (Math.pow(n, 1 - s) - Math.pow(exact, 1 - s)) / (1 - s);
  return h;
}

type Dist = { distribution?: 'uniform' | 'zipf' | 'sequential' | 'hot' | undefined; skew?: number | undefined; share?: number | undefined };

function topShareOf(d: Dist, card: number): number {
  if (!Number.isFinite(card) || card <= 0) return 0;
  switch (d.distribution ?? 'uniform') {
    case 'uniform':
      return 1 / card;
    case 'zipf':
      return 1 / harmonic(card, d.skew ?? 1.1);
    case 'hot':
      return Math.max(d.share ?? 0.5, 1 / card);
    case 'sequential':
      return 1; // every write goes to the newest value
  }
}

const digits = (n: number) => String(Math.trunc(Math.abs(n))).length + (n < 0 ? 1 : 0);
/** int64's largest value (keys/values.ts LONG_MAX) as the nearest double, 2^63: 19 decimal digits. */
export const INT64_MAX = Number(LONG_MAX);

/** Field facts in one fixed shape (fast to build on every keystroke); the charset, a Set used by few rules, is built on first read. */
class FieldFacts implements FieldInfo {
  name = '';
  field!: Field;
  position = 0;
  cardinality = 0;
  topShare = 0;
  bytes: Bytes = { min: 0, typical: 0, max: 0 };
  resolutionMs: number | null = null;
  isSalt = false;
  isTime = false;
  isSequential = false;
  varyingDigits = false;
  private charsetOf: () => Charset = () => ANY;
  private charsetCache: Charset | null = null;

  constructor({ charset, ...facts }: RawInfo) {
    // Every fact is declared above, so assigning them keeps the one shape.
    Object.assign(this, facts);
    this.charsetOf = charset;
  }

  get charset(): Charset {
    return (this.charsetCache ??= this.charsetOf());
  }
}

function fieldInfo(name: string, f: Field, position: number, prefixSuffix: string, retentionMs: number, totalWrites: number): FieldInfo {
  return new FieldFacts(fieldInfoRaw(name, f, position, prefixSuffix, retentionMs, totalWrites));
}

type RawInfo = Omit<FieldInfo, 'charset'> & { charset: () => Charset };

function fieldInfoRaw(name: string, f: Field, position: number, prefixSuffix: string, retentionMs: number, totalWrites: number): RawInfo {
  const base: RawInfo = {
    name,
    field: f,
    position,
    cardinality: 0,
    topShare: 0,
    bytes: { min: 0, typical: 0, max: 0 },
    charset: () => ANY,
    resolutionMs: null,
    isSalt: false,
    isTime: false,
    isSequential: false,
    varyingDigits: false,
  };
  // Every field has at least one value: an unbounded sequence with no load declared has written
  // nothing yet, and 0 (or NaN) would turn shares into Infinity and row sizes into NaN downstream.
  const done = (o: Partial<RawInfo>): RawInfo => {
    const r = Object.assign(base, o);
    if (!(r.cardinality >= 1)) r.cardinality = 1;
    if (!(r.topShare >= 0) || r.topShare > 1) r.topShare = Math.min(1, Math.max(0, r.topShare || 0));
    return r;
  };
  const lit = prefixSuffix === '' ? 0 : utf8Length(prefixSuffix);
  const withLit = (b: Bytes): Bytes => ({ min: b.min + lit, typical: b.typical + lit, max: b.max + lit });
  const cs = (make: () => Charset) => (): Charset => {
    const c = make();
    return c.any ? c : { any: false, chars: new Set([...c.chars, ...prefixSuffix]) };
  };
  switch (f.type) {
    case 'string': {
      if (f.values) {
        const lens = f.values.map((v) => utf8Length(v));
        const w = f.weights && f.weights.length === f.values.length ? f.weights : f.values.map(() => 1);
        const total = w.reduce((a, b) => a + b, 0) || 1;
        const typical = lens.reduce((a, l, i) => a + (l * w[i]!) / total, 0);
        const topShare = f.weights ? Math.max(...w) / total : topShareOf(f, f.values.length);
        return done({
          cardinality: f.values.length,
          topShare,
          bytes: withLit({ min: Math.min(...lens), typical, max: Math.max(...lens) }),
          charset: cs(() => charsOf(...(f.values ?? []))),
          isSequential: f.distribution === 'sequential',
        });
      }
      const card = f.distribution === 'sequential' ? Math.max(f.cardinality ?? 0, totalWrites) : (f.cardinality ?? 10_000);
      const len = utf8Length(f.prefix ?? '') + (f.length ?? 8);
      return done({
        cardinality: card,
        topShare: topShareOf(f, card),
        bytes: withLit({ min: len, typical: len, max: len }),
        charset: cs(() => charsOf(ALPHABET[f.alphabet ?? 'lower'], f.prefix ?? '')),
        isSequential: f.distribution === 'sequential',
      });
    }
    case 'int': {
      const min = f.min ?? 0;
      const span = f.cardinality ?? (f.max !== undefined ? f.max - min + 1 : 1_000_000);
      const sequential = f.distribution === 'sequential';
      // An auto-increment grows with the writes unless the design bounds it.
      const bounded = f.cardinality !== undefined || f.max !== undefined;
      const card = sequential && !bounded ? Math.max(span, totalWrites) : span;
      // A 64-bit integer stops at 2^63 - 1 (19 digits), however long the sequence runs.
      const max = f.max !== undefined ? f.max : Math.min(min + card - 1, INT64_MAX);
      let bytes: Bytes;
      let charset: () => Charset = () => ANY;
      let varying = false;
      if (f.encoding === 'bigEndian') bytes = { min: 8, typical: 8, max: 8 };
      else if (f.encoding === 'orderedCode') {
        const lo = encodeOrderedInt64(BigInt(Math.trunc(min))).length;
        const hi = encodeOrderedInt64(BigInt(Math.trunc(Math.min(max, Number.MAX_SAFE_INTEGER)))).length;
        bytes = { min: Math.min(lo, hi), typical: Math.max(lo, hi), max: Math.max(lo, hi) };
      } else {
        const dMin = Math.max(f.pad ?? 0, min < 0 ? 1 : digits(min));
        const dMax = Math.max(f.pad ?? 0, digits(max), digits(min));
        bytes = { min: Math.min(dMin, dMax), typical: dMax, max: dMax };
        charset = () => charsOf(DIGITS, min < 0 ? '-' : '');
        const width = (v: number) => Math.max(digits(v), f.pad ?? 0);
        varying = min < 0 || width(Math.max(min, 0)) !== width(max);
      }
      return done({
        cardinality: card,
        topShare: topShareOf(f, card),
        bytes: withLit(bytes),
        charset: cs(charset),
        isSequential: sequential,
        varyingDigits: varying,
      });
    }
    case 'timestamp': {
      const unitMs = UNIT_MS[f.unit ?? 'ms'];
      const resolutionMs = f.bucket ? BUCKET_MS[f.bucket] : unitMs;
      const card = Math.max(1, Math.ceil(retentionMs / resolutionMs));
      let bytes: Bytes;
      let charset: () => Charset;
      let varying = false;
      if (f.encoding === 'bigEndian') {
        bytes = { min: 8, typical: 8, max: 8 };
        charset = () => ANY;
      } else if (f.format === 'iso') {
        const n = { month: 7, week: 10, day: 10, hour: 13, minute: 16 }[f.bucket ?? 'minute'];
        const full = f.unit === 's' ? 20 : f.unit === 'us' ? 27 : 24;
        const len = f.bucket ? n : full;
        bytes = { min: len, typical: len, max: len };
        // 2026-11 / 2026-11-30 / 2026-11-30T09 / 2026-11-30T09:42 / full time with seconds.
        const extra = { month: '-', week: '-', day: '-', hour: '-T', minute: '-T:' }[f.bucket ?? 'minute'];
        charset = () => charsOf(DIGITS, f.bucket ? extra : f.unit === 's' ? '-T:Z' : '-T:.Z');
      } else {
        // Epoch numbers of today have 10 (s), 13 (ms) or 16 (us) digits; reversed ones 19.
        const len = f.reversed ? 19 : Math.max(f.pad ?? 0, { s: 10, ms: 13, us: 16 }[f.unit ?? 'ms']);
        bytes = { min: len, typical: len, max: len };
        charset = () => charsOf(DIGITS);
        varying = false;
      }
      // A timestamp is a clock: at any moment every write carries (nearly) the same value.
      return done({ cardinality: card, topShare: 1, bytes: withLit(bytes), charset: cs(charset), resolutionMs, isTime: true, varyingDigits: varying });
    }
    case 'uuid':
      // A v7 UUID starts with its millisecond time: new values sort after all others, as a
      // sequence does, so it leads a key like a timestamp (every write at the end).
      return done({
        cardinality: Infinity,
        topShare: 0,
        bytes: withLit({ min: 36, typical: 36, max: 36 }),
        charset: cs(() => charsOf(ALPHABET.hex, '-')),
        isSequential: f.version === 7,
      });
    case 'domain': {
      const card = f.cardinality ?? 10_000;
      return done({
        cardinality: card,
        topShare: topShareOf(f, card),
        bytes: withLit({ min: 4, typical: 16, max: 253 }),
        charset: cs(() => charsOf(ALPHABET.lower, DIGITS, '-.')),
        isSequential: f.distribution === 'sequential',
      });
    }
    case 'bytes': {
      const len = f.length ?? 8;
      return done({ cardinality: Math.pow(256, len), topShare: 0, bytes: withLit({ min: len, typical: len, max: len }), charset: () => ANY });
    }
    case 'hash': {
      const len = hashPad(f);
      return done({
        cardinality: f.buckets,
        topShare: 1 / f.buckets,
        bytes: withLit({ min: len, typical: len, max: len }),
        charset: cs(() => charsOf(DIGITS)),
        isSalt: true,
      });
    }
  }
}

/**
 * The table's declared write rates. `peak` (load.writesPerSecond) is what CPU, the simulator
 * and hot rows are judged at; `average` (load.averageWritesPerSecond, else the peak) is what
 * accumulates: stored bytes, growth, rows. An average alone is no peak: the peak stays unknown.
 */
export function declaredWrites(table: Table): { peak: number | null; average: number | null } {
  const load = effectiveLoad(table);
  const peak = load?.writesPerSecond ?? null;
  return { peak, average: load?.averageWritesPerSecond ?? bulkAverage(load) ?? peak };
}

/** The table's declared peak write rate within `design` (a table written with another takes that table's); null when none is declared. */
export function peakWrites(design: Design, table: Table): number | null {
  analyze(design);
  return declaredWrites(table).peak;
}

/** The load a table's writes follow: its own, or (with no rates of its own) the table it is written with. */
function effectiveLoad(table: Table): Table['load'] {
  // A table written with another (writtenWith) takes that table's rates unless it declares its own.
  return table.load?.writesPerSecond !== undefined || table.load?.averageWritesPerSecond !== undefined ? table.load : (inheritedLoad.get(table) ?? table.load);
}

/** A periodic bulk load's mean rate: bulkRows every bulkEvery; null unless both are declared. */
function bulkAverage(load: Table['load']): number | null {
  if (load?.writePattern !== 'bulk' || load.bulkRows === undefined) return null;
  const every = parseDuration(load.bulkEvery);
  return every === null ? null : load.bulkRows / (every / 1000);
}

/**
 * The most writes the table takes in any window of `windowMs`, by its write pattern. Sustained
 * writes run at the peak for the whole window; a burst at the peak for burstDuration; a bulk
 * load writes bulkRows per load (one load per bulkEvery), at most at the peak. The mean rate
 * bounds a window of a day or less by a day's writes (the mean is taken over a day or more).
 */
export function writesInWindow(table: Table, windowMs: number): number {
  const { peak, average } = declaredWrites(table);
  const load = effectiveLoad(table);
  const seconds = windowMs / 1000;
  const atPeak = peak === null ? Infinity : peak * seconds;
  const daily = load?.averageWritesPerSecond !== undefined || load?.writePattern === 'bulk' ? (average ?? Infinity) * Math.max(seconds, DAY / 1000) : Infinity;
  let n: number;
  const pattern = load?.writePattern ?? 'sustained';
  switch (pattern) {
    case 'sustained':
      n = Math.min(atPeak, daily);
      break;
    case 'burst': {
      const burst = parseDuration(load?.burstDuration);
      const oneBurst = burst === null || peak === null ? Infinity : peak * (Math.min(burst, windowMs) / 1000);
      n = Math.min(atPeak, Number.isFinite(daily) ? Math.max(oneBurst, daily) : oneBurst);
      break;
    }
    case 'bulk': {
      const every = parseDuration(load?.bulkEvery);
      const loads = every === null ? 1 : Math.max(1, Math.ceil(windowMs / every));
      n = Math.min(atPeak, load?.bulkRows === undefined ? daily : load.bulkRows * loads);
      break;
    }
    default:
      n = assertNever(pattern);
  }
  if (!Number.isFinite(n)) n = (average ?? 0) * seconds;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The load a table written with another inherits, set by analyze() for the design being analysed. */
const inheritedLoad = new WeakMap<Table, Table['load']>();

/** Table `t`, written with `base`, declares the writes of base's load (none: no base, or one without a load). */
function inherit(t: Table, base: Table | undefined): void {
  if (base?.load) inheritedLoad.set(t, base.load);
  else inheritedLoad.delete(t);
}

/**
 * The node count every table figure is planned on: the smallest cluster's (with replication every
 * cluster takes every write; an autoscaled cluster counts at maxNodes, model/instance.ts planNodes).
 */
function planNodesOf(inst: ReturnType<typeof instanceOf>): number {
  return Math.min(...inst.clusters.map((c) => c.planNodes));
}

function analyzeTable(table: Table, index: number, nodes: number): TableAnalysis {
  let layout: KeyLayout | null = null;
  let layoutError: string | null = null;
  try {
    layout = layoutOf(table.rowKey);
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    layoutError = e.message;
  }
  const retention = parseDuration(table.load?.retention);
  const retentionMs = retention ?? YEAR_MS;
  const rates = declaredWrites(table);
  const wps = rates.peak ?? 0;
  const averageWps = rates.average ?? 0;
  // The rows written over the retention: a volume, so at the average rate.
  const totalWrites = averageWps * (retentionMs / 1000);
  const fields: FieldInfo[] = [];
  if (layout) {
    layout.segments.forEach((seg) => {
      if (!seg.field) return;
      const f = table.rowKey.fields[seg.field];
      if (f) fields.push(fieldInfo(seg.field, f, fields.length, seg.prefix + seg.suffix, retentionMs, totalWrites));
    });
  }
  const sep = layout ? (layout.encoding === 'orderedCode' ? 2 : utf8Length(layout.delimiter ?? '')) : 0;
  const constants = layout ? layout.segments.filter((s) => !s.field).reduce((a, s) => a + utf8Length(s.prefix), 0) : 0;
  const gaps = layout ? Math.max(0, layout.segments.length - 1) * sep + constants : 0;
  const sum = (k: keyof Bytes) => fields.reduce((a, f) => a + f.bytes[k], gaps);
  const keyBytes = { min: sum('min'), typical: sum('typical'), max: sum('max') };

  const bytesPerWrite = cellBytesPerWrite(table);
  return {
    index,
    table,
    layout,
    layoutError,
    fields,
    keyBytes,
    writesPerSecond: wps,
    averageWritesPerSecond: averageWps,
    retentionMs,
    retentionGiven: retention !== null,
    retention: retention === null ? null : (table.load?.retention ?? null),
    bytesPerWrite,
    writesPerNode: wps / nodes,
    writeKind: table.load?.writeKind ?? 'insert',
    checkAndMutate: table.load?.checkAndMutate === true,
    readsPerSecond: table.load?.readsPerSecond ?? 0,
    plans: layout ? withReadFractions(planQueries(table, layout), table, fields) : [],
  };
}

/** Sets each plan's readFraction: the eq-matched fields the read cannot narrow by divide what it returns. */
function withReadFractions(plans: QueryPlan[], table: Table, fields: FieldInfo[]): QueryPlan[] {
  for (const p of plans) {
    const match = table.queries?.[p.index]?.match ?? {};
    let fraction = 1;
    for (const n of p.unusable) {
      const f = fields.find((x) => x.name === n);
      if (match[n] === 'eq' && f && Number.isFinite(f.cardinality) && f.cardinality >= 1) fraction /= f.cardinality;
    }
    if (fraction < 1 && Number.isFinite(fraction)) p.readFraction = fraction;
  }
  return plans;
}

/** Bytes one write adds: each column's cell (qualifier + timestamp + value), dynamic columns once. */
export function cellBytesPerWrite(table: Table): number {
  let total = 0;
  for (const fam of table.families ?? []) {
    const cols = fam.columns ?? [];
    if (cols.length === 0) total += 12 + fam.name.length + 64;
    for (const c of cols) total += utf8Length(c.qualifier) + fam.name.length + 12 + (c.valueBytes ?? (c.counter ? 8 : 64));
  }
  return total || 100;
}

/** The version bound of a GC rule, or null when it does not bound versions. */
export function maxVersionsOf(gc: GcRule | undefined): number | null {
  if (!gc) return null;
  if ('maxVersions' in gc) return gc.maxVersions;
  if ('maxAge' in gc) return null;
  if ('union' in gc) {
    const bounds = gc.union.map(maxVersionsOf).filter((x): x is number => x !== null);
    return bounds.length ? Math.min(...bounds) : null;
  }
  const bounds = gc.intersection.map(maxVersionsOf);
  return bounds.every((b) => b !== null) ? Math.max(...(bounds as number[])) : null;
}

// A table's analysis depends only on the table, its index and the node count; designs are
// immutable, so an edit re-analyses only the table it touched (rules cache per analysis too).
const tableCache = new WeakMap<Table, TableAnalysis & { nodes: number; inherited: Table['load'] | undefined }>();

function analyzeTableCached(t: Table, i: number, nodes: number): TableAnalysis {
  const hit = tableCache.get(t);
  const inherited = inheritedLoad.get(t);
  if (hit && hit.index === i && hit.nodes === nodes && hit.inherited === inherited) return hit;
  const fresh = Object.assign(analyzeTable(t, i, nodes), { nodes, inherited });
  tableCache.set(t, fresh);
  return fresh;
}

/** A continuous materialized view as the table it is: its key (the groupBy or index key fields of the source), the source's load and GC. */
const viewCache = new WeakMap<object, { source: Table; nodes: number; ta: TableAnalysis }>();

function viewTable(source: Table, v: NonNullable<Design['materializedViews']>[number]): Table | null {
  const keyFields = v.groupBy?.fields ?? v.index?.fields ?? [];
  const fields: Table['rowKey']['fields'] = {};
  const names: string[] = [];
  for (const k of keyFields) {
    const f = source.rowKey.fields[k];
    if (!f || f.type === 'hash') break;
    fields[k] = f;
    names.push(k);
  }
  if (!names.length) return null;
  if (v.index) {
    // An index row is keyed by the ordered values, then the source row key.
    for (const [k, f] of Object.entries(source.rowKey.fields)) {
      if (names.includes(k) || f.type === 'hash') continue;
      fields[k] = f;
      names.push(k);
    }
  }
  const gc = source.families?.length ? ({ union: source.families.map((f) => f.gc ?? { maxVersions: 2147483647 }) } as const) : undefined;
  const families: Table['families'] = v.groupBy
    ? [{ name: 'agg', aggregate: 'sum', ...(gc ? { gc } : {}), columns: v.groupBy.aggregations.map((a) => ({ qualifier: a.as, valueBytes: 8 })) }]
    : (source.families ?? []).filter((f) => v.index?.families?.includes(f.name));
  return {
    name: v.name,
    rowKey: { template: names.map((n) => `{${n}}`).join('#'), delimiter: '#', fields },
    families,
    ...(source.load ? { load: { ...source.load, readsPerSecond: undefined } } : {}),
  };
}

/**
 * The analyses of the continuous materialized views of `design` over `source`, in the design's
 * order, as analyze(design) makes them (each the table it is: the source's key fields, load and
 * GC; cached per view, source table and node count).
 */
export function viewAnalysesOver(design: Design, source: Table): TableAnalysis[] {
  if (!design.materializedViews?.length) return [];
  const nodes = planNodesOf(instanceOf(design));
  const out: TableAnalysis[] = [];
  for (const v of design.materializedViews) {
    if (v.table !== source.name) continue;
    const ta = viewAnalysis(v, source, nodes);
    if (ta) out.push(ta);
  }
  return out;
}

/** `named`: the first table of a name in `design`. */
function analyzeViews(design: Design, nodes: number, named: (name: string) => Table | undefined): ViewAnalysis[] {
  const out: ViewAnalysis[] = [];
  for (const v of design.materializedViews ?? []) {
    const source = named(v.table);
    if (!source) continue;
    const ta = viewAnalysis(v, source, nodes);
    if (!ta) continue;
    out.push({ name: v.name, source: v.table, kind: v.groupBy ? 'groupBy' : 'index', analysis: ta });
  }
  return out;
}

/** A continuous materialized view's analysis (null for a view that is not continuous, or has no key field of the source's). */
function viewAnalysis(v: NonNullable<Design['materializedViews']>[number], source: Table, nodes: number): TableAnalysis | null {
  if (!v.groupBy && !v.index) return null;
  const hit = viewCache.get(v);
  if (hit && hit.source === source && hit.nodes === nodes) return hit.ta;
  const table = viewTable(source, v);
  if (!table) return null;
  const ta = analyzeTable(table, -1, nodes);
  viewCache.set(v, { source, nodes, ta });
  return ta;
}

/**
 * Queries served elsewhere (servedBy): planned on the serving table's or view's key, their match
 * fields mapped by name. The table's analysis is then a copy whose plans say where each query is
 * served (the cached analysis of the table itself stays as it was).
 */
function routeQueries(tables: TableAnalysis[], views: ViewAnalysis[], named: (name: string) => TableAnalysis | undefined): TableAnalysis[] {
  return tables.map((ta) => {
    const queries = ta.table.queries ?? [];
    if (!queries.some((q) => q.servedBy !== undefined)) return ta;
    const servers = new Map<number, TableAnalysis>();
    const plans = ta.plans.map((p) => {
      const q = queries[p.index];
      if (!q?.servedBy || q.servedBy === ta.table.name) return p;
      const table = named(q.servedBy);
      const view = table ? undefined : views.find((v) => v.name === q.servedBy && v.source === ta.table.name);
      const server = table ?? view?.analysis;
      if (!server?.layout) return p;
      servers.set(p.index, server);
      const [routed] = withReadFractions([planQuery(server.table, server.layout, q, p.index)], server.table, server.fields);
      return { ...routed!, servedBy: { name: q.servedBy, kind: table ? ('table' as const) : ('view' as const) } };
    });
    return servers.size ? { ...ta, plans, servers } : ta;
  });
}

/** The names of other tables a table refers to (a companion written with it, a query served by another). */
export function refersTo(t: Table): string[] {
  const out: string[] = [];
  const written = (t as { writtenWith?: unknown }).writtenWith;
  if (typeof written === 'string') out.push(written);
  for (const q of t.queries ?? []) {
    const by = (q as { servedBy?: unknown }).servedBy;
    if (typeof by === 'string') out.push(by);
  }
  return out;
}

/** The tables of a design that refer to each name, by index. */
export function referrers(design: Pick<Design, 'tables'>): Map<string, number[]> {
  const m = new Map<string, number[]>();
  design.tables.forEach((t, i) => {
    for (const n of refersTo(t)) {
      const list = m.get(n);
      if (list) list.push(i);
      else m.set(n, [i]);
    }
  });
  return m;
}

/**
 * The tables an edit changes and, over and over, the tables that name one of them (their
 * analyses read the tables they name: a companion's writes, a served query's plan), ascending.
 * `names(i)`: the names table i had before and has after the edit.
 */
export function namingClosure(changed: readonly number[], refs: ReadonlyMap<string, readonly number[]>, names: (i: number) => readonly string[]): number[] {
  const out = new Set(changed);
  const todo = [...changed];
  while (todo.length) {
    for (const n of names(todo.pop()!)) {
      for (const j of refs.get(n) ?? []) {
        if (out.has(j)) continue;
        out.add(j);
        todo.push(j);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** What an edit's analysis looks up in the analysis of the design before it, built once per analysis. */
interface Lookup {
  /** The indices of the tables of each name, ascending. */
  byName: Map<string, number[]>;
  /** The tables written with another (their inherited load is set for each design analysed). */
  written: number[];
  /** The index of each one's base (the first other table of the name it is written with), or -1. */
  bases: number[];
}
const lookups = new WeakMap<DesignAnalysis, Lookup>();

function lookupOf(before: DesignAnalysis): Lookup {
  let hit = lookups.get(before);
  if (hit) return hit;
  const byName = new Map<string, number[]>();
  const written: number[] = [];
  before.tables.forEach((ta, i) => {
    const list = byName.get(ta.table.name);
    if (list) list.push(i);
    else byName.set(ta.table.name, [i]);
    if (ta.table.writtenWith !== undefined) written.push(i);
  });
  const bases = written.map((i) => {
    const t = before.tables[i]!.table;
    return byName.get(t.writtenWith!)?.find((j) => before.tables[j]!.table !== t) ?? -1;
  });
  hit = { byName, written, bases };
  lookups.set(before, hit);
  return hit;
}

/**
 * The analysis of `design`, an edit of the design `before` analyses in which only the tables at
 * `changed` differ (tables may be added at the end; the design outside `tables` is the same):
 * those tables are analysed, and those that name one of them (writtenWith, servedBy, and so on
 * through the tables naming those) analysed or routed again; the materialized views over them
 * are analysed again; every other table's analysis is kept. The same as analyze(design), at the
 * cost of the tables the edit reaches. `reach`: those tables (the changed ones and those naming
 * them, as namingClosure finds them), when the caller has found them already (editOf does).
 */
export function analyzeEdit(before: DesignAnalysis, design: Design, changed: readonly number[], reach?: readonly number[]): DesignAnalysis {
  if (design.tables.length < before.tables.length) return analyze(design);
  const look = lookupOf(before);
  const changedSet = new Set(changed);
  const namesOf = (i: number) => {
    const was = before.tables[i]?.table.name;
    const now = design.tables[i]!.name;
    return was === undefined || was === now ? [now] : [was, now];
  };
  // The first table of a name in the edited design, as analyze() finds it (`skip`: a table that is not its own base).
  const first = (name: string, skip?: Table): number => {
    let best = -1;
    for (const j of look.byName.get(name) ?? []) {
      if (changedSet.has(j) || design.tables[j] === skip) continue;
      best = j;
      break;
    }
    for (const j of changed) if ((best < 0 || j < best) && design.tables[j]!.name === name && design.tables[j] !== skip) best = j;
    return best;
  };
  // Every companion's inherited load, as analyze() sets it (a fix check may have set another's):
  // the base found before, unless the edit changed the companion or a table of the base's name.
  const changedNames = new Set(changed.flatMap(namesOf));
  const inheritFrom = (t: Table, b: number) => inherit(t, b < 0 ? undefined : design.tables[b]);
  look.written.forEach((i, k) => {
    const t = design.tables[i]!;
    if (!changedSet.has(i) && !changedNames.has(t.writtenWith!)) inheritFrom(t, look.bases[k]!);
  });
  for (const i of changed) {
    const t = design.tables[i]!;
    if (t.writtenWith !== undefined) inheritFrom(t, first(t.writtenWith, t));
  }
  for (const i of look.written) {
    const t = design.tables[i]!;
    if (!changedSet.has(i) && changedNames.has(t.writtenWith!)) inheritFrom(t, first(t.writtenWith!, t));
  }
  const again = reach ?? namingClosure(changed, referrers({ tables: before.tables.map((ta) => ta.table) }), namesOf);
  // A name two tables hold (an invalid design): analyzed whole, as the first of them decides.
  for (const name of new Set(again.flatMap(namesOf))) {
    const had = look.byName.get(name) ?? [];
    const kept = had.filter((j) => !changedSet.has(j)).length;
    if (had.length > 1 || kept + changed.filter((j) => design.tables[j]!.name === name).length > 1) return analyze(design);
  }
  const views = design.materializedViews?.length ? analyzeViews(design, before.nodes, (name) => design.tables[first(name)]) : before.views;
  const unrouted = (j: number) => analyzeTableCached(design.tables[j]!, j, before.nodes);
  const tables = before.tables.slice();
  // `again` holds every changed table, so every added one.
  for (const i of again) tables[i] = unrouted(i);
  const routed = routeQueries(
    again.map((i) => tables[i]!),
    views,
    (name) => {
      const j = first(name);
      return j < 0 ? undefined : unrouted(j);
    },
  );
  again.forEach((i, k) => {
    tables[i] = routed[k]!;
  });
  return { nodes: before.nodes, storage: before.storage, tables, views };
}

/**
 * The analysis of table `index` of `design` as analyze(design) makes it, but with its queries
 * planned on its own key (not routed to the table or view that serves them): its key fields,
 * sizes and rates, at the cost of that table (the exports' structured key reads its fields).
 */
export function analyzeTableOf(design: Design, index: number): TableAnalysis {
  const t = design.tables[index]!;
  if (t.writtenWith !== undefined)
    inherit(
      t,
      design.tables.find((x) => x.name === t.writtenWith && x !== t),
    );
  return analyzeTableCached(t, index, planNodesOf(instanceOf(design)));
}

/**
 * The analysis of `design`, an edit of the design `before` analyses that changes only the
 * instance (`instance`, `cluster`: clusters, nodes, storage, app profiles), not `tables` or the
 * views: the same as analyze(design). A table's analysis reads of the instance only the node
 * count (writesPerNode), so with another count each is copied with its own.
 */
export function analyzeInstanceEdit(before: DesignAnalysis, design: Design): DesignAnalysis {
  const inst = instanceOf(design);
  const nodes = planNodesOf(inst);
  if (nodes === before.nodes) return { ...before, storage: inst.storage };
  const copies = new Map<TableAnalysis, TableAnalysis>();
  const renode = (ta: TableAnalysis): TableAnalysis => {
    let copy = copies.get(ta);
    if (copy) return copy;
    copy = { ...ta, writesPerNode: ta.writesPerSecond / nodes };
    // A cached analysis says the count it was made for.
    if ('nodes' in ta) (copy as TableAnalysis & { nodes: number }).nodes = nodes;
    copies.set(ta, copy);
    if (ta.servers) copy.servers = new Map([...ta.servers].map(([i, s]) => [i, renode(s)]));
    return copy;
  };
  return {
    nodes,
    storage: inst.storage,
    tables: before.tables.map(renode),
    views: before.views.map((v) => ({ ...v, analysis: renode(v.analysis) })),
  };
}

export function analyze(design: Design): DesignAnalysis {
  const inst = instanceOf(design);
  const nodes = planNodesOf(inst);
  const byName = new Map<string, number[]>();
  design.tables.forEach((t, i) => {
    const list = byName.get(t.name);
    if (list) list.push(i);
    else byName.set(t.name, [i]);
  });
  const first = (name: string) => byName.get(name)?.[0] ?? -1;
  for (const t of design.tables) {
    if (t.writtenWith === undefined) continue;
    const b = byName.get(t.writtenWith)?.find((i) => design.tables[i] !== t);
    inherit(t, b === undefined ? undefined : design.tables[b]);
  }
  const views = analyzeViews(design, nodes, (name) => design.tables[first(name)]);
  const tables = design.tables.map((t, i) => analyzeTableCached(t, i, nodes));
  return { nodes, storage: inst.storage, tables: routeQueries(tables, views, (name) => tables[first(name)]), views };
}
