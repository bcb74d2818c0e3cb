// Imports: round trips from every export the studio writes (row-key-schema plain and
// pre-encoded, Terraform's struct, describe-shaped tables, the design itself), and a clear
// error for each kind of bad input.
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { gcToProto, simplifyGc, AGGREGATE_TYPE } from '../export/common';
import { ExportError, exportTable } from '../outputs';
import { structObject, structuredKeyOf } from '../export/row-key-schema';
import { ENCODING_ZOO } from '../../test-support/export-designs';
import type { Design, GcRule } from '../model/schema';
import { validDesign } from '../../test-support/design-arbitrary';
import { durationFromProto, importText } from './index';
import { exampleDesigns } from '../../test-support/examples';
import { describeTable } from '../../test-support/describe-table';

const designs: Design[] = [ENCODING_ZOO, ...exampleDesigns().map((e) => e.design)];
/** Tables a structured row key can express. */
const structured = designs.flatMap((design) =>
  design.tables.flatMap((table) => {
    try {
      return [{ design, table, key: structuredKeyOf(design, table) }];
    } catch (e) {
      if (e instanceof ExportError) return [];
      throw e;
    }
  }),
);

const keyOf = (d: Design) => {
  const { notes: _notes, ...rest } = structuredKeyOf(d, d.tables[0]!);
  return rest;
};
const strip = (k: ReturnType<typeof structuredKeyOf>) => {
  const { notes: _notes, ...rest } = k;
  return rest;
};

function imported(text: string, options: Parameters<typeof importText>[1] = {}): Design {
  const r = importText(text, options);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.design;
}

describe('import: round trips', () => {
  it('has tables to try', () => expect(structured.length).toBeGreaterThanOrEqual(12));

  it.each(structured.map((s) => [s.table.name, s] as const))(
    'row-key-schema of %s: export then import gives the same key fields and encoding',
    (_n, { design, table, key }) => {
      const plain = exportTable(design, table.name, 'row-key-schema').text;
      const pre = exportTable(design, table.name, 'row-key-schema', { preEncoded: true }).text;
      const a = imported(plain, { file: `${table.name}.row_key_schema.yaml` });
      const b = imported(pre, { file: 'x.yaml', preEncoded: true, table: table.name });
      expect(keyOf(a)).toEqual(strip(key));
      expect(keyOf(b)).toEqual(strip(key));
      // The studio's own file restores the whole row key (types, options, template text) from its comment.
      expect(a.tables[0]!.rowKey).toEqual(table.rowKey);
      expect(b.tables[0]!.rowKey).toEqual(table.rowKey);
      expect(b.tables[0]!.name).toBe(table.name);
      // JSON too, and Terraform's wrapped struct.
      expect(keyOf(imported(JSON.stringify(structObject(key, false)), { file: 's.json' }))).toEqual(strip(key));
      const tf = exportTable(design, table.name, 'terraform').text;
      const json = /row_key_schema = <<-EOT\n([\s\S]*?)\n\s*EOT/.exec(tf)![1]!;
      expect(keyOf(imported(json, { file: 'tf.json' }))).toEqual(strip(key));
    },
  );

  it.each(structured.map((s) => [s.table.name, s] as const))(
    'describe output of %s (JSON and YAML) imports as the same table',
    (_n, { design, table, key }) => {
      const value = describeTable(design, table);
      for (const text of [JSON.stringify(value, null, 2), dump(value)]) {
        const t = imported(text, { file: 'describe' }).tables[0]!;
        expect(t.name).toBe(table.name);
        expect(keyOf({ ...design, tables: [t] })).toEqual(strip(key));
        const fams = (table.families ?? []).map((f) => ({
          name: f.name,
          ...(f.gc ? { gc: simplify(f.gc) } : {}),
          ...(f.aggregate ? { aggregate: f.aggregate } : {}),
        }));
        expect((t.families ?? []).map((f) => ({ ...f, ...(f.gc ? { gc: simplify(f.gc) } : {}) }))).toEqual(fams);
      }
    },
  );

  it('export design, then import, gives the same design (every example, and generated designs)', () => {
    for (const d of designs) {
      expect(imported(exportTable(d, null, 'design').text)).toEqual(d);
      expect(imported(exportTable(d, null, 'design', { as: 'json' }).text)).toEqual(d);
    }
    fc.assert(
      fc.property(validDesign, (d) => {
        expect(imported(exportTable(d, null, 'design').text)).toEqual(d);
      }),
      { numRuns: 150 },
    );
  });
});

