// Re-importing the studio's row_key_schema.yaml restores what the struct cannot say (decimal
// ints, decimal and reversed timestamps, salts, literal text), and only when the comment still
// matches the struct; otherwise the notes name the fields that stayed text.
import { describe, expect, it } from 'vitest';
import { exportTable } from '../outputs';
import { STUDIO_KEY_COMMENT } from '../export/row-key-schema';
import type { Design } from '../model/schema';
import { importText } from './index';
import { oneTable } from '../../test-support/one-table';

const TRIPS: Design = {
  format: 'bigtable-studio/v1',
  name: 'rides',
  tables: [
    {
      name: 'trips',
      rowKey: {
        template: '{salt}#drv_{driver}#{ts}#{seq}',
        fields: {
          salt: { type: 'hash', buckets: 16, of: ['driver'] },
          driver: { type: 'string', prefix: 'drv-', alphabet: 'digits', length: 7 },
          ts: { type: 'timestamp', reversed: true },
          seq: { type: 'int', pad: 6, max: 999999 },
        },
      },
    },
  ],
};

function importRows(text: string, preEncoded = false) {
  const r = importText(text, { file: 'trips.row_key_schema.yaml', preEncoded });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r;
}

describe('row_key_schema.yaml round trip', () => {
  it('restores timestamps, ints, salts and literal text from the studio comment, plain and pre-encoded', () => {
    for (const preEncoded of [false, true]) {
      const text = exportTable(TRIPS, 'trips', 'row-key-schema', { preEncoded }).text;
      expect(text).toContain(STUDIO_KEY_COMMENT);
      const r = importRows(text, preEncoded);
      expect(r.design.tables[0]!.rowKey).toEqual(TRIPS.tables[0]!.rowKey);
      expect(r.notes.join('\n')).toMatch(/restored the studio's row key .*salt \(hash\), ts \(timestamp\), seq \(int\)/);
    }
  });

  it('reads the struct alone, and says which fields stayed text, when the comment is gone or no longer matches', () => {
    const text = exportTable(TRIPS, 'trips', 'row-key-schema').text;
    const bare = text
      .split('\n')
      .filter((l) => !l.startsWith(STUDIO_KEY_COMMENT))
      .join('\n');
    const a = importRows(bare);
    expect(Object.values(a.design.tables[0]!.rowKey.fields).map((f) => f.type)).toEqual(['string', 'string', 'string', 'string']);
    expect(a.notes).toContain(
      'salt, driver, ts, seq are STRING in the schema, imported as string: a structured row key does not record a number, a time or a salt written as text; set the type in the form',
    );
    // An edit after the export (a field renamed) makes the comment disagree: it is not trusted.
    const edited = importRows(text.replace('fieldName: seq', 'fieldName: sequence'));
    expect(Object.keys(edited.design.tables[0]!.rowKey.fields)).toEqual(['salt', 'driver', 'ts', 'sequence']);
    expect(edited.notes.join('\n')).toMatch(/comment does not match the schema's fields/);
    // A comment that is not JSON, or not a row key, is ignored with a note.
    const junk = importRows(text.replace(/^# Studio row key: .*$/m, `${STUDIO_KEY_COMMENT}{nope`));
    expect(junk.notes.join('\n')).toMatch(/comment is not valid JSON/);
    const wrong = importRows(text.replace(/^# Studio row key: .*$/m, `${STUDIO_KEY_COMMENT}{"template":1}`));
    expect(wrong.notes.join('\n')).toMatch(/comment is not a valid row key/);
  });

  it('keeps binary ints and microsecond timestamps as the struct types them, with no comment needed', () => {
    const d = oneTable({
      name: 't',
      rowKey: {
        template: '{id}{at}',
        encoding: 'orderedCode',
        fields: { id: { type: 'int', encoding: 'orderedCode' }, at: { type: 'timestamp', unit: 'us', encoding: 'bigEndian' } },
      },
    });
    const text = exportTable(d, 't', 'row-key-schema')
      .text.split('\n')
      .filter((l) => !l.startsWith(STUDIO_KEY_COMMENT))
      .join('\n');
    const r = importRows(text);
    expect(r.design.tables[0]!.rowKey.fields).toEqual(d.tables[0]!.rowKey.fields);
    expect(r.notes.join('\n')).not.toMatch(/STRING in the schema/);
  });
});
