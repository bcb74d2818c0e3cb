// btstudio apply DESIGN: create or update the design's tables in Bigtable (the emulator or an
// instance). Also the target flags and error mapping that load and verify share.
import { parseFlags, UserError, write, type Io } from '../io';
import { readDesign } from '../design-file';
import { integration, TARGET_FLAGS, targetFrom, withConnection } from '../target';
import { designFileArg } from '../table-args';

export const usage = `usage: btstudio apply DESIGN [--table T] [--project P] [--instance I] [--endpoint HOST:PORT]
                     [--dry-run] [--yes] [--prune]

Compares the design with the tables in Bigtable and prints a plan: create table, add family,
change GC rule, set the row key schema (not on the emulator, which does not keep one), or
nothing to do. Then carries it out. A second apply reports nothing to do.

Target: with BIGTABLE_EMULATOR_HOST=127.0.0.1:PORT set, the emulator (project and instance
default to studio-test). Otherwise Cloud Bigtable with Application Default Credentials
(--project, or GOOGLE_CLOUD_PROJECT, and --instance); --endpoint HOST:PORT sends the calls to
another endpoint in plaintext and is never taken for the emulator. Any target other than the
emulator is changed only with --yes: without it apply prints the plan and stops.

  --table T    apply only this table of the design
  --dry-run    print the plan, change nothing
  --yes        carry out the plan on a target that is not the emulator
  --prune      also delete families (and, without --table, tables) that the design does not
               have; needs --yes, even on the emulator
Never deletes anything without --prune --yes. Aggregate types and an existing row key schema
cannot change in place: apply reports them as conflicts and changes nothing.
Exit 0 done (or nothing to do), 2 refused, a conflict, or the target cannot be used.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    ...TARGET_FLAGS,
    table: { type: 'string', short: 't' },
    'dry-run': { type: 'boolean' },
    yes: { type: 'boolean', short: 'y' },
    prune: { type: 'boolean' },
  });
  const file = designFileArg(positionals);
  const design = await readDesign(file);
  if (values.table !== undefined && !design.tables.some((t) => t.name === values.table)) {
    throw new UserError(`${file} has no table "${values.table}" (tables: ${design.tables.map((t) => t.name).join(', ') || '(none)'})`);
  }
  const target = await targetFrom(values);
  const { planApply, executeApplyPlan, formatApplyPlan, applyPlanChanges, applyPlanConflicts, applyPlanDeletes } = await integration();
  return withConnection(target, async (conn) => {
    const plan = await planApply(conn, design, { table: values.table, prune: values.prune === true });
    await write(io.stdout, formatApplyPlan(plan));
    const conflicts = applyPlanConflicts(plan);
    if (conflicts.length) {
      throw new UserError(`the design and the instance disagree; nothing was changed:\n${conflicts.map((c) => `  - ${c}`).join('\n')}`);
    }
    const changes = applyPlanChanges(plan);
    if (changes.length === 0) return 0;
    if (values['dry-run']) {
      await write(io.stdout, 'Dry run: nothing was changed.\n');
      return 0;
    }
    if (target.kind !== 'emulator' && !values.yes) {
      throw new UserError(
        `refusing to change ${target.kind === 'cloud' ? 'a Cloud Bigtable instance' : `endpoint ${target.host}, which is not the emulator,`} without --yes; nothing was changed. Read the plan above and run again with --yes to carry it out.`,
      );
    }
    const deletes = applyPlanDeletes(plan);
    if (deletes.length && !values.yes) {
      throw new UserError(
        `the plan deletes ${deletes.length === 1 ? 'a table or family' : `${deletes.length} tables or families`}; run again with --prune --yes to carry it out (nothing was changed)`,
      );
    }
    const done = await executeApplyPlan(conn, plan, (line) => write(io.stdout, `${line}\n`));
    await write(io.stdout, `Applied ${done} ${done === 1 ? 'change' : 'changes'}.\n`);
    return 0;
  });
}
