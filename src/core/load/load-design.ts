// Design files in, typed designs or precise errors out: parse (YAML/JSON with positions) ->
// validate the format (zod, strict) -> cross-field checks (semantic.ts). Every error names
// file, line, column and the path (tables[0].rowKey.fields.ts.unit) and says what is allowed.
import type { core } from 'zod';
import { Design, FORMAT_V1, VIEW_LISTS } from '../model/schema';
import { decodeUtf8 } from '../model/utf8';
import {
  formatPath,
  MAX_DEPTH,
  MAX_ENTRIES,
  MAX_KEYS,
  MAX_TABLES,
  parseYamlWithPositions,
  YamlSyntaxError,
  type PathPart,
  type SourceMap,
} from '../model/positions';
import { semanticIssues } from './semantic';
import { allowedKeysAt } from './allowed';
import { formatBytes } from '../units';

export interface DesignIssue {
  file: string;
  line: number;
  column: number;
  /** `tables[0].rowKey.fields.ts.unit`; empty for the whole file. */
  path: string;
  message: string;
}

export type LoadResult =
  | {
      ok: true;
      design: Design /** Line and column of a path in the source (1:1 when unknown). */;
      locate(path: readonly PathPart[]): { line: number; column: number };
    }
  | { ok: false; issues: DesignIssue[] };

import { MAX_DESIGN_BYTES } from '../model/limits';

export { MAX_DESIGN_BYTES };
const MAX_ISSUES = 50;

export { formatPath, MAX_ENTRIES, MAX_KEYS, MAX_TABLES };

export function formatIssue(i: DesignIssue): string {
  return `${i.file}:${i.line}:${i.column}: ${i.path ? `${i.path}: ` : ''}${i.message}`;
}

/**
 * Parses and validates a design from YAML or JSON: text, or raw bytes (checked to be UTF-8).
 * Never throws for bad input.
 */
export function loadDesign(input: string | Uint8Array, file = 'design.yaml'): LoadResult {
  try {
    return load(input, file);
  } catch (e) {
    // Every check above answers with issues; this is the last guard for a bug, not a path.
    return fail(file, 1, 1, '', `cannot read the file (${e instanceof Error ? e.message : String(e)}); please report this file`);
  }
}

function load(input: string | Uint8Array, file: string): LoadResult {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > MAX_DESIGN_BYTES) {
    return fail(file, 1, 1, '', `the file is ${formatBytes(size)}; a design file may be at most ${formatBytes(MAX_DESIGN_BYTES)}`);
  }
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const decoded = decodeUtf8(input);
    if (!decoded.ok) return fail(file, decoded.line, decoded.column, '', decoded.message);
    text = decoded.text;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  else if (text.charCodeAt(0) === 0xfffe) {
    return fail(file, 1, 1, '', 'the file starts with U+FFFE, a byte-order mark read the wrong way round: it is UTF-16 text; save it as UTF-8');
  }
  let parsed: ReturnType<typeof parseYamlWithPositions>;
  try {
    parsed = parseYamlWithPositions(text, file);
  } catch (e) {
    if (e instanceof YamlSyntaxError) return fail(file, e.line, e.column, e.path, e.message);
    return fail(file, 1, 1, '', `cannot read the file: ${(e as Error).message}`);
  }
  // A lone surrogate comes from an escape (\ud800) or raw inside quotes; without either, no check.
  return validateDesign(parsed.value, file, parsed.map, { shared: parsed.aliases, surrogates: /[\uD800-\uDFFF]|\\[uU]/.test(text) });
}

/**
 * Validates an already-parsed value (from a share link or the store); positions when known.
 * Never throws: a value too deep, too large or shaped to hurt is refused like a bad file.
 */
export function validateDesign(value: unknown, file = 'design', map?: SourceMap, hints: ShapeHints = {}): LoadResult {
  try {
    return validate(value, file, map, hints);
  } catch (e) {
    return fail(file, 1, 1, '', `cannot check this design (${e instanceof Error ? e.message : String(e)}); please report it`);
  }
}

