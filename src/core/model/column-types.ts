// Column value types (columns[].type): what a cell's bytes mean, one model for the SQL export
// (casts), the load generator (values), the code exports and the aggregate-input rule.
//   bytes      raw bytes (the default)                       SQL: BYTES as stored
//   string     UTF-8 text                                    SQL: CAST(v AS STRING)
//   int64      8-byte big-endian two's complement            SQL: CAST(v AS INT64)
//   float32    4-byte big-endian IEEE 754                    SQL: CAST(v AS FLOAT32)
//   float64    8-byte big-endian IEEE 754                    SQL: CAST(v AS FLOAT64)
//   bool       one byte, 0x00 or 0x01                        SQL: compared as BYTES
//   timestamp  8-byte big-endian microseconds since 1970     SQL: TIMESTAMP_MICROS(CAST(v AS INT64))
//   date       ISO 8601 text, YYYY-MM-DD                     SQL: CAST(CAST(v AS STRING) AS DATE)
//   json       UTF-8 JSON text                               SQL: CAST(v AS STRING)
//   proto      a serialized protobuf message (`message`)     SQL: BYTES (no comparison)
// In an aggregate family the default is int64: sum, min, max and HLL families take Int64 input
// (BIGTABLE-FACTS.md, "Aggregate (counter) families"; cbt intsum/intmin/intmax/inthll).
import type { Column, ColumnType, Family } from './schema';

/** The column's value type: declared, else int64 in an aggregate family, else bytes. */
export function columnType(family: Family, column: Column): ColumnType {
  return column.type ?? (family.aggregate ? 'int64' : 'bytes');
}

/** The GoogleSQL type a comparison reads the value as, or null when it cannot be compared. */
export function sqlValueType(t: ColumnType): 'BYTES' | 'STRING' | 'INT64' | 'FLOAT32' | 'FLOAT64' | 'TIMESTAMP' | 'DATE' | null {
  switch (t) {
    case 'bytes':
    case 'bool':
      return 'BYTES';
    case 'string':
    case 'json':
      return 'STRING';
    case 'int64':
      return 'INT64';
    case 'float32':
      return 'FLOAT32';
    case 'float64':
      return 'FLOAT64';
    case 'timestamp':
      return 'TIMESTAMP';
    case 'date':
      return 'DATE';
    case 'proto':
      return null;
  }
}

/** A GoogleSQL expression reading `expr` (a BYTES cell value) as the column's type. */
export function sqlCast(t: ColumnType, expr: string): string {
  switch (sqlValueType(t)) {
    case 'STRING':
      return `CAST(${expr} AS STRING)`;
    case 'INT64':
      return `CAST(${expr} AS INT64)`;
    case 'FLOAT32':
      return `CAST(${expr} AS FLOAT32)`;
    case 'FLOAT64':
      return `CAST(${expr} AS FLOAT64)`;
    case 'TIMESTAMP':
      return `TIMESTAMP_MICROS(CAST(${expr} AS INT64))`;
    case 'DATE':
      return `CAST(CAST(${expr} AS STRING) AS DATE)`;
    default:
      return expr;
  }
}

/** Bytes per value when the type fixes them (int64 8, float32 4, ...), else null. */
export function fixedWidth(t: ColumnType): number | null {
  return t === 'int64' || t === 'float64' || t === 'timestamp' ? 8 : t === 'float32' ? 4 : t === 'bool' ? 1 : t === 'date' ? 10 : null;
}

/** What a value of the type looks like, for messages and comments. */
export const COLUMN_TYPE_TEXT: Record<ColumnType, string> = {
  bytes: 'raw bytes',
  string: 'UTF-8 text',
  int64: '8-byte big-endian Int64',
  float32: '4-byte big-endian float',
  float64: '8-byte big-endian double',
  bool: 'one byte, 0 or 1',
  timestamp: '8-byte big-endian microseconds since 1970',
  date: 'YYYY-MM-DD text',
  json: 'JSON text',
  proto: 'a serialized protobuf message',
};

/**
 * A typed value of the column for synthetic rows: `u` is a random 32-bit number, `text` makes
 * `len` bytes of printable text. Fixed-width types ignore `len`.
 */
export function typedValue(t: ColumnType, u: number, len: number, text: (len: number) => Uint8Array, nowMicros: number): Uint8Array | null {
  const be = (n: bigint) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigInt64(0, n);
    return b;
  };
  switch (t) {
    case 'int64':
      return be(BigInt(u % 1_000_000));
    case 'float64': {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setFloat64(0, u / 1000);
      return b;
    }
    case 'float32': {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setFloat32(0, (u % 1_000_000) / 100);
      return b;
    }
    case 'bool':
      return Uint8Array.of(u & 1);
    case 'timestamp':
      return be(BigInt(Math.max(0, Math.floor(nowMicros))));
    case 'date':
      return new TextEncoder().encode(new Date(Math.max(0, Math.floor(nowMicros / 1000))).toISOString().slice(0, 10));
    case 'json':
      return new TextEncoder().encode(JSON.stringify({ v: u % 1000 }));
    case 'string':
      return text(len);
    default:
      return null;
  }
}
