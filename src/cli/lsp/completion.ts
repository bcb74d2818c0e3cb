// Completion from the design's JSON Schema: the keys allowed in the mapping the cursor is in
// (those not there yet), and the allowed values of a key whose value is typed. The path of
// the cursor comes from the text as it is being typed, so it never needs the file to parse:
// YAML by indentation and list dashes, JSON by its brackets.

import { MAX_DESIGN_BYTES } from '../../core/model/limits';
import { MAX_DEPTH } from '../../core/model/positions';

type JsonSchema = Record<string, unknown>;

/** Longer than the indentation, dashes and key of any line where a key or value is completed. */
const MAX_LINE_PREFIX = 1000;

/** More structure than a design has (1,000 tables of about a hundred keys each). */
const MAX_JSON_TOKENS = 400_000;

/** A step of the path: a mapping key, or `ITEM` for any list item. */
export const ITEM = Symbol('item');
export type Step = string | typeof ITEM;

export interface CursorContext {
  /** The path of the mapping whose keys are being typed (or whose key's value is). */
  path: Step[];
  /** Keys the mapping has already. */
  present: Set<string>;
  /** Set when a value is being typed: its key. */
  valueKey?: string;
  json: boolean;
  /** JSON: the cursor is inside the quotes of the key it types. */
  quoted?: boolean;
}

interface YamlLine {
  indent: number;
  dashes: number[];
  keyCol: number;
  key: string | null;
  hasValue: boolean;
}

