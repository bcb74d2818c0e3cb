import { describe, expect, it } from 'vitest';
import { syntheticRows } from '../../bigtable/load-rows';
import { columnType, sqlCast, typedValue } from './column-types';
import type { Table } from './schema';

describe('column value types', () => {
  it('defaults to bytes, and to int64 in an aggregate family', () => {
    expect(columnType({ name: 'p' }, { qualifier: 'x' })).toBe('bytes');
    expect(columnType({ name: 'c', aggregate: 'sum' }, { qualifier: 'x' })).toBe('int64');
    expect(columnType({ name: 'c', aggregate: 'sum' }, { qualifier: 'x', type: 'string' })).toBe('string');
  });

  it('casts a cell to its type in GoogleSQL', () => {
    expect(sqlCast('int64', "c['n']")).toBe("CAST(c['n'] AS INT64)");
    expect(sqlCast('timestamp', 'v')).toBe('TIMESTAMP_MICROS(CAST(v AS INT64))');
    expect(sqlCast('bytes', 'v')).toBe('v');
    expect(sqlCast('date', 'v')).toBe('CAST(CAST(v AS STRING) AS DATE)');
  });

  it('encodes typed values as the SQL casts read them', () => {
    const text = (n: number) => new Uint8Array(n).fill(97);
    const i = typedValue('int64', 1234567, 0, text, 0)!;
    expect(i.length).toBe(8);
    expect(new DataView(i.buffer).getBigInt64(0)).toBe(234567n);
    expect(typedValue('float32', 5, 0, text, 0)!.length).toBe(4);
    expect(new TextDecoder().decode(typedValue('date', 0, 0, text, Date.UTC(2026, 0, 2) * 1000)!)).toBe('2026-01-02');
    expect(typedValue('bytes', 1, 4, text, 0)).toBeNull();
  });

  it('the load generator writes typed values (seed 7)', () => {
    const table: Table = {
      name: 't',
      rowKey: { template: '{id}', fields: { id: { type: 'string' } } },
      families: [
        {
          name: 'p',
          columns: [
            { qualifier: 'n', type: 'int64', valueBytes: 100 },
            { qualifier: 's', type: 'string', valueBytes: 5 },
            { qualifier: 'b', valueBytes: 3 },
          ],
        },
      ],
    };
    const rows = syntheticRows(table, { seed: 7 });
    const m = rows.next(1_000_000).mutations.map((x) => ('setCell' in x ? x.setCell : null));
    expect(m[0]!.value.length).toBe(8);
    expect(m[1]!.value.toString('utf8')).toMatch(/^[a-z]{5}$/);
    expect(m[2]!.value.length).toBe(3);
  });
});

describe('column value types in the format', () => {
  const yaml = (col: string) => `format: bigtable-studio/v1
name: t
tables:
  - name: t1
    rowKey: {template: "{a}", fields: {a: {type: string}}}
    families:
      - name: p
        columns:
          - ${col}
`;
  it('accepts every type, a proto with its message', async () => {
    const { loadDesign } = await import('../load/load-design');
    for (const t of ['bytes', 'string', 'int64', 'float32', 'float64', 'bool', 'timestamp', 'date', 'json'])
      expect(loadDesign(yaml(`{qualifier: q, type: ${t}}`), 'x.yaml').ok).toBe(true);
    expect(loadDesign(yaml('{qualifier: q, type: proto, message: shop.v1.Order}'), 'x.yaml').ok).toBe(true);
  });
  it('names a proto without a message, a message without proto and an unknown type', async () => {
    const { loadDesign } = await import('../load/load-design');
    const msg = (c: string) => {
      const r = loadDesign(yaml(c), 'x.yaml');
      return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
    };
    expect(msg('{qualifier: q, type: proto}')).toEqual([
      'tables[0].families[0].columns[0].type: a proto column names its message: add message: package.Message',
    ]);
    expect(msg('{qualifier: q, message: a.B}')[0]).toMatch(/columns\[0\]\.message: message names the protobuf message/);
    expect(msg('{qualifier: q, type: text}')[0]).toMatch(/columns\[0\]\.type: .*bytes/);
  });
});

describe('column value types in the code export', () => {
  it('names each cell with its type and encoding in the generated file, every language', async () => {
    const { exportTable } = await import('../outputs');
    const design = {
      format: 'bigtable-studio/v1' as const,
      name: 't',
      tables: [
        {
          name: 't1',
          rowKey: { template: '{a}', fields: { a: { type: 'string' as const } } },
          families: [
            {
              name: 'p',
              columns: [{ qualifier: 'n', type: 'int64' as const }, { qualifier: 'm', type: 'proto' as const, message: 'shop.v1.Order' }, { qualifier: 'raw' }],
            },
          ],
        },
      ],
    };
    for (const lang of ['ts', 'java', 'go', 'python'] as const) {
      const text = exportTable(design, null, 'code', { lang }).text.split('\n')[0]!;
      expect(text).toContain(
        'Cell values: p:n int64 (8-byte big-endian Int64); p:m proto shop.v1.Order (a serialized protobuf message); p:raw bytes (raw bytes)',
      );
    }
  });
});
