// Import in the studio: a file the user opened or dropped, read as text (with a size cap and a
// check that it is text at all) and handed to the core's importText. A design file comes back
// as it is; a row_key_schema or `gcloud ... tables describe` output comes back as a new design
// holding one table, named after the file. Nothing here touches the store: the caller adds the
// design as a new one (or, when the user confirms, replaces the open design), undoably.
import { importText, MAX_IMPORT_CHARS, type ImportKind } from '../../core/import';
import { decodeUtf8 } from '../../core/model/utf8';
import type { Design } from '../../core/model/schema';
import { formatBytes } from '../../core/units';

/** The largest file read, in bytes (importText caps characters at the same number). */
export const MAX_IMPORT_BYTES = MAX_IMPORT_CHARS;

/** What importFile needs of a File (a browser File, or a stand-in in tests). */
export interface FileLike {
  name: string;
  size: number;
  /** The bytes (a browser File has it): checked to be UTF-8, with the position when not. */
  arrayBuffer?(): Promise<ArrayBuffer>;
  text(): Promise<string>;
}

export interface ImportFileOptions {
  /** row_key_schema files: the delimiter is base64 (--row-key-schema-pre-encoded-bytes). */
  preEncoded?: boolean;
  /** The table name for a row key schema (default: from the file name). */
  table?: string;
}

export type ImportFileResult =
  /** `text`: the file's own text (for a design file the store keeps it, comments and all: `addDesign(design, {text})`). */
  { ok: true; design: Design; kind: ImportKind; notes: string[]; fileName: string; text: string } | { ok: false; errors: string[]; fileName: string };

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  design: 'a design file',
  'row-key-schema': 'a row key schema (row_key_schema.yaml)',
  'terraform-struct': 'a Terraform row_key_schema (structType)',
  'gcloud-describe': 'gcloud tables describe output',
  'gcloud-describe-view': 'gcloud materialized-views, logical-views or authorized-views describe output',
};

function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.trim() === '' ? 'the file' : base;
}

const fmtSize = formatBytes;

function notText(fileName: string): ImportFileResult {
  return {
    ok: false,
    fileName,
    errors: [`${fileName}: this is not a text file (it holds NUL bytes); import a design (YAML or JSON), a row_key_schema.yaml or gcloud describe output`],
  };
}

/** Reads and imports one file. Never throws: every failure is a list of messages naming the file. */
export async function importFile(file: FileLike, options: ImportFileOptions = {}): Promise<ImportFileResult> {
  const fileName = displayName(file.name);
  if (file.size > MAX_IMPORT_BYTES) {
    return { ok: false, fileName, errors: [`${fileName}: the file is ${fmtSize(file.size)}; the studio imports files up to ${fmtSize(MAX_IMPORT_BYTES)}`] };
  }
  let text: string;
  try {
    if (file.arrayBuffer) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (bytes.includes(0) && !(bytes[0] === 0xff || bytes[0] === 0xfe)) return notText(fileName);
      const decoded = decodeUtf8(bytes);
      // File.text() would turn bad bytes into U+FFFD and import on; say where the file is not UTF-8.
      if (!decoded.ok) return { ok: false, fileName, errors: [`${fileName}:${decoded.line}:${decoded.column}: ${decoded.message}`] };
      text = decoded.text;
    } else text = await file.text();
  } catch (e) {
    return { ok: false, fileName, errors: [`${fileName}: the file could not be read (${e instanceof Error ? e.message : String(e)})`] };
  }
  if (text.includes('\u0000')) return notText(fileName);
  let r: ReturnType<typeof importText>;
  try {
    r = importText(text, { file: fileName, ...(options.preEncoded ? { preEncoded: true } : {}), ...(options.table ? { table: options.table } : {}) });
  } catch (e) {
    return { ok: false, fileName, errors: [`${fileName}: the file could not be imported (${e instanceof Error ? e.message : String(e)})`] };
  }
  if (!r.ok) return { ok: false, fileName, errors: r.errors.length ? r.errors : [`${fileName}: the file could not be imported`] };
  return { ok: true, design: r.design, kind: r.kind, notes: r.notes, fileName, text };
}
