// Checks of view SQL by structure (tokens.ts), against Google's published rules:
// - "Continuous materialized view queries": a SELECT of `expression AS alias` items FROM one
//   table, an optional WHERE, and GROUP BY (pre-aggregation) or ORDER BY (an asynchronous
//   secondary index), not both; only the supported aggregations (COUNT, SUM, MIN, MAX,
//   HLL_COUNT.INIT, HLL_COUNT.MERGE, HLL_COUNT.MERGE_PARTIAL, ANY_VALUE, BIT_AND, BIT_OR,
//   BIT_XOR, AVG); none of ARRAY, ARRAY_AGG, ARRAY_CONCAT_AGG, COUNT_IF, non-deterministic
//   functions, DESC, DISTINCT, LIMIT/OFFSET, SELECT *, OVER, STRUCT.
// - "GoogleSQL for Bigtable reference": SELECT statements only; no JOIN, UNION or CTEs.
import { RESERVED } from '../../sql/text';
import type { Design } from '../../model/schema';
import { balanced, splitTopLevel, SqlSyntaxError, tokenize, topLevel, type Token } from '../../sql/tokens';

export const MV_AGGREGATIONS = [
  'COUNT',
  'SUM',
  'MIN',
  'MAX',
  'HLL_COUNT.INIT',
  'HLL_COUNT.MERGE',
  'HLL_COUNT.MERGE_PARTIAL',
  'ANY_VALUE',
  'BIT_AND',
  'BIT_OR',
  'BIT_XOR',
  'AVG',
];
/** Aggregate functions of GoogleSQL that continuous materialized views do not support. */
const OTHER_AGGREGATES = [
  'ARRAY_AGG',
  'ARRAY_CONCAT_AGG',
  'COUNT_IF',
  'COUNTIF',
  'STRING_AGG',
  'LOGICAL_AND',
  'LOGICAL_OR',
  'APPROX_COUNT_DISTINCT',
  'APPROX_QUANTILES',
  'APPROX_TOP_COUNT',
  'APPROX_TOP_SUM',
  'STDDEV',
  'VARIANCE',
  'CORR',
];
/** ARRAY_AGG is the inverted index people reach for first: say what works instead. */
const ARRAY_AGG_PROBLEM = 'uses ARRAY_AGG (unsupported): use an ORDER BY index view or a logical view';
/** The longer answer to ARRAY_AGG, for the finding's detail. */
export const ARRAY_AGG_HELP =
  "Continuous materialized views support COUNT, SUM, MIN, MAX, AVG, ANY_VALUE, the HLL_COUNT functions and BIT_AND/OR/XOR, not ARRAY_AGG. An inverted index that works: an ORDER BY view with one row per value, its qualifier and the source _key (SELECT CAST(fam['q'] AS STRING) AS value, _key AS source_key FROM t ORDER BY value, source_key), read by a prefix of the value; or keep the ARRAY_AGG query as a logical view, computed when it is read.";
const NON_DETERMINISTIC = ['CURRENT_TIME', 'CURRENT_TIMESTAMP', 'CURRENT_DATE', 'CURRENT_DATETIME', 'RAND', 'GENERATE_UUID', 'NOW'];

export interface SelectShape {
  /** The one FROM table (unquoted text), or null. */
  table: string | null;
  /** Output column aliases, in SELECT order ('' when an item has none). */
  aliases: string[];
  /** The expression of each SELECT item, as text. */
  exprs: string[];
  /** GROUP BY or ORDER BY items as text: the view's key, in order. */
  key: string[];
  form: 'group' | 'order' | 'plain';
}

