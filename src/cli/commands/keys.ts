// btstudio keys DESIGN --table T: sample keys from the template's generators.
import { compareBytes, displayKey, toHex } from '../../core/keys/bytes';
import { sampleKeys } from '../../core/keys/generate';
import { TemplateError } from '../../core/keys/template';
import { KeyCodecError } from '../../core/keys/values';
import { failedError, intFlag, parseFlags, UserError, write, type Io } from '../io';
import { pickTable, readDesign } from '../design-file';

export const summary = 'print sample row keys of a table';
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
  let keys: Uint8Array[];
  try {
    keys = sampleKeys(table.rowKey, n, { seed, writesPerSecond: table.load?.writesPerSecond });
  } catch (e) {
    // The design loads but its key cannot be generated (e.g. singleton with two fields).
    if (e instanceof TemplateError || e instanceof KeyCodecError) throw new UserError(`${file}: table ${table.name}: ${e.message}`);
    throw failedError(`${file}: key generation of table ${table.name}`, e);
  }
  if (values.sorted) keys.sort(compareBytes);
  const show = values.hex ? toHex : displayKey;
  const lines: string[] = [];
  for (const k of keys) lines.push(show(k));
  await write(io.stdout, lines.join('\n') + '\n');
  return 0;
}
