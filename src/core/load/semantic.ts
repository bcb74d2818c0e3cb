// Cross-field rules of the format that a per-field schema cannot say: the template and the
// fields agree, names are unique, options fit their field. (Design advice, such as "do not
// lead with a timestamp", belongs to the validator's rules, not here.)
import type { Design, Field, Table } from '../model/schema';
import type { PathPart } from '../model/positions';
import { layoutOf, TemplateError } from '../keys/template';
import { utf8 } from '../keys/bytes';
import { exampleValue } from '../keys/generate';
import { decodeValue, encodeValue } from '../keys/values';
import { instanceIssues } from '../model/instance-semantic';
import { filterIssue } from '../sql/filter';
import { SqlSyntaxError, tokenize, type Token } from '../sql/tokens';

export interface SemanticIssue {
  path: PathPart[];
  message: string;
  atKey?: boolean;
}

/**
 * `only`: the indices of the tables to check one by one (the others are known to pass, as the
 * fix check knows of the tables a fix did not touch); the checks across tables see every table,
 * but for the names when `keptNames` is given: the tables' names, which the edit kept (it renamed
 * and added no table), so they are unique as before. `viewsKept`: the views are those of the
 * design before the edit, which passed; with the names kept, they pass again.
 */
export function semanticIssues(
  design: Design,
  only?: ReadonlySet<number>,
  fragment = false,
  keptNames?: ReadonlySet<string>,
  viewsKept = false,
): SemanticIssue[] {
  const out: SemanticIssue[] = [];
  // The tables to check one by one, ascending.
  const each = only ? [...only].sort((a, b) => a - b) : design.tables.map((_, ti) => ti);
  controlChars(design.name, ['name'], out);
  for (const ti of each) (design.tables[ti]!.queries ?? []).forEach((q, qi) => controlChars(q.name, ['tables', ti, 'queries', qi, 'name'], out));
  if (!keptNames) {
    duplicates(
      design.tables.map((t) => t.name),
      (i, name) => out.push({ path: ['tables', i, 'name'], message: `table "${name}" is defined twice; table ids are unique in an instance` }),
    );
  }
  for (const ti of each) tableIssues(design.tables[ti]!, ['tables', ti], out, design);
  // Names kept: the other tables name the same tables as before, which they named rightly.
  routeIssues(design, out, only && keptNames ? each : undefined, keptNames);
  for (const ti of each) writePatternIssues(design.tables[ti]!, ['tables', ti, 'load'], out);
  out.push(...instanceIssues(design, each));
  if (!(only && keptNames && viewsKept)) viewIssues(design, out, fragment, keptNames);
  return out;
}

/** A write pattern's own settings belong to that pattern: a burst length on a bulk load says nothing. */
function writePatternIssues(t: Table, at: PathPart[], out: SemanticIssue[]): void {
  const load = t.load;
  if (!load) return;
  const pattern = load.writePattern ?? 'sustained';
  const owner = { burstDuration: 'burst', bulkRows: 'bulk', bulkEvery: 'bulk' } as const;
  for (const key of ['burstDuration', 'bulkRows', 'bulkEvery'] as const) {
    if (load[key] !== undefined && pattern !== owner[key])
      out.push({ path: [...at, key], message: `${key} applies to writePattern: ${owner[key]}, but this load is ${pattern}` });
  }
}

const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const codePoint = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Names that are shown, exported and used as file names hold no control characters. */
function controlChars(name: string, path: PathPart[], out: SemanticIssue[]): void {
  const m = CONTROL.exec(name);
  if (m) out.push({ path, message: `a name cannot hold control characters (found ${codePoint(m[0])} at character ${m.index + 1})` });
}

/** Names for a message: all of a few, the first 20 of many. */
const listed = (names: readonly string[]) => (names.length <= 20 ? names.join(', ') : `${names.slice(0, 20).join(', ')} and ${names.length - 20} more`);

const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

function duplicates(names: string[], report: (index: number, name: string) => void): void {
  const seen = new Set<string>();
  names.forEach((n, i) => {
    if (seen.has(n)) report(i, n);
    seen.add(n);
  });
}

