// Import: a file's text in, a validated design out (never throws for bad input). Recognises
//   - design files (`format: bigtable-studio/v1`), read by loadDesign;
//   - row_key_schema.yaml or JSON (`fields` + `encoding`; the delimiter plain, or base64 with
//     preEncoded), and Terraform's `{"structType": ...}` (delimiter base64);
//   - `gcloud bigtable instances tables describe --format=json|yaml` output (a Table);
//   - `gcloud bigtable materialized-views|logical-views|authorized-views describe` output (views.ts).
// The result is a new design holding the table; callers never overwrite a saved design with it.
import { formatIssue, formatPath, loadDesign, MAX_DESIGN_BYTES, validateDesign, type DesignIssue } from '../load/load-design';
import { parseYamlWithPositions, YamlSyntaxError, type PathPart, type SourceMap } from '../model/positions';
import { FORMAT_V1, type Design, type Table } from '../model/schema';
import { ImportError, isObj, rowKeyFromStruct } from './struct';
import { tableFromDescribe } from './table';
import { restoreRowKey } from './key-hint';
import { isViewDescribe, viewFromDescribe } from './views';
import { formatBytes } from '../units';

export { ImportError } from './struct';
export { durationFromProto, gcFromProto, tableFromDescribe } from './table';
export { rowKeyFromStruct } from './struct';

export type ImportKind = 'design' | 'row-key-schema' | 'terraform-struct' | 'gcloud-describe' | 'gcloud-describe-view';

/**
 * `errors`: one line each, `file:line:column: path: what is wrong` (the path is the proto
 * path in the file, e.g. `encoding.delimitedBytes.delimiter`), or `file: what` for the whole file.
 */
export type ImportResult = { ok: true; kind: ImportKind; design: Design; notes: string[] } | { ok: false; errors: string[] };

export interface ImportOptions {
  /** The file's name, for messages and the imported table's default name. */
  file?: string;
  /** row_key_schema files: the delimiter is base64 (as for --row-key-schema-pre-encoded-bytes). */
  preEncoded?: boolean;
  /** The table name for a row key schema (which names none). */
  table?: string;
}

/** The largest file read (as design files). */
export const MAX_IMPORT_CHARS = MAX_DESIGN_BYTES;
/**
 * The most values a file may hold once its aliases are expanded, and the deepest it may nest:
 * far above any real schema or describe output. Aliases share one copy in memory, but the
 * import walks every use, so 30 aliases of aliases would otherwise be a billion values.
 */
export const MAX_IMPORT_VALUES = 200_000;
export const MAX_IMPORT_DEPTH = 64;

function tableNameFrom(file: string | undefined): string {
  const base = (file ?? 'imported')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.(ya?ml|json)$/i, '')
    .replace(/\.?row_key_schema$/i, '');
  const id = base.replace(/[^-_.a-zA-Z0-9]+/g, '_').replace(/^[-.]+/, '');
  return id.slice(0, 50) || 'imported';
}

/** Where a path is in the text: its value (or its key), else the nearest enclosing value. */
function locate(map: SourceMap, path: readonly PathPart[], atKey: boolean): { line: number; column: number } {
  const off = (atKey ? map.keyAt(path) : undefined) ?? map.valueAt(path) ?? map.keyAt(path);
  if (off !== undefined) return map.lineCol(off);
  for (let n = path.length - 1; n >= 0; n--) {
    const o = map.valueAt(path.slice(0, n));
    if (o !== undefined) return map.lineCol(o);
  }
  return { line: 1, column: 1 };
}

function line(file: string, map: SourceMap, path: readonly PathPart[], message: string, atKey = false, at: readonly PathPart[] = path): string {
  const { line, column } = locate(map, at, atKey);
  return `${file}:${line}:${column}: ${path.length ? `${formatPath(path)}: ` : ''}${message}`;
}

