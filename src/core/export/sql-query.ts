// One GoogleSQL SELECT per declared query that returns exactly the query's rows: every `match`
// field and every `filter` is a predicate. With a row key schema the key fields are columns
// (`tenant = @tenant`); without one the read is the plan's `_key` range, half-open as the code
// export's key builders compute it (core/export/ranges.ts: a range's `to` is included at the
// field level, so the byte range ends at successor(...{to})), and a field matched after a gap
// is read out of `_key` with SPLIT when the key can be split. What cannot be said exactly makes
// the query a comment that says why: never a statement that returns other rows.
import type { KeyLayout } from '../keys/template';
import { tableWorkload } from '../capacity/workload';
import { rowsReadText } from '../capacity/bounds';
import { formatCount } from '../units';
import { analyze } from '../analysis/design';
import { planQuery, type QueryPlan } from '../analysis/query-plan';
import type { Design, Field, Query, Table } from '../model/schema';
import { hashPad } from '../keys/values';
import { reversesOrder, saltOf } from './ranges';
import { isBinary, type StructuredKey } from './row-key-schema';
import { filterSql, type SqlParam } from '../sql/filter';
import { LONG_MAX_SQL, sqlId, sqlString } from '../sql/text';

export interface QuerySql {
  /** Comment lines (without `-- `). */
  comments: string[];
  /** The SELECT (ending in `;`), or null when the query cannot be expressed. */
  statement: string | null;
  /** Parameters in the order a user passes them. */
  params: SqlParam[];
  /** Why the query is not a statement (empty when it is). */
  unexpressed: string[];
  /** Predicates per matched key field and per filter entry (what the corpus test checks). */
  predicates: { field: Record<string, string[]>; filter: Record<string, string> };
  /** What one run costs when the key does not serve the query (a full table scan, fields after a gap); null when it does. */
  cost: string | null;
}

const MAX_LISTED_SALTS = 64;

function structType(key: StructuredKey, field: string): string {
  const t = key.fields.find((f) => f.fieldName === field)?.type ?? {};
  return 'int64Type' in t ? 'INT64' : 'timestampType' in t ? 'TIMESTAMP' : 'bytesType' in t ? 'BYTES' : 'STRING';
}

/** A bound of a reversed timestamp: the column holds Long.MAX_VALUE minus the time. */
function reversedBound(colType: string, param: string): string {
  const n = `${LONG_MAX_SQL} - ${param}`;
  return colType === 'INT64' ? `(${n})` : `LPAD(CAST(${n} AS STRING), 19, '0')`;
}

interface FieldPred {
  preds: string[];
  params: SqlParam[];
  notes: string[];
  reason?: string;
}

/** The predicate(s) of one matched key field on the expression `col` of SQL type `colType`. */
function fieldPredicate(name: string, f: Field, m: 'eq' | 'prefix' | 'range', col: string, colType: string, wrap: (p: string) => string = (p) => p): FieldPred {
  const note = (role: string) => `${name}${role}${f.type === 'timestamp' && colType !== 'TIMESTAMP' ? ` (${f.unit ?? 'ms'} since 1970)` : ''}`;
  if (m === 'eq') {
    if (reversesOrder(f))
      return {
        preds: [`${col} = ${reversedBound(colType, `@${name}`)}`],
        params: [{ name, type: 'INT64', note: note('') }],
        notes: [`${name} is stored reversed (Long.MAX_VALUE - time): pass the time itself`],
      };
    return {
      preds: [`${col} = ${wrap(`@${name}`)}`],
      params: [{ name, type: colType, note: note(colType === 'STRING' && f.type !== 'string' ? ', as the key writes it' : '') }],
      notes: [],
    };
  }
  if (m === 'prefix') {
    if (colType !== 'STRING' && colType !== 'BYTES')
      return { preds: [], params: [], notes: [], reason: `${name} is matched by prefix but is an ${colType} in SQL, which has no prefix` };
    return {
      preds: [`STARTS_WITH(${col}, ${wrap(`@${name}_prefix`)})`],
      params: [{ name: `${name}_prefix`, type: colType, note: `text ${name} starts with` }],
      notes: [],
    };
  }
  const from = { name: `${name}_from`, type: reversesOrder(f) ? 'INT64' : colType, note: note(' from, included') };
  const to = { name: `${name}_to`, type: reversesOrder(f) ? 'INT64' : colType, note: note(' to, included') };
  if (reversesOrder(f)) {
    return {
      preds: [`${col} >= ${reversedBound(colType, `@${name}_to`)} AND ${col} <= ${reversedBound(colType, `@${name}_from`)}`],
      params: [from, to],
      notes: [
        `${name} is stored reversed (Long.MAX_VALUE - time), so in key order the bounds are reversed and swapped: @${name}_to gives the lower bound, @${name}_from the upper`,
      ],
    };
  }
  return { preds: [`${col} >= ${wrap(`@${name}_from`)} AND ${col} <= ${wrap(`@${name}_to`)}`], params: [from, to], notes: [] };
}

