// btstudio diff A B: what changed between two designs, classed by what Bigtable allows; with
// --fail-on, a gate that fails only on changes of a class or a stricter one; with --since, A is
// the design file as committed at a git ref.
import { CLASS_LABEL, CLASS_ORDER, diffDesigns, diffText, type ChangeClass } from '../../core/diff';
import { formatIssue, loadDesign } from '../../core/load/load-design';
import { FORMAT_V1, type Design } from '../../core/model/schema';
import { readDesign } from '../design-file';
import { checkRef, readAtRef } from '../git';
import { parseFlags, terminalSafe, UserError, write, type Io } from '../io';
import { plural } from '../../core/units';

export const usage = `usage: btstudio diff A.yaml B.yaml [--format text|json] [--fail-on CLASS]
       btstudio diff --since GIT_REF B.yaml [--format text|json] [--fail-on CLASS]

Compares design B with design A: tables, families, GC rules, the key template and fields,
queries, load, views and settings added, removed or changed, each classed by what Bigtable
allows: in place (a GC rule, a new family), needs care (a row key schema is set once; a
family or table dropped deletes data), new table + backfill (the key bytes change, an
aggregate type changes) or design only (queries, load, text). Then each query whose plan or
findings changed; a query that became a full scan comes first.
  --since GIT_REF  A is B's file as committed at GIT_REF (git show); a file new since then is
                   compared with an empty design
  --fail-on CLASS  exit 1 only on a change of CLASS or a stricter one, exit 0 below it. The
                   classes, strictest first: new-table, needs-care, in-place, design-only
Exit 0 when the designs are the same, 1 when they differ (with --fail-on: when a change is of
that class or stricter), 2 on bad input.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, { format: { type: 'string' }, 'fail-on': { type: 'string' }, since: { type: 'string' } });
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UserError(`--format must be text or json (got "${format}")`);
  const failOn = values['fail-on'];
  if (failOn !== undefined && !CLASS_ORDER.includes(failOn as ChangeClass)) {
    throw new UserError(`--fail-on must be one of ${CLASS_ORDER.join(', ')}, strictest first (got ${JSON.stringify(failOn)})`);
  }
  let fa: string;
  let fb: string;
  let a: Design;
  let b: Design;
  if (values.since !== undefined) {
    const ref = checkRef(values.since);
    if (positionals.length !== 1) throw new UserError(`with --since, name one design file (got ${positionals.length})`);
    fb = positionals[0]!;
    b = await readDesign(fb);
    fa = `${fb}@${ref}`;
    const at = await readAtRef(fb, ref);
    if (at.ok) {
      const loaded = loadDesign(at.text, fa);
      if (!loaded.ok) throw new UserError(`${fa} is not a valid design, so there is nothing to compare with:\n${loaded.issues.map(formatIssue).join('\n')}`);
      a = loaded.design;
    } else {
      await write(io.stderr, `note: ${terminalSafe(at.missing)}: compared with an empty design\n`);
      a = { format: FORMAT_V1, name: b.name, tables: [] };
    }
  } else {
    if (positionals.length !== 2) throw new UserError(`name two design files (got ${positionals.length})`);
    [fa, fb] = positionals as [string, string];
    [a, b] = [await readDesign(fa), await readDesign(fb)];
  }
  const d = diffDesigns(a, b);
  await write(io.stdout, format === 'json' ? `${JSON.stringify(d, null, 2)}\n` : diffText(d, fa, fb).split('\n').map(terminalSafe).join('\n'));
  if (failOn === undefined) return d.changes.length === 0 ? 0 : 1;
  const limit = CLASS_ORDER.indexOf(failOn as ChangeClass);
  const failing = d.changes.filter((c) => CLASS_ORDER.indexOf(c.class) <= limit);
  if (failing.length && format === 'text') {
    await write(
      io.stderr,
      `btstudio diff: ${plural(failing.length, 'change')} of class ${CLASS_LABEL[failOn as ChangeClass]} or stricter (--fail-on ${failOn})\n`,
    );
  }
  return failing.length ? 1 : 0;
}