/**
 * The first place where the value, expanded through its aliases, holds more than
 * MAX_IMPORT_VALUES values or nests deeper than MAX_IMPORT_DEPTH; null when it does not.
 * Bounded: it stops counting at the limit.
 */
function aliasBomb(value: unknown): { path: PathPart[]; message: string } | null {
  // Paths as linked lists (made into arrays only for the answer): copying a path per value
  // would cost depth x values.
  type Node = { v: unknown; key: PathPart; up: Node | null; depth: number };
  const pathOf = (n: Node | null): PathPart[] => {
    const out: PathPart[] = [];
    for (; n && n.up; n = n.up) out.push(n.key);
    return out.reverse();
  };
  let count = 0;
  const stack: Node[] = [{ v: value, key: '', up: null, depth: 0 }];
  while (stack.length) {
    const n = stack.pop()!;
    if (++count > MAX_IMPORT_VALUES)
      return {
        path: pathOf(n),
        message: `the file holds more than ${MAX_IMPORT_VALUES.toLocaleString('en-US')} values once its aliases (*name) are expanded: an alias bomb, not a schema`,
      };
    const v = n.v;
    if (v === null || typeof v !== 'object') continue;
    // Plain nesting is bounded by the parser; deeper than that comes through aliases.
    if (n.depth >= MAX_IMPORT_DEPTH)
      return {
        path: pathOf(n),
        message: `nested more than ${MAX_IMPORT_DEPTH} levels deep once its aliases (*name) are expanded: an alias bomb, not a schema`,
      };
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, up: n, depth: n.depth + 1 });
    else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ v: (v as Record<string, unknown>)[keys[i]!], key: keys[i]!, up: n, depth: n.depth + 1 });
    }
  }
  return null;
}

/** Maps a path in the imported design back to the file, where the importer knows how. */
type Back = (designPath: string) => PathPart[] | null;

function finish(kind: ImportKind, table: Table, notes: string[], file: string, map: SourceMap, back: Back): ImportResult {
  const design: Design = { format: FORMAT_V1, name: `Imported from ${file}`, tables: [table] };
  const v = validateDesign(design, file);
  if (!v.ok) {
    return {
      ok: false,
      errors: v.issues.map((i: DesignIssue) => {
        const src = back(i.path);
        const what = `${i.message} (in the imported design: ${i.path || 'the design'})`;
        return src ? line(file, map, src, what) : `${file}: ${i.path ? `${i.path}: ` : ''}${i.message}`;
      }),
    };
  }
  return { ok: true, kind, design: v.design, notes };
}

/** Design paths of a table imported from a Table message, back to the message. */
function describeBack(value: Record<string, unknown>): Back {
  const families = isObj(value.columnFamilies) ? Object.keys(value.columnFamilies) : [];
  return (p) => {
    let m = /^tables\[0\]\.families\[(\d+)\]/.exec(p);
    if (m && families[Number(m[1])] !== undefined) return ['columnFamilies', families[Number(m[1])]!];
    if (/^tables\[0\]\.name/.test(p)) return ['name'];
    m = /^tables\[0\]\.rowKey/.exec(p);
    return m ? (value.rowKeySchema ? ['rowKeySchema'] : []) : [];
  };
}

/** Design paths of a row key imported from a struct at `root`, back to the struct. */
function structBack(root: PathPart[], struct: unknown): Back {
  const names = isObj(struct) && Array.isArray(struct.fields) ? struct.fields.map((f) => (isObj(f) ? f.fieldName : undefined)) : [];
  return (p) => {
    const m = /^tables\[0\]\.rowKey\.fields\.([A-Za-z_][A-Za-z0-9_]*)/.exec(p);
    if (m && names.includes(m[1])) return [...root, 'fields', names.indexOf(m[1]), 'fieldName'];
    if (/^tables\[0\]\.rowKey/.test(p)) return [...root, 'encoding'];
    return null;
  };
}