/** Whether a field can be read out of `_key` with SPLIT (text, delimited, no delimiter in values). */
export function splittable(design: Design, table: Table, layout: KeyLayout, name: string): boolean {
  const f = table.rowKey.fields[name];
  if (!f || isBinary(f) || layout.encoding !== 'delimited' || layout.delimiter === null) return false;
  const ti = design.tables.indexOf(table);
  const info = ti >= 0 ? analyze(design).tables[ti]?.fields.find((x) => x.name === name) : undefined;
  if (!info || info.charset.any) return false;
  return ![...info.charset.chars].some((c) => c.includes(layout.delimiter!) || layout.delimiter!.includes(c));
}

/** Whether key order is newest first for this query: the first key field it leaves open is a reversed time. */
function keyIsNewestFirst(table: Table, layout: KeyLayout, q: Query): string | null {
  for (const n of layout.fields) {
    const f = table.rowKey.fields[n]!;
    const m = q.match?.[n];
    if (f.type === 'hash' || m === 'eq') continue;
    return reversesOrder(f) ? n : null;
  }
  return null;
}

// Counts as every surface prints them: grouped, "over 10^15" past the bound (units.ts).
const count = formatCount;

/** Rows one run of the query reads (the capacity model's figure), or null when the table's size is not known; and the bytes of one row read. */
function rowsPerRun(design: Design, table: Table, index: number): { rows: number | null; readBytes: number } {
  const ti = design.tables.indexOf(table);
  const ta = ti >= 0 ? analyze(design).tables[ti] : undefined;
  const q = ta ? tableWorkload(ta).queries.find((x) => x.index === index) : undefined;
  const r = q?.rowsPerRequest;
  return { rows: r !== null && r !== undefined && Number.isFinite(r) ? r : null, readBytes: q?.readBytes ?? 1024 };
}

/**
 * The cost comment of a query the key does not serve well: a full table scan, or a read whose
 * matched fields after a gap in the key only filter what it reads. Null for a query the key serves.
 */
export function queryCost(design: Design, table: Table, q: Query, plan: QueryPlan): string | null {
  const gap = plan.unusable.filter((n) => q.match?.[n]);
  const filterOnly = plan.kind === 'full-scan' || (plan.leading.length === 0 && plan.fanout.length === 0);
  if (!filterOnly && gap.length === 0) return null;
  // Served elsewhere: the application reads it from that table or view, whose cost the plan gives.
  if (q.servedBy !== undefined && q.servedBy !== table.name) {
    return `Cost: on ${table.name} this statement is ${plan.kind === 'full-scan' ? 'a full table scan' : `a read filtered by ${gap.join(', ')} after a gap in the key`}; the design serves the query from ${q.servedBy} (servedBy), whose key reads it: query that instead.`;
  }
  const { rows, readBytes } = rowsPerRun(design, table, plan.index);
  const perRun =
    rows === null ? `every row of ${table.name} (how many is not known: declare load.writesPerSecond and a retention)` : `about ${count(rows)} rows`;
  // Past what 1,000 nodes serve, the rate says so instead of a figure (capacity/bounds.ts).
  const rate = rows !== null && q.perSecond ? `, ${rowsReadText(rows * q.perSecond, readBytes)} at ${q.perSecond.toLocaleString('en-US')} runs/s` : '';
  const limit = q.limit ? ` to return at most ${count(q.limit)}` : '';
  if (plan.kind === 'full-scan') {
    const by = Object.keys(q.match ?? {});
    return `Cost: full table scan. Each run reads ${perRun}${rate}${limit}; the WHERE keeps the rows the query wants. No key field narrows the read: a table or materialized view keyed by ${by.length ? by.join(', ') : 'what the query filters on'} would serve it ("Schema design best practices").`;
  }
  return `Cost: each run reads ${perRun}${rate}${limit} (the ${plan.kind} ${plan.scans > 1 ? `of ${plan.scans} key ranges ` : ''}the bound key fields select); ${gap.join(', ')} ${gap.length === 1 ? 'comes' : 'come'} after a gap in the key, so ${gap.length === 1 ? 'it filters' : 'they filter'} the rows read instead of narrowing the read.`;
}