const text = (ts: readonly Token[]) =>
  ts
    .map((t) => (t.kind === 'quoted' ? t.text : t.kind === 'string' ? `'${t.text}'` : t.kind === 'param' ? `@${t.text}` : t.text))
    .join(' ')
    .replace(/ ([.,)\]]) ?/g, '$1')
    .replace(/ ?([.([]) /g, '$1');

/** Problems of a SELECT as a GoogleSQL for Bigtable query, and its shape. */
export function checkSelect(sql: string, design: Design | null): { problems: string[]; shape: SelectShape | null; tokens: Token[] } {
  let tokens: Token[];
  try {
    tokens = tokenize(sql);
  } catch (e) {
    if (e instanceof SqlSyntaxError) return { problems: [e.message], shape: null, tokens: [] };
    throw e;
  }
  const problems: string[] = [];
  while (tokens.length && tokens[tokens.length - 1]!.kind === 'symbol' && tokens[tokens.length - 1]!.text === ';') tokens = tokens.slice(0, -1);
  if (tokens.some((t) => t.kind === 'symbol' && t.text === ';')) problems.push('holds more than one statement (a ; before the end)');
  if (tokens[0]?.kind !== 'word' || tokens[0].upper !== 'SELECT')
    return { problems: [...problems, 'is not a SELECT statement (GoogleSQL for Bigtable runs SELECT only)'], shape: null, tokens };
  if (!balanced(tokens)) problems.push('has unbalanced parentheses or brackets');
  // JOIN is supported only with UNNEST (an array of the row): `CROSS JOIN UNNEST(...)`.
  if (topLevel(tokens, 'JOIN').some((i) => tokens[i + 1]?.kind !== 'word' || (tokens[i + 1] as { upper: string }).upper !== 'UNNEST'))
    problems.push('uses JOIN, which GoogleSQL for Bigtable does not support (except JOIN UNNEST of an array)');
  for (const w of ['UNION', 'INSERT', 'UPDATE', 'DELETE', 'CREATE', 'DROP'])
    if (topLevel(tokens, w).length) problems.push(`uses ${w}, which GoogleSQL for Bigtable does not support`);
  if (tokens[0] && topLevel(tokens, 'WITH')[0] === 0) problems.push('uses a WITH clause (CTE), which GoogleSQL for Bigtable does not support');
  const from = topLevel(tokens, 'FROM');
  if (from.length !== 1) return { problems: [...problems, from.length ? 'has more than one FROM' : 'has no FROM table'], shape: null, tokens };
  const clauses = ['WHERE', 'GROUP', 'ORDER', 'HAVING', 'LIMIT'].map((w) => topLevel(tokens, w)[0] ?? Infinity);
  const fromEnd = Math.min(...clauses, tokens.length);
  const fromItems = splitTopLevel(tokens.slice(from[0]! + 1, fromEnd));
  // `FROM t, UNNEST(...) alias` is a join with an array of the row, not a second table.
  if (fromItems.slice(1).some((it) => !isUnnest(it))) problems.push('reads more than one table (a comma in FROM)');
  const source = sourceTable(fromItems[0] ?? []);
  const table = source.table;
  if (source.problem) problems.push(source.problem);
  else if (!table) problems.push('has no table name after FROM');
  else if (source.reserved) problems.push(`reads the table ${table}, a reserved word: quote it with backticks`);
  else if (design && !design.tables.some((t) => t.name === table)) problems.push(`reads table ${JSON.stringify(table)}, which the design does not have`);
  const items = splitTopLevel(tokens.slice(1, from[0]!));
  const aliases = items.map((it) => {
    const as = it.findIndex((t, k) => t.kind === 'word' && t.upper === 'AS' && k === it.length - 2);
    const last = it[it.length - 1];
    if (as >= 0) return last!.text;
    return it.length === 1 && last && (last.kind === 'word' || last.kind === 'quoted') ? last.text : '';
  });
  const exprs = items.map((it) => {
    const as = it.findIndex((t, k) => t.kind === 'word' && t.upper === 'AS' && k === it.length - 2);
    return text(as >= 0 ? it.slice(0, as) : it);
  });
  const group = topLevel(tokens, 'GROUP')[0];
  const order = topLevel(tokens, 'ORDER')[0];
  const keyAt = group ?? order;
  let key: string[] = [];
  if (keyAt !== undefined) {
    const end = Math.min(
      ...['HAVING', 'LIMIT', ...(group !== undefined ? ['ORDER'] : [])].map((w) => topLevel(tokens, w).find((i) => i > keyAt) ?? Infinity),
      tokens.length,
    );
    // GROUP BY 1, 2 names SELECT items by position: the key is their aliases.
    key = splitTopLevel(tokens.slice(keyAt + 2, end))
      .map(text)
      .map((k) => (/^[1-9]\d*$/.test(k) && aliases[Number(k) - 1] ? aliases[Number(k) - 1]! : k));
  }
  return { problems, shape: { table, aliases, exprs, key, form: group !== undefined ? 'group' : order !== undefined ? 'order' : 'plain' }, tokens };
}

/**
 * GoogleSQL table functions ("Table functions (built in)") that read a table: UNPACK flattens
 * the history a temporal filter returns into one row per cell version.
 */
const TABLE_FUNCTIONS = new Set(['UNPACK']);

const isUnnest = (it: readonly Token[]) => it[0]?.kind === 'word' && it[0].upper === 'UNNEST' && it[1]?.text === '(';

/** The tokens inside the parentheses that open at `open` (exclusive), or null when unclosed. */
function inside(tokens: readonly Token[], open: number): Token[] | null {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'symbol' && (t.text === '(' || t.text === '[')) depth++;
    else if (t.kind === 'symbol' && (t.text === ')' || t.text === ']') && --depth === 0) return tokens.slice(open + 1, i);
  }
  return null;
}

