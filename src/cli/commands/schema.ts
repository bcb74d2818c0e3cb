// btstudio schema: the JSON Schema (draft-07) of the design format.
import { designJsonSchema } from '../../core/model/schema';
import { parseFlags, write, type Io } from '../io';

export const usage = `usage: btstudio schema

Prints the JSON Schema (draft-07) of the design format v1, for completion in your editor.`;

export async function run(argv: string[], io: Io): Promise<number> {
  parseFlags(argv, {}, false);
  await write(io.stdout, JSON.stringify(designJsonSchema(), null, 2) + '\n');
  return 0;
}