function tableIssues(t: Table, at: PathPart[], out: SemanticIssue[], design: Design): void {
  const rk = [...at, 'rowKey'];
  if (t.rowKey.delimiter !== undefined && utf8(t.rowKey.delimiter).length > 50) {
    out.push({ path: [...rk, 'delimiter'], message: `the delimiter is ${utf8(t.rowKey.delimiter).length} bytes; Bigtable allows 1 to 50` });
  }
  let fieldsInKey: string[] = [];
  try {
    const layout = layoutOf(t.rowKey);
    fieldsInKey = layout.fields;
    const bytes = layout.delimiter === null ? 0 : utf8(layout.delimiter).length;
    if (layout.inferredDelimiter && bytes > 50) {
      out.push({
        path: [...rk, 'template'],
        message: `the delimiter read from the template is ${bytes} bytes; Bigtable allows 1 to 50: write a shorter one between the fields`,
      });
    }
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    if (!e.rule) out.push({ path: [...rk, 'template'], message: e.message });
    fieldsInKey = [...t.rowKey.template.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
  }
  const defined = Object.keys(t.rowKey.fields);
  const definedSet = new Set(defined);
  const inKey = new Set(fieldsInKey);
  for (const name of fieldsInKey) {
    if (!definedSet.has(name)) {
      out.push({
        path: [...rk, 'template'],
        message: `the template names {${name}}, which rowKey.fields does not define${defined.length ? ` (defined: ${listed(defined)})` : ''}`,
      });
    }
  }
  for (const name of defined) {
    if (!inKey.has(name)) {
      out.push({
        path: [...rk, 'fields', name],
        atKey: true,
        message: `field "${name}" is not in the template "${clip(t.rowKey.template)}"; add {${name}} or remove the field`,
      });
    }
  }
  // Object.keys and a lookup: Object.entries is several times slower on a mapping of 100,000 fields.
  const hashes = new Set(defined.filter((n) => t.rowKey.fields[n]!.type === 'hash'));
  for (const name of defined) fieldIssues(name, t.rowKey.fields[name]!, [...rk, 'fields', name], fieldsInKey, inKey, hashes, out);

  duplicates(
    (t.families ?? []).map((f) => f.name),
    (i, name) => out.push({ path: [...at, 'families', i, 'name'], message: `family "${name}" is defined twice in table ${t.name}` }),
  );
  (t.families ?? []).forEach((fam, fi) => {
    duplicates(
      (fam.columns ?? []).map((c) => c.qualifier),
      (ci, q) => out.push({ path: [...at, 'families', fi, 'columns', ci, 'qualifier'], message: `column "${q}" is listed twice in family ${fam.name}` }),
    );
    (fam.columns ?? []).forEach((c, ci) => {
      if (c.perRow !== undefined && !c.dynamic) {
        out.push({ path: [...at, 'families', fi, 'columns', ci, 'perRow'], message: 'perRow counts dynamic columns; set dynamic: true or remove perRow' });
      }
      // Column value types: a proto names its message; a message belongs to a proto.
      if (c.type === 'proto' && !c.message)
        out.push({ path: [...at, 'families', fi, 'columns', ci, 'type'], message: 'a proto column names its message: add message: package.Message' });
      if (c.message && c.type !== 'proto')
        out.push({
          path: [...at, 'families', fi, 'columns', ci, 'message'],
          message: 'message names the protobuf message of a proto column; set type: proto or remove message',
        });
    });
  });
  duplicates(
    (t.queries ?? []).map((q) => q.name),
    (i, name) => out.push({ path: [...at, 'queries', i, 'name'], message: `query "${name}" is defined twice in table ${t.name}` }),
  );
  loadIssues(t, [...at, 'load'], out);
  (t.queries ?? []).forEach((q, qi) => {
    (q.filter ?? []).forEach((entry, fi) => {
      const why = filterIssue(t, entry);
      if (why) out.push({ path: [...at, 'queries', qi, 'filter', fi], message: why });
    });
    // A query served elsewhere may match the serving object's key fields too (mapped by name).
    const served = q.servedBy !== undefined ? servingKeyFields(design, q.servedBy) : null;
    for (const key of Object.keys(q.match ?? {})) {
      if (!inKey.has(key) && !served?.has(key)) {
        out.push({
          path: [...at, 'queries', qi, 'match', key],
          atKey: true,
          message: `"${key}" is not a key field; match names fields of the template (${listed(fieldsInKey)})`,
        });
      }
    }
  });
}

/** The key fields of the table or materialized view a query names in servedBy (empty when it names nothing). */
function servingKeyFields(design: Design, name: string): Set<string> {
  const table = design.tables.find((x) => x.name === name);
  if (table) return new Set(Object.keys(table.rowKey.fields));
  const view = design.materializedViews?.find((v) => v.name === name);
  return new Set(view?.groupBy?.fields ?? view?.index?.fields ?? []);
}

/** servedBy and writtenWith name another table (or, for servedBy, a materialized view over this table). */
function routeIssues(design: Design, out: SemanticIssue[], only?: readonly number[], tableNames?: ReadonlySet<string>): void {
  // Every table's name (the caller's, when it keeps them), built only when a table names another.
  let known: ReadonlySet<string> | undefined = tableNames;
  const tables = () => (known ??= new Set(design.tables.map((t) => t.name)));
  for (const ti of only ?? design.tables.keys()) {
    const t = design.tables[ti]!;
    if (t.writtenWith !== undefined) {
      if (t.writtenWith === t.name)
        out.push({ path: ['tables', ti, 'writtenWith'], message: 'a table cannot be written with itself; name the table whose writes also write this one' });
      else if (!tables().has(t.writtenWith))
        out.push({
          path: ['tables', ti, 'writtenWith'],
          message: `no table "${clip(t.writtenWith)}" in the design; writtenWith names the table whose writes also write this one (${listed([...tables()])})`,
        });
    }
    (t.queries ?? []).forEach((q, qi) => {
      if (q.servedBy === undefined) return;
      const path = ['tables', ti, 'queries', qi, 'servedBy'];
      if (q.servedBy === t.name) {
        out.push({ path, message: 'servedBy names another table or a materialized view; a query on its own table needs no servedBy' });
        return;
      }
      if (tables().has(q.servedBy)) return;
      const view = design.materializedViews?.find((v) => v.name === q.servedBy);
      if (!view) {
        const names = [...tables()].filter((n) => n !== t.name).concat((design.materializedViews ?? []).map((v) => v.name));
        out.push({ path, message: `no table or materialized view "${clip(q.servedBy)}" in the design${names.length ? ` (${listed(names)})` : ''}` });
      } else if (view.table !== t.name)
        out.push({ path, message: `materialized view ${view.name} reads table ${view.table}, not ${t.name}: it cannot serve this table's query` });
      else if (!view.groupBy && !view.index)
        out.push({ path, message: `materialized view ${view.name} is given as SQL; a view that serves a query declares its key with groupBy or index` });
    });
  }
}

/** The average write rate is a mean of the rate whose peak is writesPerSecond: it cannot exceed it. */
function loadIssues(t: Table, at: PathPart[], out: SemanticIssue[]): void {
  const peak = t.load?.writesPerSecond;
  const average = t.load?.averageWritesPerSecond;
  if (peak !== undefined && average !== undefined && average > peak) {
    out.push({
      path: [...at, 'averageWritesPerSecond'],
      message: `the average (${average} writes/s) is above the peak writesPerSecond (${peak}); a mean cannot exceed its peak`,
    });
  }
}

function fieldIssues(name: string, f: Field, at: PathPart[], keyOrder: string[], inKey: Set<string>, hashes: Set<string>, out: SemanticIssue[]): void {
  const say = (key: string, message: string) => out.push({ path: [...at, key], message, atKey: true });
  if (f.example !== undefined && f.type !== 'hash') {
    // The example must be a value of the field: it becomes the example key and round-trips.
    try {
      const v = exampleValue(name, f, f.example);
      const bytes = encodeValue(name, f, v);
      if (f.type === 'bytes' && bytes.length !== (f.length ?? 8)) throw new Error(`it is ${bytes.length} bytes, the field ${f.length ?? 8}`);
      decodeValue(name, f, bytes);
    } catch (e) {
      out.push({ path: [...at, 'example'], message: `the example is not a value of this ${f.type} field: ${(e as Error).message}` });
    }
  }
  if ('distribution' in f) {
    if (f.skew !== undefined && f.distribution !== 'zipf') say('skew', 'skew applies only to distribution: zipf');
    if (f.share !== undefined && f.distribution !== 'hot') say('share', 'share applies only to distribution: hot');
  }
  switch (f.type) {
    case 'string':
      if (f.weights && !f.values) say('weights', 'weights go with values: one weight per value');
      if (f.weights && f.values && f.weights.length !== f.values.length) {
        say('weights', `${f.weights.length} weights for ${f.values.length} values: give one weight per value`);
      }
      if (f.weights && f.weights.every((w) => w === 0)) say('weights', 'at least one weight must be above 0');
      if (f.values && (f.cardinality !== undefined || f.length !== undefined || f.prefix !== undefined || f.alphabet !== undefined)) {
        say('values', 'use either values (a closed set) or generated values (cardinality, length, prefix, alphabet), not both');
      }
      if (f.values && new Set(f.values).size !== f.values.length) say('values', 'values lists the same value twice');
      break;
    case 'int':
      if (f.max !== undefined && (f.min ?? 0) > f.max) say('max', `max (${f.max}) is below min (${f.min ?? '0, the default'})`);
      if (f.cardinality !== undefined && f.max !== undefined && f.cardinality > f.max - (f.min ?? 0) + 1) {
        say('cardinality', `cardinality ${f.cardinality} exceeds the ${f.max - (f.min ?? 0) + 1} values between min and max`);
      }
      if (f.pad !== undefined && f.encoding !== undefined && f.encoding !== 'decimal') say('pad', `pad applies to decimal text, not to encoding ${f.encoding}`);
      break;
    case 'timestamp':
      if (f.format === 'iso' && f.reversed) say('reversed', 'a reversed timestamp is a number (Long.MAX_VALUE - ts); use format: epoch');
      if (f.format === 'iso' && f.encoding === 'bigEndian') say('encoding', 'bigEndian writes 8 bytes; it cannot be ISO text');
      if (f.pad !== undefined && (f.format === 'iso' || f.encoding === 'bigEndian' || f.reversed)) {
        say('pad', 'pad applies to plain decimal timestamps (reversed ones are always 19 digits)');
      }
      break;
    case 'hash':
      for (const [i, other] of (f.of ?? []).entries()) {
        if (other === name) out.push({ path: [...at, 'of', i], message: 'a salt cannot hash itself' });
        else if (!inKey.has(other)) out.push({ path: [...at, 'of', i], message: `"${other}" is not a field of the template (${listed(keyOrder)})` });
        else if (hashes.has(other)) out.push({ path: [...at, 'of', i], message: `"${other}" is itself a salt; a salt hashes data fields` });
      }
      break;
    case 'uuid':
    case 'domain':
    case 'bytes':
      break;
  }
}

/** Whether a view's SQL is one SELECT statement: a view runs a query, never a change. */
function notOneSelect(sql: string): string | null {
  let tokens: Token[];
  try {
    tokens = tokenize(sql);
  } catch (e) {
    if (e instanceof SqlSyntaxError) return `the query cannot be read as SQL (${e.message})`;
    throw e;
  }
  while (tokens.length && tokens[tokens.length - 1]!.kind === 'symbol' && tokens[tokens.length - 1]!.text === ';') tokens = tokens.slice(0, -1);
  const first = tokens[0];
  if (first?.kind !== 'word' || first.upper !== 'SELECT')
    return `the query is ${first?.kind === 'word' ? `a ${first.upper} statement` : 'not a statement'}, not a SELECT: a view is a GoogleSQL SELECT ("Create and manage views")`;
  if (tokens.some((t) => t.kind === 'symbol' && t.text === ';')) return 'the query holds more than one statement (a ; before the end); a view is one SELECT';
  return null;
}

/**
 * The views' format rules (docs/design-format.md): each names a table the design has, a
 * materialized view is exactly one of query, groupBy and index, a view's query is one SELECT,
 * and names are unique (materialized and logical views per design, authorized views per table).
 * A `fragment` (views imported to merge into a design) may name tables it does not hold.
 */
function viewIssues(design: Design, out: SemanticIssue[], fragment: boolean, names?: ReadonlySet<string>): void {
  const mvs = design.materializedViews ?? [];
  const lvs = design.logicalViews ?? [];
  const avs = design.authorizedViews ?? [];
  if (!mvs.length && !lvs.length && !avs.length) return;
  const tables = names ?? new Set(design.tables.map((t) => t.name));
  const missing = (name: string) => `the view reads table "${name}", which the design does not have (tables: ${listed([...tables]) || 'none'})`;
  mvs.forEach((v, i) => {
    const at: PathPart[] = ['materializedViews', i];
    if (!fragment && !tables.has(v.table)) out.push({ path: [...at, 'table'], message: missing(v.table) });
    const given = (['query', 'groupBy', 'index'] as const).filter((k) => v[k] !== undefined);
    if (given.length !== 1) {
      out.push({
        path: given.length ? [...at, given[1]!] : at,
        atKey: given.length > 1,
        message: given.length
          ? `a materialized view is exactly one of query, groupBy and index; this one has ${given.join(' and ')}`
          : 'a materialized view is exactly one of query, groupBy and index; this one has none',
      });
    }
    if (v.query !== undefined) {
      const why = notOneSelect(v.query);
      if (why) out.push({ path: [...at, 'query'], message: why });
    }
  });
  lvs.forEach((v, i) => {
    const why = notOneSelect(v.query);
    if (why) out.push({ path: ['logicalViews', i, 'query'], message: why });
  });
  avs.forEach((v, i) => {
    if (!fragment && !tables.has(v.table)) out.push({ path: ['authorizedViews', i, 'table'], message: missing(v.table) });
  });
  duplicates(
    mvs.map((v) => v.name),
    (i, name) =>
      out.push({ path: ['materializedViews', i, 'name'], message: `materialized view "${name}" is defined twice; view ids are unique in an instance` }),
  );
  duplicates(
    lvs.map((v) => v.name),
    (i, name) => out.push({ path: ['logicalViews', i, 'name'], message: `logical view "${name}" is defined twice; view ids are unique in an instance` }),
  );
  duplicates(
    avs.map((v) => `${v.table}\u0000${v.name}`),
    (i) =>
      out.push({
        path: ['authorizedViews', i, 'name'],
        message: `authorized view "${avs[i]!.name}" is defined twice on table ${avs[i]!.table}; its id is unique in the table`,
      }),
  );
}
