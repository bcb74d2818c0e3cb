// What a structured row key cannot say, restored on import. Bigtable's struct types hold
// STRING, BYTES, INT64 and TIMESTAMP, so a decimal int, a decimal or reversed timestamp, a
// salt or a host name all export as STRING, and the template's literal text is lost. The
// studio's row_key_schema.yaml carries the design's row key in one comment line
// (`# Studio row key: {json}`, written by export/row-key-schema.ts); import takes it only when
// it is a valid row key that exports to exactly the struct in the file, so a file edited
// since the export is read from its struct alone, and the notes say which fields stayed text.
import { structObject, structuredKeyOf, STUDIO_KEY_COMMENT } from '../export/row-key-schema';
import { FORMAT_V1, RowKey, type Design } from '../model/schema';
import { stableJson } from '../model/stable-json';

export interface HintResult {
  rowKey: RowKey;
  notes: string[];
}

const hintLine = (text: string): string | null => {
  let found: string | null = null;
  for (const line of text.split(/\r?\n/)) if (line.startsWith(STUDIO_KEY_COMMENT)) found = line.slice(STUDIO_KEY_COMMENT.length);
  return found;
};

/** The fields that came in as plain strings, in one note (null when none did). */
function textFieldsNote(rowKey: RowKey): string | null {
  const names = Object.entries(rowKey.fields)
    .filter(([, f]) => f.type === 'string')
    .map(([n]) => n);
  if (names.length === 0) return null;
  return `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} STRING in the schema, imported as string: a structured row key does not record a number, a time or a salt written as text; set the type in the form`;
}

/**
 * The row key to import from a row_key_schema file: the studio's own (from its comment) when
 * it matches the struct, else the struct's (`fromStruct`), with notes saying which.
 */
export function restoreRowKey(text: string, struct: unknown, fromStruct: RowKey, preEncoded: boolean, tableName: string): HintResult {
  const line = hintLine(text);
  const plain = (why: string | null): HintResult => ({
    rowKey: fromStruct,
    notes: [...(why ? [why] : []), ...[textFieldsNote(fromStruct)].filter((n): n is string => n !== null)],
  });
  if (line === null) return plain(null);
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return plain(`the "${STUDIO_KEY_COMMENT.slice(2, -2)}" comment is not valid JSON, so it was ignored`);
  }
  const parsed = RowKey.safeParse(json);
  if (!parsed.success) return plain(`the "${STUDIO_KEY_COMMENT.slice(2, -2)}" comment is not a valid row key, so it was ignored`);
  const rowKey = parsed.data;
  const design: Design = { format: FORMAT_V1, name: 'import', tables: [{ name: tableName, rowKey }] };
  let same = false;
  try {
    same = stableJson(structObject(structuredKeyOf(design, design.tables[0]!), preEncoded)) === stableJson(struct);
  } catch {
    same = false;
  }
  if (!same)
    return plain(
      `the "${STUDIO_KEY_COMMENT.slice(2, -2)}" comment does not match the schema's fields (edited since the export?), so the key was read from the fields alone`,
    );
  const restored = Object.entries(rowKey.fields)
    .filter(
      ([n, f]) =>
        fromStruct.fields[n]?.type !== f.type || ('encoding' in f && (fromStruct.fields[n] as { encoding?: string } | undefined)?.encoding !== f.encoding),
    )
    .map(([n, f]) => `${n} (${f.type})`);
  return {
    rowKey,
    notes: [
      `restored the studio's row key from the file's "${STUDIO_KEY_COMMENT.slice(2, -2)}" comment (template ${rowKey.template}${restored.length ? `; ${restored.join(', ')}` : ''}), as it matches the schema's fields`,
    ],
  };
}