/** The first key field the query leaves open (not bound by eq, not a salt): the one key order sorts its rows by. */
function firstOpenField(table: Table, layout: KeyLayout, q: Query): string | null {
  for (const n of layout.fields) {
    const f = table.rowKey.fields[n]!;
    if (f.type === 'hash' || q.match?.[n] === 'eq') continue;
    return n;
  }
  return null;
}

/**
 * An ORDER BY expression (ascending: GoogleSQL for Bigtable's "Query syntax" has no DESC) that
 * puts the newest rows of time field `name` first, or null when SQL cannot say it exactly: a
 * reversed time ascends as time falls; an epoch number, negated; an ISO text or a bucketed time
 * (many rows share one value) is left to the key order.
 */
function newestFirstOrder(name: string, f: Field, colType: string): string | null {
  if (f.type !== 'timestamp' || f.bucket) return null;
  const col = sqlId(name);
  if (reversesOrder(f)) return colType === 'INT64' || colType === 'STRING' ? col : null;
  if (colType === 'INT64') return `-${col}`;
  if (colType === 'TIMESTAMP') return `-UNIX_MICROS(${col})`;
  if (colType === 'STRING' && f.format !== 'iso') return `-CAST(${col} AS INT64)`;
  return null;
}

export function querySql(design: Design, table: Table, layout: KeyLayout, key: StructuredKey | null, q: Query, index: number): QuerySql {
  const plan = planQuery(table, layout, q, index);
  const fields = table.rowKey.fields;
  const where: string[] = [];
  const params: SqlParam[] = [];
  const comments: string[] = [];
  const unexpressed: string[] = [];
  const predicates: QuerySql['predicates'] = { field: {}, filter: {} };
  const add = (name: string, r: FieldPred, how: string) => {
    if (r.reason) return unexpressed.push(r.reason);
    where.push(...r.preds);
    if (how) comments.push(`${name}: ${how}`);
    predicates.field[name] = r.preds;
    for (const p of r.params) if (!params.some((x) => x.name === p.name)) params.push(p);
    comments.push(...r.notes);
  };
  const narrows = (n: string) => plan.leading.includes(n);

  if (key) {
    for (const { field, buckets } of plan.fanout) {
      const f = fields[field];
      if (f?.type !== 'hash' || buckets > MAX_LISTED_SALTS) continue;
      const values = Array.from({ length: buckets }, (_, i) => sqlString(String(i).padStart(hashPad(f), '0')));
      where.push(`${sqlId(field)} IN (${values.join(', ')})`);
      comments.push(`${field}: every salt bucket, ${buckets} key ranges`);
    }
    for (const n of layout.fields) {
      const f = fields[n]!;
      const m = q.match?.[n];
      const col = sqlId(n);
      if (f.type === 'hash') {
        if (m === 'eq' || plan.leading.includes(n)) {
          where.push(`${col} = @${n}`);
          predicates.field[n] = [`${col} = @${n}`];
          params.push({
            name: n,
            type: structType(key, n),
            note: `the salt: FNV-1a of ${saltOf(layout, fields, n).join(', ')} modulo ${f.buckets} (the code export's key builder computes it)`,
          });
        }
        continue;
      }
      if (!m) continue;
      add(n, fieldPredicate(n, f, m, col, structType(key, n)), narrows(n) ? '' : 'after a gap in the key: filters the rows read');
    }
  } else {
    if (plan.scans > 1) comments.push(`run once per salt value (${plan.scans} scans; the key builder lists the ranges)`);
    const inputs = plan.leading
      .filter((n) => fields[n]?.type !== 'hash' || q.match?.[n])
      .flatMap((n) =>
        fields[n]?.type === 'hash' ? [] : q.match?.[n] === 'range' ? [`${n} from`, `${n} to`] : q.match?.[n] === 'prefix' ? [`${n} prefix`] : [n],
      );
    const from = `the code export's key builder, from ${inputs.join(', ') || 'nothing'}`;
    if (plan.kind === 'point') {
      where.push('_key = @key');
      params.push({ name: 'key', type: 'BYTES', note: `the row key ${plan.start}, from ${from}` });
    } else if (plan.kind === 'range' || (plan.kind === 'multi-scan' && !plan.end.startsWith('successor('))) {
      where.push('_key >= @start AND _key < @end');
      const end = plan.end.startsWith('successor(') ? plan.end : `successor(${plan.end})`;
      params.push(
        { name: 'start', type: 'BYTES', note: `${plan.start} (included), from ${from}` },
        { name: 'end', type: 'BYTES', note: `${end} (excluded), from ${from}` },
      );
      const last = plan.leading[plan.leading.length - 1];
      if (last && q.match?.[last] === 'range')
        comments.push(`half-open [@start, @end): @end is the successor of the "${last} to" prefix, so ${last} to is included, as in the code export`);
      if (plan.leading.some((n) => fields[n] && reversesOrder(fields[n]!) && q.match?.[n] === 'range')) {
        comments.push(
          'a reversed time in the key: the key builder reverses and swaps from and to, so @start holds the reversed "to" and @end the successor of the reversed "from"',
        );
      }
    } else if (plan.kind !== 'full-scan') {
      where.push('STARTS_WITH(_key, @key_prefix)');
      params.push({ name: 'key_prefix', type: 'BYTES', note: `${plan.start}, from ${from}` });
    }
    if (where.length) for (const n of plan.leading) predicates.field[n] = [where[0]!];
    for (const n of plan.unusable) {
      const f = fields[n];
      const m = q.match?.[n];
      if (!f || !m) continue;
      if (!splittable(design, table, layout, n)) {
        unexpressed.push(
          `${n} is matched after a gap in the key, and without a row key schema SQL cannot read it out of _key (it is binary, or its values can hold the delimiter)`,
        );
        continue;
      }
      const seg = layout.segments.findIndex((s) => s.field === n);
      const s = layout.segments[seg]!;
      const col = `SPLIT(SAFE_CONVERT_BYTES_TO_STRING(_key), ${sqlString(layout.delimiter!)})[SAFE_OFFSET(${seg})]`;
      const wrap = (p: string) =>
        s.prefix || s.suffix ? `CONCAT(${[s.prefix && sqlString(s.prefix), p, s.suffix && sqlString(s.suffix)].filter(Boolean).join(', ')})` : p;
      if (reversesOrder(f) || f.type === 'int' || (f.type === 'timestamp' && f.format !== 'iso')) {
        if (m !== 'eq' || reversesOrder(f)) {
          unexpressed.push(`${n} is a number in the key matched after a gap by ${m}; without a row key schema SQL compares it as text`);
          continue;
        }
      }
      add(n, fieldPredicate(n, f, m, col, 'STRING', wrap), 'after a gap in the key: read out of _key');
    }
  }
  for (const entry of q.filter ?? []) {
    const r = filterSql(table, entry);
    if (!r.ok) {
      unexpressed.push(r.reason);
      continue;
    }
    where.push(r.predicate);
    predicates.filter[entry] = r.predicate;
    for (const p of r.params) params.push(p);
  }
  let orderBy: string | null = null;
  if (q.order === 'newest') {
    const rev = keyIsNewestFirst(table, layout, q);
    const time = firstOpenField(table, layout, q);
    // Several key ranges (salt buckets) come one after another: LIMIT would take the first bucket's newest.
    const ranges = plan.fanout.length > 0 && plan.fanout.every((x) => !plan.leading.includes(x.field));
    const sorted = key && q.limit && time && (!rev || ranges) ? newestFirstOrder(time, fields[time]!, structType(key, time)) : null;
    if (sorted) {
      orderBy = sorted;
      comments.push(
        rev
          ? `newest first: ${rev} is a reversed time, but the ${plan.scans} key ranges come one after another, so ORDER BY ${sorted} merges them newest first before LIMIT ${q.limit}`
          : `newest first: key order is oldest first, so ORDER BY ${sorted} (GoogleSQL for Bigtable orders ascending only; the negated time puts the newest first) sorts the rows read before LIMIT ${q.limit}`,
      );
    } else if (rev && !(ranges && q.limit)) comments.push(`newest first: ${rev} is a reversed time, so key order is newest first`);
    else if (q.limit)
      unexpressed.push(
        `the query wants the newest ${q.limit} rows first, but key order is not newest first${ranges ? ` across its ${plan.scans} key ranges` : ' (no reversed time after the bound fields)'} and SQL cannot sort by its time exactly, so LIMIT ${q.limit} would return others`,
      );
    else comments.push('newest first: rows come in key order (oldest first); sort them in the client');
  }

  const families = (table.families ?? []).map((f) => sqlId(f.name));
  let statement: string | null = null;
  if (!unexpressed.length) {
    const lines = [`SELECT ${['_key', ...families].join(', ')}`, `FROM ${sqlId(table.name)}`];
    if (where.length) lines.push(`WHERE ${where.join('\n  AND ')}`);
    if (orderBy) lines.push(`ORDER BY ${orderBy}`);
    if (q.limit) lines.push(`LIMIT ${q.limit}`);
    statement = `${lines.join('\n')};`;
  }
  return { comments, statement, params, unexpressed, predicates, cost: queryCost(design, table, q, plan) };
}
