// btstudio keys DESIGN --table T: sample keys from the template's generators.
import { peakWrites } from '../../core/analysis/design';
import { type ByteBuffer, displayKeyInto } from '../../core/keys/bytes';
import { keyWriter, packedKeys, type KeyWriter } from '../../core/keys/writer';
import { TemplateError } from '../../core/keys/template';
import { KeyCodecError } from '../../core/keys/values';
import { failedError, intFlag, parseFlags, UserError, write, type Io } from '../io';
import { chunkedOutput, type ChunkedOutput } from '../chunked-output';
import { designFileArg, readTable, seedFlag } from '../table-args';
import { KEYS_OUTPUT_BYTES, LIVE_BUDGETS } from '../budgets';
import { formatBytes } from '../../core/units';

export const usage = `usage: btstudio keys DESIGN [--table T] [-n 20] [--seed 1] [--sorted] [--hex]

Prints N sample keys generated from the table's key template, one a line. Bytes that are not
printable UTF-8 are written as \\xNN (a backslash as \\\\). --sorted prints them in Bigtable
order (unsigned byte order); --hex prints each key as hex instead.
Budget: at most ${KEYS_OUTPUT_BYTES / 2 ** 20} MiB of output (and, with --sorted, of keys held to sort):
past it the keys stop, and a "budget:" line on standard error says how many were printed.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    table: { type: 'string', short: 't' },
    n: { type: 'string', short: 'n' },
    seed: { type: 'string' },
    sorted: { type: 'boolean' },
    hex: { type: 'boolean' },
  });
  const file = designFileArg(positionals);
  const n = intFlag(values.n, '-n', 20, 1, 1_000_000);
  const seed = seedFlag(values.seed);
  const { design, table } = await readTable(file, values.table);
  // Written as bytes in chunks of about 1 MB: no string per key (a million keys is 50 MB).
  // Unsorted keys go straight from the key writer to the output; sorted ones are packed first.
  const show = values.hex === true ? hexInto : displayKeyInto;
  const output = chunkedOutput(io, CHUNK + 4096);
  let printed = n;
  await generating(file, table.name, async () => {
    const opts = { seed, writesPerSecond: peakWrites(design, table) ?? undefined };
    // Bytes handed to the output so far; the keys stop at the first chunk past the budget.
    let sent = 0;
    const budget = LIVE_BUDGETS.keysOutputBytes;
    const flush = async () => {
      sent += output.out.len;
      await output.flush();
      return sent >= budget;
    };
    if (values.sorted) {
      // Sorting holds every key: as many as fit the budget, sized from the longest of the first 8.
      const probe = keyWriter(table.rowKey, opts);
      let longest = 1;
      for (let k = 0; k < Math.min(n, 8); k++) longest = Math.max(longest, probe.next() + 1);
      const count = Math.min(n, Math.max(1, Math.floor(budget / longest)));
      const keys = packedKeys(table.rowKey, count, opts);
      // Loaded only here: unsorted keys, the common case, start without the sorter.
      const { sortLineIndex } = await import('../../core/sort/byteSort');
      const order = sortLineIndex(keys.data, keys.starts, keys.ends, keys.count);
      printed = keys.count;
      for (let k = 0; k < keys.count; k++) {
        const i = order[k]!;
        show(keys.data, keys.starts[i]!, keys.ends[i]!, output.out);
        output.out.push(10);
        if (output.out.len >= CHUNK && (await flush()) && k + 1 < keys.count) {
          printed = k + 1;
          break;
        }
      }
    } else {
      const writer = keyWriter(table.rowKey, opts);
      // Keys that are their own display text go straight into the output.
      if (writer.plain && values.hex !== true) printed = await plainKeys(writer, n, output, flush);
      else {
        for (let k = 0; k < n; k++) {
          const len = writer.next();
          show(writer.bytes(), 0, len, output.out);
          output.out.push(10);
          if (output.out.len >= CHUNK && (await flush()) && k + 1 < n) {
            printed = k + 1;
            break;
          }
        }
      }
    }
  });
  await output.end();
  if (printed < n)
    await write(
      io.stderr,
      `budget: printed ${printed.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} keys: keys stop at ${formatBytes(LIVE_BUDGETS.keysOutputBytes)} of output${values.sorted ? ' (and of keys held to sort)' : ''}; ask for fewer with -n\n`,
    );
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

/** Writes up to n keys; returns how many, fewer when `flush` says the budget is spent. */
async function plainKeys(writer: KeyWriter, n: number, output: ChunkedOutput, flush: () => Promise<boolean>): Promise<number> {
  for (let k = 0; k < n; ) {
    // Synchronous runs of keys between flushes: the loop stays small for the optimizer.
    k = fill(writer, k, n, output.out);
    if ((await flush()) && k < n) return k;
  }
  return n;
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