/**
 * Validates `design`, an edit of a valid design in which only the tables at `changed` (ascending)
 * differ: those tables are checked as validateDesign would check them (their JSON form), and every
 * check across tables sees the whole design. The answer is validateDesign's, at a cost that grows
 * with the changed tables, not the design (the fix check runs it once per proposed fix).
 * `before`: the valid design edited, when known (names it kept need no check).
 */
export function validateChanged(design: Design, changed: readonly number[], file = 'design', before?: Design): LoadResult {
  if (design.tables.length > MAX_TABLES) return validateDesign(JSON.parse(JSON.stringify(design)), file);
  try {
    // Views kept (the same objects): checked with the design before, they are not parsed again.
    const viewsKept = before !== undefined && VIEW_LISTS.every((k) => design[k] === before[k]);
    const value = JSON.parse(
      JSON.stringify({
        ...design,
        tables: changed.map((i) => design.tables[i]),
        ...(viewsKept ? Object.fromEntries(VIEW_LISTS.map((k) => [k, undefined])) : {}),
      }),
    );
    // Names kept: the edit renamed and added no table, so they are as unique as before.
    const namesKept = before !== undefined && changed.every((i) => before.tables[i] !== undefined && before.tables[i]!.name === design.tables[i]!.name);
    return validate(value, file, undefined, {}, { design, changed, viewsKept, ...(namesKept ? { keptNames: namesOf(before.tables) } : {}) });
  } catch (e) {
    return fail(file, 1, 1, '', `cannot check this design (${e instanceof Error ? e.message : String(e)}); please report it`);
  }
}

/** The table names of a list of tables, kept per list: an edit that keeps the names reads its design's. */
const tableNames = new WeakMap<readonly Design['tables'][number][], ReadonlySet<string>>();
function namesOf(tables: readonly Design['tables'][number][]): ReadonlySet<string> {
  let names = tableNames.get(tables);
  if (!names) tableNames.set(tables, (names = new Set(tables.map((t) => t.name))));
  return names;
}

