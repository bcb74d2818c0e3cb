// btstudio pull: read live tables into a design (docs/pull.md). Read-only.
import { plural } from '../../core/units';
import { exportDesign } from '../../core/export/design';
import { intFlag, parseFlags, terminalSafe, UserError, write, writeNewFile, type Io } from '../io';
import { TARGET_FLAGS, targetFrom, withConnection } from '../target';

export const usage = `usage: btstudio pull [--project P] [--instance I] [--endpoint HOST:PORT]
                    [--table T ...] [--sample N] [--as yaml|json] [-o NEW_FILE]

READ-ONLY: pull never writes to Bigtable (no table, family, row or setting is created,
changed or deleted), so it needs no --yes. It reads each table's column families, GC rules,
aggregate types and row key schema through the admin API, samples about N row keys spread
over the whole key space (SampleRowKeys tablet boundaries, then short keys-only reads at
evenly spaced start keys; values are never read), infers the key template from them when the
table has no row key schema (as "btstudio infer" does), and prints a design (YAML, or JSON
with --as json). --table may be given more than once (default: every table of the instance);
--sample N keys per table (default 2000, at most 100000). -o writes a new file and refuses to
overwrite one. Target flags as for btstudio apply (BIGTABLE_EMULATOR_HOST for the emulator).`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    ...TARGET_FLAGS,
    table: { type: 'string', short: 't', multiple: true },
    sample: { type: 'string' },
    as: { type: 'string' },
    output: { type: 'string', short: 'o' },
  });
  if (positionals.length > 0) throw new UserError(`pull takes no file argument (got ${JSON.stringify(positionals[0])}); name tables with --table`);
  const sample = intFlag(values.sample, '--sample', 2000, 1, 100_000);
  const as = values.as ?? 'yaml';
  if (as !== 'yaml' && as !== 'json') throw new UserError(`--as must be yaml or json (got "${as}")`);
  if (values.output === '') throw new UserError('-o needs a file name');
  const tables = (values.table as string[] | undefined) ?? null;
  const target = await targetFrom(values);
  const { pullDesign } = await import('../../bigtable/pull');
  const { design, tables: pulled } = await withConnection(target, (conn) => pullDesign(conn, tables, sample));
  if (design.tables.length === 0) throw new UserError(`${target.instancePath} has no tables to pull`);
  for (const p of pulled) {
    await write(io.stderr, `pull: ${p.table.name}: ${p.sampled} keys sampled; ${terminalSafe(p.notes.join('; '))}\n`);
    for (const m of p.inference?.misfits.slice(0, 10) ?? [])
      await write(io.stderr, `pull: ${p.table.name}: sampled key ${m.line} does not fit: ${terminalSafe(m.reason)}: ${m.key}\n`);
  }
  const out = exportDesign(design, null, { as }).text;
  if (values.output !== undefined) {
    await writeNewFile(values.output, out, 'pull');
    await write(io.stderr, `pulled ${plural(design.tables.length, 'table')} into ${values.output}\n`);
  } else await write(io.stdout, out);
  return 0;
}
