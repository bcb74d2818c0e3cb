// btstudio import FILE: a design, row_key_schema.yaml/JSON or `gcloud ... tables describe`
// output in, a design (YAML or JSON) out. Never overwrites a file.
import { stat } from 'node:fs/promises';
import { exportDesign } from '../../core/export/design';
import { importText, MAX_IMPORT_CHARS } from '../../core/import';
import { decodeUtf8 } from '../../core/model/utf8';
import { parseFlags, readBytes, readStdin, UserError, write, writeNewFile, type Io } from '../io';

export const usage = `usage: btstudio import FILE [--as yaml|json] [--pre-encoded] [--table NAME] [-o NEW_FILE]

Reads FILE ("-" for stdin) and prints it as a design (YAML, or JSON with --as json):
  - a design file (YAML or JSON), checked like "btstudio check";
  - row_key_schema.yaml or JSON as gcloud reads it (the delimiter as text; --pre-encoded when
    it is base64), or Terraform's {"structType": ...} (delimiter base64);
  - the output of gcloud bigtable instances tables describe --format=json or --format=yaml;
  - the output of gcloud bigtable materialized-views, logical-views or authorized-views describe.
--table names the table of a row key schema (default: from the file name). -o writes a new
file and refuses to overwrite one that exists.`;

async function readInput(file: string, io: Io): Promise<string> {
  if (file !== '-') {
    return utf8Text(file, await readBytes(file, 'a file to import'));
  }
  // Stop reading at the cap: importText refuses more anyway.
  const tooMuch = `stdin: gives more than ${(MAX_IMPORT_CHARS * 4) / 1048576} MB; import reads files up to ${MAX_IMPORT_CHARS / 1048576} MB`;
  return utf8Text('stdin', await readStdin(io.stdin, MAX_IMPORT_CHARS * 4, tooMuch));
}

/** The text of UTF-8 bytes, or a UserError at the line and column where they are not UTF-8 (as the studio's import says). */
function utf8Text(name: string, bytes: Uint8Array): string {
  const d = decodeUtf8(bytes);
  if (!d.ok) throw new UserError(`${name}:${d.line}:${d.column}: ${d.message}`);
  return d.text;
}

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    as: { type: 'string' },
    'pre-encoded': { type: 'boolean' },
    table: { type: 'string', short: 't' },
    output: { type: 'string', short: 'o' },
  });
  if (positionals.length !== 1) throw new UserError('name one file to import ("-" for stdin)');
  const as = values.as ?? 'yaml';
  if (as !== 'yaml' && as !== 'json') throw new UserError(`--as must be yaml or json (got "${as}")`);
  const file = positionals[0]!;
  if (values.output === '') throw new UserError('-o needs a file name');
  // An existing -o file is refused before any work, so the refusal is the only line printed.
  if (values.output !== undefined && (await exists(values.output)))
    throw new UserError(`${values.output} exists; import never overwrites a file (choose another name)`);
  const text = await readInput(file, io);
  const r = importText(text, {
    file: file === '-' ? 'stdin' : file,
    preEncoded: values['pre-encoded'] === true,
    ...(values.table ? { table: values.table } : {}),
  });
  if (!r.ok) throw new UserError(r.errors.join('\n'));
  const out = exportDesign(r.design, null, { as }).text;
  if (values.output !== undefined) {
    await writeNewFile(values.output, out, 'import');
    await write(io.stderr, `imported ${r.kind} into ${values.output}\n`);
  } else await write(io.stdout, out);
  // What the import could not restore, after the design: a failed import prints only its error.
  for (const n of r.notes) await write(io.stderr, `note: ${n}\n`);
  return 0;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
