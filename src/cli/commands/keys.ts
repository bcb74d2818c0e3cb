// btstudio keys DESIGN --table T: sample keys from the template's generators.
import { peakWrites } from '../../core/analysis/design';
import { type ByteBuffer, displayKeyInto } from '../../core/keys/bytes';
import { keyWriter, packedKeys, type KeyWriter } from '../../core/keys/writer';
import { TemplateError } from '../../core/keys/template';
import { KeyCodecError } from '../../core/keys/values';
import { failedError, intFlag, parseFlags, UserError, type Io } from '../io';
import { chunkedOutput, type ChunkedOutput } from '../chunked-output';
import { pickTable, readDesign } from '../design-file';

export const usage = `usage: btstudio keys DESIGN [--table T] [-n 20] [--seed 1] [--sorted] [--hex]

Prints N sample keys generated from the table's key template, one a line. Bytes that are not
printable UTF-8 are written as \\xNN (a backslash as \\\\). --sorted prints them in Bigtable
order (unsigned byte order); --hex prints each key as hex instead.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    table: { type: 'string', short: 't' },
    n: { type: 'string', short: 'n' },
    seed: { type: 'string' },
    sorted: { type: 'boolean' },
    hex: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UserError('name one design file');
  const file = positionals[0]!;
  const n = intFlag(values.n, '-n', 20, 1, 1_000_000);
  const seed = intFlag(values.seed, '--seed', 1, 0, 0xffffffff);
  const design = await readDesign(file);
  const table = pickTable(design, values.table, file);
  // Written as bytes in chunks of about 1 MB: no string per key (a million keys is 50 MB).
  // Unsorted keys go straight from the key writer to the output; sorted ones are packed first.
  const show = values.hex === true ? hexInto : displayKeyInto;
  const output = chunkedOutput(io, CHUNK + 4096);
  await generating(file, table.name, async () => {
    const opts = { seed, writesPerSecond: peakWrites(design, table) ?? undefined };
    if (values.sorted) {
      const keys = packedKeys(table.rowKey, n, opts);
      // Loaded only here: unsorted keys, the common case, start without the sorter.
      const { sortLineIndex } = await import('../../core/sort/byteSort');
      const order = sortLineIndex(keys.data, keys.starts, keys.ends, keys.count);
      for (let k = 0; k < keys.count; k++) {
        const i = order[k]!;
        show(keys.data, keys.starts[i]!, keys.ends[i]!, output.out);
        output.out.push(10);
        if (output.out.len >= CHUNK) await output.flush();
      }
    } else {
      const writer = keyWriter(table.rowKey, opts);
      // Keys that are their own display text go straight into the output.
      if (writer.plain && values.hex !== true) await plainKeys(writer, n, output);
      else {
        for (let k = 0; k < n; k++) {
          const len = writer.next();
          show(writer.bytes(), 0, len, output.out);
          output.out.push(10);
          if (output.out.len >= CHUNK) await output.flush();
        }
      }
    }
  });
  await output.end();
  return 0;
}

/** Runs the generation; a key the design cannot generate (e.g. singleton with two fields) is the user's to fix. */
async function generating(file: string, table: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof UserError) throw e; // the output could not be written
    if (e instanceof TemplateError || e instanceof KeyCodecError) throw new UserError(`${file}: table ${table}: ${e.message}`);
    throw failedError(`${file}: key generation of table ${table}`, e);
  }
}

const CHUNK = 1 << 20;

async function plainKeys(writer: KeyWriter, n: number, output: ChunkedOutput): Promise<void> {
  for (let k = 0; k < n; ) {
    // Synchronous runs of keys between flushes: the loop stays small for the optimizer.
    k = fill(writer, k, n, output.out);
    await output.flush();
  }
}

function fill(writer: KeyWriter, k: number, n: number, out: ByteBuffer): number {
  for (; k < n && out.len < CHUNK; k++) {
    writer.nextInto(out);
    out.push(10);
  }
  return k;
}
const HEX = new TextEncoder().encode('0123456789abcdef');

function hexInto(bytes: Uint8Array, start: number, end: number, out: ByteBuffer): void {
  out.room(2 * (end - start));
  for (let p = start; p < end; p++) {
    out.buf[out.len++] = HEX[bytes[p]! >> 4]!;
    out.buf[out.len++] = HEX[bytes[p]! & 15]!;
  }
}
