// Design files in, typed designs or precise errors out: parse (YAML/JSON with positions) ->
// validate the format (zod, strict) -> cross-field checks (semantic.ts). Every error names
// file, line, column and the path (tables[0].rowKey.fields.ts.unit) and says what is allowed.
import type { core } from 'zod';
import { Design, FORMAT_V1 } from './schema';
import { parseYamlWithPositions, YamlSyntaxError, type PathPart, type SourceMap } from './positions';
import { semanticIssues } from './semantic';
import { allowedKeysAt } from './allowed';

export interface DesignIssue {
  file: string;
  line: number;
  column: number;
  /** `tables[0].rowKey.fields.ts.unit`; empty for the whole file. */
  path: string;
  message: string;
}

export type LoadResult =
  | { ok: true; design: Design; /** Line and column of a path in the source (1:1 when unknown). */ locate(path: readonly PathPart[]): { line: number; column: number } }
  | { ok: false; issues: DesignIssue[] };

/** The largest design file we read: far above any real design, small enough to answer fast. */
export const MAX_DESIGN_BYTES = 5 * 1024 * 1024;
const MAX_ISSUES = 50;

export function formatPath(path: readonly PathPart[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out;
}

export function formatIssue(i: DesignIssue): string {
  return `${i.file}:${i.line}:${i.column}: ${i.path ? `${i.path}: ` : ''}${i.message}`;
}

/**
 * Parses and validates a design from YAML or JSON: text, or raw bytes (checked to be UTF-8).
 * Never throws for bad input.
 */
export function loadDesign(input: string | Uint8Array, file = 'design.yaml'): LoadResult {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > MAX_DESIGN_BYTES) {
    return fail(file, 1, 1, '', `the file is ${(size / 1048576).toFixed(1)} MB; a design file may be at most ${MAX_DESIGN_BYTES / 1048576} MB`);
  }
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const decoded = decodeUtf8(input);
    if (typeof decoded !== 'string') {
      const { line, column } = decoded;
      return fail(file, line, column, '', 'the file is not valid UTF-8 here (save it as UTF-8)');
    }
    text = decoded;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let parsed: { value: unknown; map: SourceMap };
  try {
    parsed = parseYamlWithPositions(text, file);
  } catch (e) {
    if (e instanceof YamlSyntaxError) return fail(file, e.line, e.column, '', e.message);
    return fail(file, 1, 1, '', `cannot read the file: ${(e as Error).message}`);
  }
  return validateDesign(parsed.value, file, parsed.map);
}

/** Validates an already-parsed value (from a share link or the store); positions when known. */
export function validateDesign(value: unknown, file = 'design', map?: SourceMap): LoadResult {
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
  const result = Design.safeParse(value);
  const issues: DesignIssue[] = [];
  if (!result.success) {
    for (const zi of result.error.issues) {
      for (const { path, message } of explain(zi, value)) {
        const { line, column } = at(path, zi.code === 'unrecognized_keys');
        issues.push({ file, line, column, path: formatPath(path), message });
        if (issues.length >= MAX_ISSUES) break;
      }
      if (issues.length >= MAX_ISSUES) break;
    }
    return { ok: false, issues: sortIssues(issues) };
  }
  for (const s of semanticIssues(result.data)) {
    const { line, column } = at(s.path, s.atKey);
    issues.push({ file, line, column, path: formatPath(s.path), message: s.message });
  }
  if (issues.length) return { ok: false, issues: sortIssues(issues.slice(0, MAX_ISSUES)) };
  return { ok: true, design: result.data, locate: (path) => at(path, true) };
}

/** Decodes UTF-8, or says where the first invalid byte is (line and column in characters). */
function decodeUtf8(bytes: Uint8Array): string | { line: number; column: number } {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Find the longest valid prefix by bisection, then report the position after it.
    let lo = 0;
    let hi = bytes.length;
    const ok = (n: number) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, n));
        return true;
      } catch {
        return false;
      }
    };
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ok(mid)) lo = mid;
      else hi = mid - 1;
    }
    // A prefix can end inside a valid multi-byte sequence: step back to a character boundary.
    let end = lo;
    while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
    const before = new TextDecoder().decode(bytes.subarray(0, end));
    const lines = before.split('\n');
    return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
  }
}

function sortIssues(issues: DesignIssue[]): DesignIssue[] {
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);
}

function fail(file: string, line: number, column: number, path: string, message: string): LoadResult {
  return { ok: false, issues: [{ file, line, column, path, message }] };
}

const describeType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : typeof v === 'string' ? `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}` : `${typeof v} ${String(v)}`);

function valueAtPath(root: unknown, path: readonly PathPart[]): unknown {
  let v: unknown = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Object.prototype.hasOwnProperty.call(v, p) ? (v as Record<PathPart, unknown>)[p] : undefined;
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
      return zi.keys.map((k) => ({
        path: [...path, k],
        message: `unknown key "${k}"${allowed.length ? `; allowed here: ${allowed.join(', ')}` : ''}`,
      }));
    }
    case 'invalid_type':
      if (actual === undefined) return [{ path, message: `required: ${zi.expected === 'object' ? 'a mapping' : `a ${zi.expected}`} is missing` }];
      return [{ path, message: `expected ${zi.expected === 'object' ? 'a mapping' : zi.expected === 'array' ? 'a list' : zi.expected}, found ${describeType(actual)}` }];
    case 'invalid_value':
      if (path[path.length - 1] === 'format' && path.length === 1) return [{ path, message: `must be "${FORMAT_V1}" (found ${describeType(actual)})` }];
      return [{ path, message: `must be one of: ${zi.values.map((v) => String(v)).join(', ')} (found ${describeType(actual)})` }];
    case 'invalid_union': {
      if ('discriminator' in zi && zi.discriminator) {
        const opts = (zi as unknown as { options?: unknown[] }).options ?? [];
        return [{ path, message: `type must be one of: ${opts.map(String).join(', ')} (found ${describeType(actual)})` }];
      }
      // A GC rule: say what the forms are rather than listing four nested failures.
      return [{ path, message: `not a valid ${path.includes('gc') ? 'GC rule: write {maxVersions: n}, {maxAge: 30d}, {union: [...]} or {intersection: [...]}' : 'value'}` }];
    }
    case 'too_small':
    case 'too_big': {
      const bound = zi.code === 'too_small' ? `at least ${String(zi.minimum)}` : `at most ${String(zi.maximum)}`;
      const unit = zi.origin === 'string' ? ' characters' : zi.origin === 'array' ? ' entries' : '';
      return [{ path, message: `must be ${bound}${unit} (found ${zi.origin === 'array' ? `${(actual as unknown[]).length} entries` : zi.origin === 'string' ? `${String(actual).length} characters` : describeType(actual)})` }];
    }
    case 'invalid_format':
      return [{ path, message: `must be ${zi.message.startsWith('Invalid') ? `of the form ${zi.format}` : zi.message} (found ${describeType(actual)})` }];
    default:
      return [{ path, message: zi.message }];
  }
}
