// Import: a file's text in, a validated design out (never throws for bad input). Recognises
//   - design files (`format: bigtable-studio/v1`), read by loadDesign;
//   - row_key_schema.yaml or JSON (`fields` + `encoding`; the delimiter plain, or base64 with
//     preEncoded), and Terraform's `{"structType": ...}` (delimiter base64);
//   - `gcloud bigtable instances tables describe --format=json|yaml` output (a Table).
// The result is a new design holding the table; callers never overwrite a saved design with it.
import { load } from 'js-yaml';
import { formatIssue, loadDesign, validateDesign } from '../model/load';
import { FORMAT_V1, type Design, type Table } from '../model/schema';
import { ImportError, isObj, rowKeyFromStruct } from './struct';
import { tableFromDescribe } from './table';

export { ImportError } from './struct';
export { durationFromProto, gcFromProto, tableFromDescribe } from './table';
export { rowKeyFromStruct } from './struct';

export type ImportKind = 'design' | 'row-key-schema' | 'terraform-struct' | 'gcloud-describe';

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
export const MAX_IMPORT_CHARS = 5 * 1024 * 1024;

function tableNameFrom(file: string | undefined): string {
  const base = (file ?? 'imported').split(/[\\/]/).pop()!.replace(/\.(ya?ml|json)$/i, '').replace(/\.?row_key_schema$/i, '');
  const id = base.replace(/[^-_.a-zA-Z0-9]+/g, '_').replace(/^[-.]+/, '');
  return id.slice(0, 50) || 'imported';
}

function finish(kind: ImportKind, table: Table, notes: string[], file: string): ImportResult {
  const design: Design = { format: FORMAT_V1, name: `Imported from ${file}`, tables: [table] };
  const v = validateDesign(design, file);
  if (!v.ok) return { ok: false, errors: v.issues.map((i) => `${file}: ${i.path ? `${i.path}: ` : ''}${i.message}`) };
  return { ok: true, kind, design: v.design, notes };
}

export function importText(text: string, options: ImportOptions = {}): ImportResult {
  const file = options.file ?? 'input';
  if (text.length > MAX_IMPORT_CHARS) return { ok: false, errors: [`${file}: the file is larger than ${MAX_IMPORT_CHARS / 1048576} MB`] };
  if (text.trim() === '') return { ok: false, errors: [`${file}: the file is empty`] };
  let value: unknown;
  try {
    value = load(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { ok: false, errors: [`${file}: not YAML or JSON: ${(e as Error).message.split('\n')[0]}`] };
  }
  if (!isObj(value)) return { ok: false, errors: [`${file}: expected a mapping (a design, a row key schema or a table), found ${value === null || value === undefined ? 'nothing' : Array.isArray(value) ? 'a list' : typeof value}`] };
  if ('format' in value) {
    const r = loadDesign(text, file);
    return r.ok ? { ok: true, kind: 'design', design: r.design, notes: [] } : { ok: false, errors: r.issues.map(formatIssue) };
  }
  const name = options.table ?? tableNameFrom(file);
  try {
    if ('structType' in value) {
      const keys = Object.keys(value).filter((k) => k !== 'structType');
      if (keys.length) throw new ImportError(`${file}: unknown field "${keys[0]}" next to structType`);
      const r = rowKeyFromStruct(value.structType, 'structType', true);
      return finish('terraform-struct', { name, rowKey: r.rowKey }, r.notes, file);
    }
    if ('fields' in value || 'encoding' in value) {
      const r = rowKeyFromStruct(value, 'row key schema', options.preEncoded === true);
      return finish('row-key-schema', { name, rowKey: r.rowKey }, r.notes, file);
    }
    if ('name' in value || 'columnFamilies' in value || 'rowKeySchema' in value) {
      const r = tableFromDescribe(value);
      return finish('gcloud-describe', r.table, r.notes, file);
    }
  } catch (e) {
    if (e instanceof ImportError) return { ok: false, errors: [`${file}: ${e.message}`] };
    throw e;
  }
  return {
    ok: false,
    errors: [`${file}: not a file the studio imports: expected a design (format: ${FORMAT_V1}), a row key schema (fields, encoding) or gcloud tables describe output (name, columnFamilies, rowKeySchema); found keys ${Object.keys(value).slice(0, 6).join(', ') || '(none)'}`],
  };
}
