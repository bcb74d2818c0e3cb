// btstudio diff A B: what changed between two designs, classed by what Bigtable allows.
import { diffDesigns, diffText } from '../../core/diff';
import { readDesign } from '../design-file';
import { parseFlags, terminalSafe, UserError, write, type Io } from '../io';

export const summary = 'compare two designs: changes classed by what Bigtable allows, plan and finding changes';
export const usage = `usage: btstudio diff A.yaml B.yaml [--format text|json]

Compares design B with design A: tables, families, GC rules, the key template and fields,
queries, load, views and settings added, removed or changed, each classed by what Bigtable
allows: in place (a GC rule, a new family), needs care (a row key schema is set once; a
family or table dropped deletes data), new table + backfill (the key bytes change, an
aggregate type changes) or design only (queries, load, text). Then each query whose plan or
findings changed; a query that became a full scan comes first. Exit 0 when the designs are
the same, 1 when they differ, 2 on bad input.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, { format: { type: 'string' } });
  if (positionals.length !== 2) throw new UserError(`name two design files (got ${positionals.length})`);
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UserError(`--format must be text or json (got "${format}")`);
  const [fa, fb] = positionals as [string, string];
  const [a, b] = [await readDesign(fa), await readDesign(fb)];
  const d = diffDesigns(a, b);
  await write(io.stdout, format === 'json' ? `${JSON.stringify(d, null, 2)}\n` : diffText(d, fa, fb).split('\n').map(terminalSafe).join('\n'));
  return d.changes.length === 0 ? 0 : 1;
}