export function importText(text: string, options: ImportOptions = {}): ImportResult {
  const file = options.file ?? 'input';
  if (text.length > MAX_IMPORT_CHARS)
    return { ok: false, errors: [`${file}: the file is ${formatBytes(text.length)}; import reads files up to ${formatBytes(MAX_IMPORT_CHARS)}`] };
  if (text.trim() === '') return { ok: false, errors: [`${file}: the file is empty`] };
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  let map: SourceMap;
  try {
    ({ value, map } = parseYamlWithPositions(body, file));
  } catch (e) {
    if (e instanceof YamlSyntaxError) {
      const what = /several YAML documents/.test(e.message) ? 'the file holds several YAML documents (---); import reads one' : e.message;
      return { ok: false, errors: [`${file}:${e.line}:${e.column}: not YAML or JSON: ${what}`] };
    }
    return { ok: false, errors: [`${file}: not YAML or JSON: ${(e as Error).message.split('\n')[0]}`] };
  }
  if (!isObj(value))
    return {
      ok: false,
      errors: [
        `${file}: expected a mapping (a design, a row key schema or a table), found ${value === null || value === undefined ? 'nothing' : Array.isArray(value) ? 'a list' : typeof value}`,
      ],
    };
  if ('format' in value) {
    const r = loadDesign(text, file);
    return r.ok ? { ok: true, kind: 'design', design: r.design, notes: [] } : { ok: false, errors: r.issues.map(formatIssue) };
  }
  const bomb = aliasBomb(value);
  if (bomb) return { ok: false, errors: [line(file, map, bomb.path, bomb.message)] };
  const name = options.table ?? tableNameFrom(file);
  try {
    if ('structType' in value) {
      const keys = Object.keys(value).filter((k) => k !== 'structType');
      if (keys.length)
        throw new ImportError([keys[0]!], `unknown field "${keys[0]}" next to structType (a Terraform row_key_schema holds only structType)`, true);
      const r = rowKeyFromStruct(value.structType, ['structType'], true);
      return finish('terraform-struct', { name, rowKey: r.rowKey }, r.notes, file, map, structBack(['structType'], value.structType));
    }
    if ('fields' in value || 'encoding' in value) {
      const r = rowKeyFromStruct(value, [], options.preEncoded === true);
      // The studio's own export says in a comment what the struct cannot (decimal ints, times, literals).
      const k = restoreRowKey(body, value, r.rowKey, options.preEncoded === true, name);
      return finish('row-key-schema', { name, rowKey: k.rowKey }, [...r.notes, ...k.notes], file, map, structBack([], value));
    }
    if (isViewDescribe(value)) {
      const r = viewFromDescribe(value);
      const design: Design = { format: FORMAT_V1, name: `Imported from ${file}`, tables: [], ...r.part };
      const v = validateDesign(design, file, undefined, { fragment: true });
      return v.ok
        ? { ok: true, kind: 'gcloud-describe-view', design: v.design, notes: r.notes }
        : { ok: false, errors: v.issues.map((i) => `${file}: ${i.path ? `${i.path}: ` : ''}${i.message}`) };
    }
    if ('name' in value || 'columnFamilies' in value || 'rowKeySchema' in value) {
      const r = tableFromDescribe(value);
      return finish('gcloud-describe', r.table, r.notes, file, map, describeBack(value));
    }
  } catch (e) {
    if (e instanceof ImportError) return { ok: false, errors: [line(file, map, e.path, e.message, e.atKey, e.at)] };
    throw e;
  }
  return {
    ok: false,
    errors: [
      `${file}: not a file the studio imports: expected a design (format: ${FORMAT_V1}), a row key schema (fields, encoding) or gcloud tables describe output (name, columnFamilies, rowKeySchema); found keys ${
        Object.keys(value)
          .slice(0, 6)
          .map((k) => JSON.stringify(k))
          .join(', ') || '(none)'
      }`,
    ],
  };
}