function readLine(line: string): YamlLine | null {
  const body = line.replace(/\r$/, '');
  if (/^\s*(#|$)/.test(body)) return null;
  const indent = /^ */.exec(body)![0].length;
  const dashes: number[] = [];
  let at = indent;
  while (body[at] === '-' && (body[at + 1] === ' ' || at + 1 === body.length)) {
    dashes.push(at);
    at++;
    while (body[at] === ' ') at++;
  }
  const m = /^("[^"]*"|'[^']*'|[^\s#'"-][^#]*?|-[^\s#][^#]*?)\s*:(?=\s|$)(.*)$/.exec(body.slice(at));
  const key = m ? m[1]!.replace(/^(["'])(.*)\1$/, '$2') : null;
  const hasValue = m ? m[2]!.replace(/\s+#.*$/, '').trim() !== '' : false;
  return { indent, dashes, keyCol: at, key, hasValue };
}

/** The YAML path at the cursor (offset), or null when the cursor is not typing a key or value. */
export function yamlContext(text: string, offset: number): CursorContext | null {
  if (text.length > MAX_DESIGN_BYTES) return null;
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const cur = text.slice(start, offset);
  // A key or a short value is being typed, not a line this long (and no regex sees one).
  if (cur.length > MAX_LINE_PREFIX) return null;
  const lines = text.split('\n');
  const row = text.slice(0, start).split('\n').length - 1;
  const typing = /^( *)((?:- +)*)([^\s:#]*)$/.exec(cur);
  const valueTyping = /^( *)((?:- +)*)("[^"]*"|'[^']*'|[^\s#'"][^#]*?)\s*:\s+(\S*)$/.exec(cur);
  const m = typing ?? valueTyping;
  if (!m) return null;
  const keyCol = m[1]!.length + m[2]!.length;
  const reversed: Step[] = [];
  let col = keyCol;
  let item = false;
  const dashCols: number[] = [];
  for (let at = m[1]!.length, rest = m[2]!; rest.length; ) {
    dashCols.push(at);
    const len = /^- +/.exec(rest)![0].length;
    at += len;
    rest = rest.slice(len);
  }
  if (dashCols.length) {
    for (let i = 0; i < dashCols.length; i++) reversed.push(ITEM);
    col = dashCols[0]!;
    item = true;
  }
  const present = new Set<string>();
  let collecting = !item;
  // Keys below the cursor in the same mapping count as present too.
  for (let r = row + 1; r < lines.length; r++) {
    const l = readLine(lines[r]!);
    if (!l) continue;
    if (l.indent < keyCol && !(l.dashes.length === 0 && l.keyCol >= keyCol)) break;
    if (l.keyCol === keyCol && l.dashes.length === 0 && l.key !== null) present.add(l.key);
  }
  for (let r = row - 1; r >= 0; r--) {
    const l = readLine(lines[r]!);
    if (!l) continue;
    if (!item) {
      if (l.keyCol === col && l.key !== null) {
        if (collecting) present.add(l.key);
        if (l.dashes.length) {
          for (let i = 0; i < l.dashes.length; i++) reversed.push(ITEM);
          col = l.dashes[0]!;
          item = true;
          collecting = false;
        }
      } else if (l.keyCol < col && l.key !== null) {
        reversed.push(l.key);
        collecting = false;
        col = l.keyCol;
        if (l.dashes.length) {
          for (let i = 0; i < l.dashes.length; i++) reversed.push(ITEM);
          col = l.dashes[0]!;
          item = true;
        }
      }
    } else {
      if (l.dashes.length && l.dashes[0] === col) continue; // a sibling item
      if (l.keyCol <= col && l.key !== null && !l.hasValue) {
        reversed.push(l.key);
        col = l.keyCol;
        item = false;
        if (l.dashes.length) {
          for (let i = 0; i < l.dashes.length; i++) reversed.push(ITEM);
          col = l.dashes[0]!;
          item = true;
        }
      }
    }
  }
  const ctx: CursorContext = { path: reversed.reverse(), present, json: false };
  if (!typing && valueTyping) {
    ctx.valueKey = valueTyping[3]!.replace(/^(["'])(.*)\1$/, '$2');
    ctx.present.delete(ctx.valueKey);
  }
  return ctx;
}

/** The JSON path at the cursor, by its brackets: a key being typed (in quotes or not yet), or a value. */
export function jsonContext(text: string, offset: number): CursorContext | null {
  if (text.length > MAX_DESIGN_BYTES) return null;
  const frames: { obj: boolean; key: string | null; keys: Set<string>; expectKey: boolean }[] = [];
  let i = 0;
  let lastString: string | null = null;
  let inString = false;
  let afterColon = false;
  // Jumps from one character that matters to the next (a native scan, not one step a character).
  const next = /["{}[\]:,]/g;
  // Past this many brackets, colons and commas the text is no design (the loader refuses it).
  let budget = MAX_JSON_TOKENS;
  while (i < offset) {
    if (--budget < 0) return null;
    next.lastIndex = i;
    const m = next.exec(text);
    if (!m || m.index >= offset) break;
    i = m.index;
    const c = m[0];
    if (c === '"') {
      let j = i + 1;
      while (j < offset && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= offset) {
        inString = true;
        break;
      }
      try {
        lastString = JSON.parse(text.slice(i, j + 1)) as string;
      } catch {
        lastString = text.slice(i + 1, j);
      }
      const top = frames[frames.length - 1];
      if (top?.obj && top.expectKey) {
        top.key = lastString;
        top.keys.add(lastString);
      }
      i = j + 1;
      continue;
    }
    const top = frames[frames.length - 1];
    if (c === '{' || c === '[') {
      // Deeper than the loader allows: no design, no completion.
      if (frames.length >= MAX_DEPTH) return null;
      frames.push({ obj: c === '{', key: null, keys: new Set(), expectKey: c === '{' });
      afterColon = false;
    } else if (c === '}' || c === ']') {
      frames.pop();
      afterColon = false;
    } else if (c === ':' && top?.obj) {
      top.expectKey = false;
      afterColon = true;
    } else if (c === ',') {
      if (top?.obj) top.expectKey = true;
      afterColon = false;
    }
    i++;
  }
  const top = frames[frames.length - 1];
  if (!top?.obj) return null;
  const path: Step[] = [];
  for (let f = 0; f < frames.length - 1; f++) {
    const fr = frames[f]!;
    path.push(fr.obj ? (fr.key ?? '') : ITEM);
  }
  if (top.expectKey) {
    if (inString) {
      // The key being typed is not present yet.
      const partial = text.slice(text.lastIndexOf('"', offset - 1) + 1, offset);
      top.keys.delete(partial);
    }
    return { path, present: top.keys, json: true, quoted: inString };
  }
  if (afterColon && top.key !== null) return { path, present: top.keys, json: true, valueKey: top.key };
  return null;
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let s = schema;
  for (let n = 0; n < 10 && typeof s.$ref === 'string'; n++) {
    const parts = (s.$ref as string).replace(/^#\//, '').split('/');
    let target: unknown = root;
    for (const p of parts) target = (target as Record<string, unknown> | undefined)?.[p];
    if (!target || typeof target !== 'object') return {};
    s = target as JsonSchema;
  }
  return s;
}

/** Every alternative a schema stands for (anyOf, oneOf, allOf flattened, $refs followed). */
function alternatives(schema: JsonSchema, root: JsonSchema, depth = 0): JsonSchema[] {
  const s = resolve(schema, root);
  if (depth > 8) return [s];
  const out: JsonSchema[] = [s];
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = s[k];
    if (Array.isArray(list)) for (const x of list) out.push(...alternatives(x as JsonSchema, root, depth + 1));
  }
  return out;
}

function stepInto(schemas: JsonSchema[], step: Step, root: JsonSchema): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const alt of schemas.flatMap((s) => alternatives(s, root))) {
    if (step === ITEM) {
      if (alt.items && typeof alt.items === 'object') out.push(alt.items as JsonSchema);
      continue;
    }
    const props = alt.properties as Record<string, JsonSchema> | undefined;
    if (props && Object.hasOwn(props, step)) out.push(props[step]!);
    else if (alt.additionalProperties && typeof alt.additionalProperties === 'object') out.push(alt.additionalProperties as JsonSchema);
  }
  return out;
}

export interface SchemaKey {
  name: string;
  description?: string;
  type?: string;
  required: boolean;
}

/** The keys the schema allows in the mapping at `path`. */
export function keysAt(schema: JsonSchema, path: readonly Step[]): SchemaKey[] {
  let here: JsonSchema[] = [schema];
  for (const step of path) here = stepInto(here, step, schema);
  const keys = new Map<string, SchemaKey>();
  for (const alt of here.flatMap((s) => alternatives(s, schema))) {
    const props = alt.properties as Record<string, JsonSchema> | undefined;
    const required = new Set(Array.isArray(alt.required) ? (alt.required as string[]) : []);
    for (const [name, sub] of Object.entries(props ?? {})) {
      if (name === '$schema' || keys.has(name)) continue;
      const r = alternatives(sub, schema);
      const description = r.map((x) => x.description).find((d): d is string => typeof d === 'string');
      const types = [...new Set(r.map((x) => x.type).filter((t): t is string => typeof t === 'string'))];
      keys.set(name, { name, description, type: types.join(' | ') || undefined, required: required.has(name) });
    }
  }
  return [...keys.values()];
}

/** The values the schema allows for `key` in the mapping at `path` (enums, constants, booleans). */
export function valuesAt(schema: JsonSchema, path: readonly Step[], key: string): { value: string | number | boolean; description?: string }[] {
  let here: JsonSchema[] = [schema];
  for (const step of [...path, key]) here = stepInto(here, step, schema);
  const out = new Map<string, { value: string | number | boolean; description?: string }>();
  for (const alt of here.flatMap((s) => alternatives(s, schema))) {
    const description = typeof alt.description === 'string' ? alt.description : undefined;
    if (Array.isArray(alt.enum)) for (const v of alt.enum as (string | number | boolean)[]) out.set(JSON.stringify(v), { value: v, description });
    if (alt.const !== undefined) out.set(JSON.stringify(alt.const), { value: alt.const as string, description });
    if (alt.type === 'boolean') for (const v of [true, false]) out.set(String(v), { value: v, description });
  }
  return [...out.values()];
}