function validate(
  value: unknown,
  file: string,
  map: SourceMap | undefined,
  hints: ShapeHints,
  edit?: { design: Design; changed: readonly number[]; viewsKept?: boolean; keptNames?: ReadonlySet<string> },
): LoadResult {
  // An edit's value holds only its changed tables: their paths name their places in the design.
  const real = (path: readonly PathPart[]): readonly PathPart[] =>
    edit && path[0] === 'tables' && typeof path[1] === 'number' ? ['tables', edit.changed[path[1]] ?? path[1], ...path.slice(2)] : path;
  const at = (path: readonly PathPart[], preferKey = false) => {
    const off = (preferKey ? map?.keyAt(path) : undefined) ?? map?.valueAt(path) ?? map?.keyAt(path);
    if (off !== undefined && map) return map.lineCol(off);
    for (let n = path.length - 1; n >= 0 && map; n--) {
      const o = map.valueAt(path.slice(0, n));
      if (o !== undefined) return map.lineCol(o);
    }
    return { line: 1, column: 1 };
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(file, 1, 1, '', `a design is a mapping that starts with "format: ${FORMAT_V1}"`);
  }
  const fmt = (value as Record<string, unknown>).format;
  if (typeof fmt === 'string' && fmt !== FORMAT_V1 && /^bigtable-studio\/v\d+$/.test(fmt)) {
    const { line, column } = at(['format']);
    return fail(file, line, column, 'format', `this design is ${fmt}, newer than this studio understands (${FORMAT_V1}); update the studio`);
  }
  // Sizes first: a list of 100,000 tables is refused before the schema looks at each one.
  const shape = shapeIssues(value, hints);
  if (shape.fatal) {
    const { line, column } = at(shape.fatal.path);
    return fail(file, line, column, formatPath(shape.fatal.path), shape.fatal.message);
  }
  const result = Design.safeParse(value);
  const issues: DesignIssue[] = [];
  const seen = new Set<string>();
  // `own`: a path of the whole design already (the checks across tables), not of `value`.
  const add = (reduced: readonly PathPart[], message: string, preferKey = false, own = false) => {
    const path = own ? reduced : real(reduced);
    const { line, column } = at(path, preferKey);
    const issue = { file, line, column, path: formatPath(path), message: visible(message) };
    const id = formatIssue(issue);
    if (seen.has(id)) return; // zod can say one thing twice (an int beyond 2^53 is too big and not safe)
    seen.add(id);
    issues.push(issue);
  };
  for (const i of shape.issues) add(i.path, i.message, i.atKey);
  if (!result.success) {
    for (const zi of result.error.issues) {
      for (const { path, message } of explain(zi, value)) {
        add(path, message, zi.code === 'unrecognized_keys');
        if (issues.length >= MAX_ISSUES) break;
      }
      if (issues.length >= MAX_ISSUES) break;
    }
  }
  if (!result.success || issues.length) return { ok: false, issues: sortIssues(issues) };
  let semantic: ReturnType<typeof semanticIssues>;
  let design = result.data;
  if (edit) {
    const tables = edit.design.tables.slice();
    edit.changed.forEach((ti, j) => {
      tables[ti] = result.data.tables[j]!;
    });
    design = { ...result.data, tables };
    if (edit.viewsKept) for (const k of VIEW_LISTS) if (edit.design[k] !== undefined) Object.assign(design, { [k]: edit.design[k] });
  }
  try {
    semantic = semanticIssues(design, edit ? new Set(edit.changed) : undefined, hints.fragment, edit?.keptNames, edit?.viewsKept);
  } catch (e) {
    // A cross-field check that throws is a bug; the file still gets an answer, not a crash.
    semantic = [{ path: [], message: `cannot check this design (${(e as Error).message}); please report this file` }];
  }
  for (const s of semantic) {
    add(s.path, s.message, s.atKey, true);
    if (issues.length >= MAX_ISSUES) break;
  }
  if (issues.length) return { ok: false, issues: sortIssues(issues) };
  return { ok: true, design, locate: (path) => at(path, true) };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What the caller knows about a parsed value, to skip work: no aliases, no possible surrogates. */
export interface ShapeHints {
  /** False when no value can appear twice (no YAML aliases): no need to track what was seen. */
  shared?: boolean;
  /** False when no string can hold a lone surrogate. */
  surrogates?: boolean;
  /** A part to merge into a design (an imported view): its views may name tables it does not hold. */
  fragment?: boolean;
}

interface ShapeIssue {
  path: PathPart[];
  message: string;
  atKey?: boolean;
}

/**
 * One walk over the parsed value before the schema sees it (iterative, each value once):
 * - fatal: a list or mapping too large for its place (more tables than an instance holds, more
 *   than MAX_ENTRIES items or MAX_KEYS keys), so the schema never walks 100,000 tables; nesting
 *   deeper than MAX_DEPTH (the schema recurses; a value from a share link is not depth-limited);
 *   a value inside itself (possible in a JavaScript object, not in JSON or YAML);
 * - `__proto__` as a key (JSON.parse and js-yaml keep it as a plain key; a schema record
 *   would turn it into the prototype of the result and the entry would vanish);
 * - text with a lone surrogate (`"\ud800"`), which has no UTF-8 form.
 */
function shapeIssues(root: unknown, { shared = true, surrogates = true }: ShapeHints): { fatal?: ShapeIssue; issues: ShapeIssue[] } {
  const issues: ShapeIssue[] = [];
  if (root === null || typeof root !== 'object') return { issues };
  const tables = (root as Record<string, unknown>).tables;
  if (Array.isArray(tables) && tables.length > MAX_TABLES) {
    return {
      issues,
      fatal: {
        path: ['tables'],
        message: `a design holds at most ${MAX_TABLES.toLocaleString('en-US')} tables (Bigtable's limit per instance); this one has ${tables.length.toLocaleString('en-US')}`,
      },
    };
  }
  // Each collection with a link to its parent, so a path is built only for what is reported.
  interface Node {
    v: object;
    part: PathPart;
    up: Node | null;
    depth: number;
  }
  const pathOf = (n: Node, ...more: PathPart[]): PathPart[] => {
    const out: PathPart[] = [];
    for (let x: Node | null = n; x && x.up; x = x.up) out.push(x.part);
    return [...out.reverse(), ...more];
  };
  const surrogate = (s: string) => {
    const m = LONE_SURROGATE.exec(s);
    return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase()} at character ${m.index + 1}` : null;
  };
  const todo: Node[] = [{ v: root, part: '', up: null, depth: 1 }];
  const visited = shared ? new Set<object>() : null;
  while (todo.length && issues.length < MAX_ISSUES) {
    const node = todo.pop()!;
    const v = node.v;
    if (visited) {
      if (visited.has(v)) continue; // an alias (or a shared object): the same value again
      visited.add(v);
    }
    if (node.depth > MAX_DEPTH) {
      // A YAML file cannot get here (the parser stops at MAX_DEPTH); a value from elsewhere can.
      return { issues, fatal: { path: pathOf(node), message: `lists and mappings nest more than ${MAX_DEPTH} levels deep here; a design needs about 10` } };
    }
    const list = Array.isArray(v);
    const keys = list ? null : Object.keys(v);
    const count = list ? v.length : keys!.length;
    if (count > (list ? MAX_ENTRIES : MAX_KEYS)) {
      return {
        issues,
        fatal: {
          path: pathOf(node),
          message: list
            ? `this list has ${count.toLocaleString('en-US')} items; no list in a design may have more than ${MAX_ENTRIES.toLocaleString('en-US')}`
            : `this mapping has ${count.toLocaleString('en-US')} keys; no mapping in a design needs more than ${MAX_KEYS.toLocaleString('en-US')}`,
        },
      };
    }
    for (let i = 0; i < count; i++) {
      const part: PathPart = list ? i : keys![i]!;
      if (part === '__proto__') {
        issues.push({
          path: pathOf(node, part),
          atKey: true,
          message: 'the key "__proto__" is not allowed: it is reserved in JavaScript (a design never needs it)',
        });
        continue;
      }
      const x = (v as Record<PathPart, unknown>)[part];
      if (x !== null && typeof x === 'object') {
        // A shared value may appear twice, but never inside itself (YAML refuses that earlier).
        if (visited)
          for (let up: Node | null = node; up; up = up.up)
            if (up.v === x) return { issues, fatal: { path: pathOf(node, part), message: 'this value contains itself: it would never end' } };
        todo.push({ v: x, part, up: node, depth: node.depth + 1 });
      } else if (surrogates && typeof x === 'string') {
        const bad = surrogate(x);
        if (bad) issues.push({ path: pathOf(node, part), message: `the text holds a lone surrogate (${bad}), which has no UTF-8 form: it is not text` });
      }
      if (surrogates && !list) {
        const bad = surrogate(part as string);
        if (bad)
          issues.push({ path: pathOf(node, part), atKey: true, message: `the key holds a lone surrogate (${bad}), which has no UTF-8 form: it is not text` });
      }
    }
  }
  return { issues };
}

function sortIssues(issues: DesignIssue[]): DesignIssue[] {
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);
}

function fail(file: string, line: number, column: number, path: string, message: string): LoadResult {
  return { ok: false, issues: [{ file, line, column, path, message: visible(message) }] };
}

/**
 * Messages quote names from the file; a control character in one (an ESC sequence in a table
 * name, a line break that would fake another issue line) must not reach a terminal or a log as
 * itself: it is written as an escape, \u001b.
 */
function visible(message: string): string {
  return message.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const describeType = (v: unknown): string => {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return '.nan (not a number)';
    if (!Number.isFinite(v)) return `${v > 0 ? '.inf' : '-.inf'} (infinity)`;
    if (Number.isInteger(v) && !Number.isSafeInteger(v))
      return `a number beyond ${v > 0 ? '' : '-'}9007199254740991 (2^53 - 1), which JavaScript cannot hold exactly`;
  }
  return `${typeof v} ${String(v)}`;
};
const article = (expected: string) =>
  expected === 'object' || expected === 'record' ? 'a mapping' : expected === 'array' ? 'a list' : expected === 'int' ? 'a whole number' : `a ${expected}`;
const quoteKey = (k: string) => JSON.stringify(k.length > 60 ? `${k.slice(0, 60)}…` : k);

/** A hint for an unknown key that looks like something else. */
function keyHint(k: string): string {
  if (k === '<<') return ' (YAML merge keys are not supported: write the keys out)';
  if (k.startsWith('//') || k.startsWith('/*')) return ' (JSON has no comments; in YAML a comment starts with #)';
  return '';
}

function valueAtPath(root: unknown, path: readonly PathPart[]): unknown {
  let v: unknown = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Object.hasOwn(v, p) ? (v as Record<PathPart, unknown>)[p] : undefined;
  }
  return v;
}

/** zod's issue in the words of the design format: what is wrong and what is allowed. */
function explain(zi: core.$ZodIssue, root: unknown): { path: PathPart[]; message: string }[] {
  const path = zi.path.filter((p): p is PathPart => typeof p !== 'symbol');
  const actual = valueAtPath(root, path);
  switch (zi.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeysAt(path, root);
      // `__proto__` is reported on its own (shapeIssues); at most MAX_ISSUES keys are named.
      return zi.keys
        .filter((k) => k !== '__proto__')
        .slice(0, MAX_ISSUES)
        .map((k) => ({
          path: [...path, k],
          message: `unknown key ${quoteKey(k)}${keyHint(k)}${allowed.length ? `; allowed here: ${allowed.join(', ')}` : ''}`,
        }));
    }
    case 'invalid_type':
      if (actual === undefined) return [{ path, message: `required: ${article(zi.expected)} is missing` }];
      if (typeof actual === 'number' && !Number.isFinite(actual)) return [{ path, message: `expected a finite number, found ${describeType(actual)}` }];
      return [
        {
          path,
          message: `expected ${['object', 'record', 'array', 'int'].includes(zi.expected) ? article(zi.expected) : zi.expected}, found ${describeType(actual)}`,
        },
      ];
    case 'invalid_value':
      if (actual === undefined)
        return [{ path, message: `required: ${path.length === 1 && path[0] === 'format' ? `"format: ${FORMAT_V1}"` : 'a value'} is missing` }];
      if (path[path.length - 1] === 'format' && path.length === 1) return [{ path, message: `must be "${FORMAT_V1}" (found ${describeType(actual)})` }];
      return [{ path, message: `must be one of: ${zi.values.map((v) => String(v)).join(', ')} (found ${describeType(actual)})` }];
    case 'invalid_union': {
      if ('discriminator' in zi && zi.discriminator) {
        const opts = (zi as unknown as { options?: unknown[] }).options ?? [];
        return [{ path, message: `type must be one of: ${opts.map(String).join(', ')} (found ${describeType(actual)})` }];
      }
      // A GC rule: when exactly one form has every key the value has, its problems are the ones
      // (`{union: [..., {maxVersion: 1}]}` is a union with a bad member, not a bad rule).
      const options = (zi as unknown as { errors?: core.$ZodIssue[][] }).errors ?? [];
      const fits = options.filter((list) => !list.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0));
      if (fits.length === 1 && actual !== null && typeof actual === 'object') {
        return fits[0]!.flatMap((i) => explain({ ...i, path: [...zi.path, ...i.path] } as core.$ZodIssue, root));
      }
      // Otherwise say what the forms are rather than listing four nested failures.
      return [
        {
          path,
          message: `not a valid ${path.includes('gc') ? 'GC rule: write {maxVersions: n}, {maxAge: 30d}, {union: [...]} or {intersection: [...]}' : 'value'}`,
        },
      ];
    }
    case 'too_small':
    case 'too_big': {
      if (zi.code === 'too_small' && Number(zi.minimum) === 1 && (zi.origin === 'string' || zi.origin === 'array')) {
        return [{ path, message: zi.origin === 'string' ? 'must not be empty' : 'must have at least one entry (found an empty list)' }];
      }
      const bound = zi.code === 'too_small' ? `at least ${String(zi.minimum)}` : `at most ${String(zi.maximum)}`;
      const unit = zi.origin === 'string' ? ' characters' : zi.origin === 'array' ? ' entries' : '';
      return [
        {
          path,
          message: `must be ${bound}${unit} (found ${zi.origin === 'array' ? `${(actual as unknown[]).length} entries` : zi.origin === 'string' ? `${String(actual).length} characters` : describeType(actual)})`,
        },
      ];
    }
    case 'invalid_format':
      return [{ path, message: `must be ${zi.message.startsWith('Invalid') ? `of the form ${zi.format}` : zi.message} (found ${describeType(actual)})` }];
    default:
      return [{ path, message: zi.message }];
  }
}