/**
 * The table a FROM item reads, as GoogleSQL reads it: a table name; a table with a temporal
 * filter (`messages(WITH_HISTORY => TRUE)`, "Temporal filters"); a table function over one
 * (`UNPACK((SELECT * FROM messages(WITH_HISTORY => TRUE)))`).
 */
function sourceTable(item: readonly Token[], depth = 0): { table: string | null; reserved?: boolean; problem?: string } {
  const first = item[0];
  if (!first || depth > 8) return { table: null };
  if (first.kind === 'symbol' && first.text === '(') {
    const body = inside(item, 0);
    if (!body) return { table: null };
    if (body[0]?.kind === 'word' && body[0].upper === 'SELECT') {
      const from = topLevel(body, 'FROM');
      if (from.length !== 1) return { table: null, problem: 'has a subquery without one FROM' };
      const end = Math.min(...['WHERE', 'GROUP', 'ORDER', 'HAVING', 'LIMIT'].map((w) => topLevel(body, w)[0] ?? Infinity), body.length);
      return sourceTable(splitTopLevel(body.slice(from[0]! + 1, end))[0] ?? [], depth + 1);
    }
    return sourceTable(body, depth + 1);
  }
  if (first.kind === 'word' && TABLE_FUNCTIONS.has(first.upper) && item[1]?.text === '(') {
    const args = inside(item, 1);
    return args ? sourceTable(splitTopLevel(args)[0] ?? [], depth + 1) : { table: null };
  }
  if (first.kind !== 'word' && first.kind !== 'quoted') return { table: null };
  // A name followed by ( is the table with a temporal filter (with_history, latest_n, as_of, ...).
  return { table: first.text, reserved: first.kind === 'word' && RESERVED.has(first.upper) };
}

/** Function names called in the tokens (HLL_COUNT.MERGE as one name). */
function calls(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (t.kind !== 'word' || tokens[i + 1]?.text !== '(') return;
    const prev = tokens[i - 1];
    if (prev?.text === '.' && tokens[i - 2]?.kind === 'word') out.push(`${(tokens[i - 2] as { upper: string }).upper}.${t.upper}`);
    else out.push(t.upper);
  });
  return out;
}

/** Problems of a continuous materialized view query, and its shape (the view key). */
export function checkMaterializedView(sql: string, design: Design | null): { problems: string[]; shape: SelectShape | null } {
  const { problems, shape, tokens } = checkSelect(sql, design);
  if (!shape) return { problems, shape };
  const fns = calls(tokens);
  for (const f of new Set(fns)) {
    if (f === 'ARRAY_AGG') problems.push(ARRAY_AGG_PROBLEM);
    else if (OTHER_AGGREGATES.includes(f)) problems.push(`uses ${f}, which continuous materialized views do not support`);
    if (NON_DETERMINISTIC.includes(f)) problems.push(`uses ${f}, a non-deterministic function, which continuous materialized views do not support`);
  }
  if (tokens.some((t, i) => t.kind === 'word' && t.upper === 'ARRAY' && tokens[i + 1]?.text !== '_'))
    problems.push('uses ARRAY, which continuous materialized views do not support');
  for (const w of ['DISTINCT', 'OVER', 'STRUCT', 'DESC', 'LIMIT', 'OFFSET'])
    if (tokens.some((t) => t.kind === 'word' && t.upper === w)) problems.push(`uses ${w}, which continuous materialized views do not support`);
  if (tokens[1]?.text === '*') problems.push('selects *, which continuous materialized views do not support: name each column with an alias');
  const group = topLevel(tokens, 'GROUP').length > 0;
  const order = topLevel(tokens, 'ORDER').length > 0;
  if (group && order) problems.push('has both GROUP BY and ORDER BY; a view has one (GROUP BY aggregates, ORDER BY indexes)');
  else if (!group && !order) problems.push('has neither GROUP BY nor ORDER BY; a continuous materialized view groups (GROUP BY) or indexes (ORDER BY)');
  const aggs = fns.filter((f) => MV_AGGREGATIONS.includes(f));
  if (order && !group && aggs.length) problems.push(`aggregates (${aggs[0]}) in an ORDER BY (secondary index) view; aggregations need GROUP BY`);
  if (order && !group && !shape.key.some((k) => k === '_key' || shape.exprs[shape.aliases.indexOf(k)] === '_key'))
    problems.push('is an ORDER BY index without the source row key (_key), so rows with equal values collide');
  if (shape.aliases.some((a) => a === '')) problems.push('has a SELECT item without an alias (write expression AS alias)');
  return { problems, shape };
}
