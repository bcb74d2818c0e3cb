// btstudio fix DESIGN: applies every fix the validator offers (each one checked first: it
// removes its finding, adds no error or warning, serves every declared query at least as well
// and keeps the design valid), or only those of the rules named, one after the other, and
// prints what each did to every declared query.
import { writeFile } from 'node:fs/promises';
import { exportDesign } from '../../core/export/design';
import { formatIssue, formatPath, loadDesign } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';
import { fixAll } from '../../core/rules/lint';
import { ruleById } from '../../core/rules/registry';
import { parseFlags, readBytes, terminalSafe, UserError, write, writeError, type Io } from '../io';
import { designFileArg } from '../table-args';

export const usage = `usage: btstudio fix DESIGN [--rule ID]... [-o OUT]

Applies every fix the validator offers for DESIGN (or only those of the rules named with
--rule; a finding accepted in lint.accept only when its rule is named), one at a time, re-linting after each, planned together: the design's own fixes (key,
GC, queries) first, autoscaling targets next, node counts last, sized from the design the other
fixes made; a fix that would undo an earlier one is skipped. A fix is offered only when applying it removes
its finding, adds no error or warning, keeps every declared query's plan at least as good and
keeps the design valid. Prints each fix and its effect on every declared query, then the
fixed design as YAML to stdout (or to OUT with -o; DESIGN itself is never overwritten unless
named with -o).
Exit 0 when something changed, 1 when a fix was withheld (the finding says what would have to
change instead) or nothing could be fixed, 2 when the file cannot be read or is invalid.`;

/** Applies at most this many fixes: each removes a finding, so a loop means a bug. */
const MAX_STEPS = 200;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    rule: { type: 'string', multiple: true, default: [] },
    output: { type: 'string', short: 'o' },
  });
  const file = designFileArg(positionals);
  if (values.output === '') throw new UserError('-o needs a file name');
  const only = new Set(values.rule ?? []);
  for (const id of only) if (!ruleById(id)) throw new UserError(`--rule: no rule "${id}" (see docs/rules/)`);
  const loaded = loadDesign(await readBytes(file), file);
  if (!loaded.ok) {
    await write(io.stderr, loaded.issues.map(formatIssue).join('\n') + '\n');
    return 2;
  }
  const plan = fixAll(loaded.design, { rules: only, maxSteps: MAX_STEPS });
  const log: string[] = [];
  for (const step of plan.applied) {
    log.push(`fixed ${step.rule} at ${step.table ?? 'design'} ${formatPath(step.path)}: ${step.label}`);
    for (const e of step.effects) {
      const where = e.movedTo ? `${e.table} -> ${e.movedTo}` : e.table;
      log.push(`  query "${e.query}" (${where}): ${e.changed ? `${e.before} -> ${e.after}` : `unchanged (${e.before})`}`);
    }
  }
  for (const step of plan.cycles)
    log.push(`skipped ${step.rule} at ${step.table ?? 'design'} ${formatPath(step.path)}: ${step.label} would undo an earlier fix`);
  const withheld = plan.withheld;
  const applied = plan.applied.length;
  const design: Design = plan.design;
  for (const f of plan.decisions)
    log.push(
      `not applied ${f.rule} at ${f.table ?? 'design'} ${formatPath(f.path)}: ${f.fix}: it changes what the application gets back; apply it with --rule ${f.rule}`,
    );
  for (const f of withheld) log.push(`withheld ${f.rule} at ${f.table ?? 'design'} ${formatPath(f.path)}: ${f.fixWithheld}`);
  if (applied === 0 && withheld.length === 0) log.push(only.size ? `no fix offered for ${[...only].join(', ')}` : 'no fix offered: nothing changed');
  await write(io.stderr, log.map(terminalSafe).join('\n') + '\n');
  const text = exportDesign(design, null, { as: 'yaml' }).text;
  if (values.output !== undefined) {
    try {
      await writeFile(values.output, text);
    } catch (e) {
      throw writeError(values.output, e);
    }
  } else await write(io.stdout, text);
  return applied > 0 && withheld.length === 0 ? 0 : 1;
}
