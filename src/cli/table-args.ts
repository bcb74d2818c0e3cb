// The arguments of a command over one design file (keys, verify, simulate and load, over one
// of its tables; share, fix and apply): the design file it names, the table (--table, or the
// design's only one) and the seed of the key generators (--seed). Each is checked where the
// command asks for it, so a command keeps the order in which it reports mistakes.
import type { Design, Table } from '../core/model/schema';
import { pickTable, readDesign } from './design-file';
import { intFlag, UserError } from './io';

/** The one design file named. */
export function designFileArg(positionals: readonly string[]): string {
  if (positionals.length !== 1) throw new UserError('name one design file');
  return positionals[0]!;
}

/** --seed: the generators' seed, a 32-bit unsigned whole number (default 1). */
export function seedFlag(value: string | undefined): number {
  return intFlag(value, '--seed', 1, 0, 0xffffffff);
}

/** The design in `file` and its table `name` (--table; may be left out when it has one table). */
export async function readTable(file: string, name: string | undefined): Promise<{ design: Design; table: Table }> {
  const design = await readDesign(file);
  return { design, table: pickTable(design, name, file) };
}