/** GC rules as their meaning: durations in ms, so 30d and 720h compare equal. */
function simplify(rule: GcRule): unknown {
  const r = simplifyGc(rule);
  if ('maxAge' in r) return { maxAgeMs: Number(/^(\d+)/.exec(gcToProto(r).maxAge as string)![1]) };
  if ('maxVersions' in r) return r;
  return 'union' in r ? { union: r.union.map(simplify) } : { intersection: r.intersection.map(simplify) };
}

describe('import: errors', () => {
  const err = (text: string, options: Parameters<typeof importText>[1] = {}) => {
    const r = importText(text, { file: 'f.yaml', ...options });
    if (r.ok) throw new Error('imported');
    return r.errors.join('\n');
  };
  const schema = (fields: unknown[], encoding: unknown = { delimitedBytes: { delimiter: '#' } }) => JSON.stringify({ fields, encoding });
  const str = { stringType: { encoding: { utf8Bytes: {} } } };

  it('names wrong types and values', () => {
    expect(err(schema([{ fieldName: 5, type: str }]))).toBe('f.yaml:1:25: fields[0].fieldName: every key field needs a name (found number 5)');
    expect(err(schema([{ fieldName: 'a-b', type: str }]))).toMatch(/"a-b" cannot be a design field name/);
    expect(err(schema([{ fieldName: 'a', type: 'string' }]))).toMatch(/fields\[0\]\.type: expected a mapping, found string "string"/);
    expect(err(schema([]))).toMatch(/fields: expected a list of at least one field/);
    expect(
      err(
        schema([
          { fieldName: 'a', type: str },
          { fieldName: 'a', type: str },
        ]),
      ),
    ).toMatch(/"a" names two fields/);
    expect(err('[1, 2]')).toMatch(/expected a mapping .* found a list/);
    expect(err('')).toBe('f.yaml: the file is empty');
    expect(err('~')).toMatch(/found nothing/);
    expect(err('a: [')).toMatch(/not YAML or JSON/);
    expect(err('colour: red')).toMatch(/not a file the studio imports: .* found keys "colour"/);
  });

  it('refuses two kinds in one oneof', () => {
    expect(err(schema([{ fieldName: 'a', type: { ...str, int64Type: { encoding: { bigEndianBytes: {} } } } }]))).toMatch(
      /fields\[0\]\.type: stringType and int64Type are both set, but a type is exactly one of them/,
    );
    expect(err(schema([{ fieldName: 'a', type: { int64Type: { encoding: { bigEndianBytes: {}, orderedCodeBytes: {} } } } }]))).toMatch(
      /bigEndianBytes and orderedCodeBytes are both set/,
    );
    expect(err(schema([{ fieldName: 'a', type: str }], { singleton: {}, orderedCodeBytes: {} }))).toMatch(
      /encoding: singleton and orderedCodeBytes are both set, but a struct encoding is exactly one/,
    );
  });

  it('refuses aggregate, struct and other types a row key cannot hold', () => {
    expect(err(schema([{ fieldName: 'a', type: { aggregateType: { sum: {} } } }]))).toMatch(
      /aggregateType cannot be a row key field \(Bigtable allows bytesType, stringType, int64Type and timestampType/,
    );
    expect(err(schema([{ fieldName: 'a', type: { structType: { fields: [] } } }]))).toMatch(/structType cannot be a row key field/);
    expect(err(schema([{ fieldName: 'a', type: { float64Type: {} } }]))).toMatch(/float64Type cannot be a row key field/);
  });

  it('checks a pre-encoded delimiter is base64 (and that a singleton has one field)', () => {
    expect(err(schema([{ fieldName: 'a', type: str }]), { preEncoded: true })).toMatch(
      /^f\.yaml:1:\d+: encoding\.delimitedBytes\.delimiter: "#" is not valid base64: "#" \(character 1\) is not a base64 character \(a pre-encoded delimiter is base64, e\.g\. "Iw==" for "#"\)/,
    );
    expect(err(JSON.stringify({ structType: { fields: [{ fieldName: 'a', type: str }], encoding: { delimitedBytes: { delimiter: '/w==' } } } }))).toMatch(
      /decodes to bytes that are not UTF-8 text/,
    );
    expect(
      err(
        schema(
          [
            { fieldName: 'a', type: str },
            { fieldName: 'b', type: str },
          ],
          { singleton: {} },
        ),
      ),
    ).toMatch(/singleton takes exactly one field, not 2/);
    expect(
      keyOf(
        imported(
          schema(
            [
              { fieldName: 'a', type: str },
              { fieldName: 'b', type: str },
            ],
            { delimitedBytes: { delimiter: 'Iw==' } },
          ),
          { preEncoded: true },
        ),
      ),
    ).toMatchObject({ delimiter: '#' });
  });

  it('refuses unknown fields at every level', () => {
    expect(err(JSON.stringify({ fields: [{ fieldName: 'a', type: str }], encoding: { singleton: {} }, colour: 1 }))).toMatch(
      /^f\.yaml:1:\d+: colour: unknown field "colour" \(allowed: fields, encoding\)/,
    );
    expect(err(schema([{ fieldName: 'a', type: str, nullable: true }]))).toMatch(
      /^f\.yaml:1:\d+: fields\[0\]\.nullable: unknown field "nullable" \(allowed: fieldName, type\)/,
    );
    expect(err(schema([{ fieldName: 'a', type: { stringType: { encoding: { utf8Bytes: { x: 1 } } } } }]))).toMatch(
      /fields\[0\]\.type\.stringType\.encoding\.utf8Bytes\.x: unknown field "x" \(this message has no fields\)/,
    );
    expect(err(JSON.stringify({ name: 'projects/p/instances/i/tables/t', colour: 1 }))).toMatch(/^f\.yaml:1:\d+: colour: unknown field "colour"/);
    expect(err(JSON.stringify({ name: 'projects/p/instances/i/tables/t', columnFamilies: { f: { gcRule: { maxAge: '1s', maxNumVersions: 1 } } } }))).toMatch(
      /gcRule: maxNumVersions and maxAge are both set|gcRule: maxAge and maxNumVersions are both set/,
    );
    expect(
      err(
        JSON.stringify({
          name: 'projects/p/instances/i/tables/t',
          columnFamilies: { f: { valueType: { aggregateType: { inputType: { bytesType: {} }, sum: {} } } } },
        }),
      ),
    ).toMatch(/sum takes Int64 input/);
    expect(err(JSON.stringify({ name: 'projects/p/instances/i/tables/t', columnFamilies: { f: { gcRule: { maxAge: '0.000000001s' } } } }))).toMatch(
      /has nanoseconds/,
    );
  });

  it('reads a table without a row key schema as one text field, and durations in the largest unit', () => {
    const r = importText(
      JSON.stringify({
        name: 'projects/p/instances/i/tables/plain',
        columnFamilies: { cf: {}, agg: { valueType: { aggregateType: { hllppUniqueCount: {}, inputType: { bytesType: { encoding: { raw: {} } } } } } } },
      }),
    );
    expect(r).toMatchObject({ ok: true, kind: 'gcloud-describe', notes: [expect.stringMatching(/no row key schema/)] });
    expect(r.ok && r.design.tables[0]).toEqual({
      name: 'plain',
      rowKey: { template: '{row_key}', fields: { row_key: { type: 'string' } } },
      families: [{ name: 'cf' }, { name: 'agg', aggregate: 'hll' }],
    });
    expect(['864000s', '0.5s', '5400s', '34560000s', '7200.000s'].map((d) => durationFromProto(d, ['x']))).toEqual(['10d', '500ms', '90m', '400d', '2h']);
    expect(() => durationFromProto('1.000500s', ['gc'])).toThrow(/cannot be written as a design duration \(whole milliseconds/);
  });

  it('reads design files through the design loader, with its positions', () => {
    expect(err('format: bigtable-studio/v1\nname: x\ntables: 3\n')).toBe('f.yaml:3:9: tables: expected a list, found number 3');
    expect(AGGREGATE_TYPE.hll).toBe('inthll');
  });
});
