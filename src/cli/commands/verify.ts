// btstudio verify DESIGN --table T: read a real table back and check it against the design.
import { intFlag, parseFlags, write, type Io } from '../io';
import { designFileArg, readTable, seedFlag } from '../table-args';
import { integration, TARGET_FLAGS, targetFrom, withConnection } from '../target';

export const usage = `usage: btstudio verify DESIGN --table T [--sample N] [--seed S]
                      [--project P] [--instance I] [--endpoint HOST:PORT]

Reads every row key of table T (keys only, values stripped) and checks that
  - every key decodes by the key template (non-conforming keys are listed, escaped as \\xNN:
    they would make SQL queries over a structured row key fail),
  - the rows come back in unsigned byte order, the order the studio predicts,
  - each declared query, run as the row ranges its plan reads (bound from N sampled rows,
    one range per salt bucket on a fan-out), finds the sampled row; it prints rows scanned
    against rows returned per run (a full scan reads every row).
  --sample N   sampled rows per query (default 5)
Exit 0 when every check holds, 1 when one fails, 2 when the table is missing or disagrees
with the design. Target flags as for btstudio apply.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    ...TARGET_FLAGS,
    table: { type: 'string', short: 't' },
    sample: { type: 'string' },
    seed: { type: 'string' },
  });
  const file = designFileArg(positionals);
  const sample = intFlag(values.sample, '--sample', 5, 1, 1000);
  const seed = seedFlag(values.seed);
  const { table } = await readTable(file, values.table);
  const target = await targetFrom(values);
  const { requireMatchingTable } = await integration();
  const { formatVerifyReport, verifyTable } = await import('../../bigtable/verify');
  return withConnection(target, async (conn) => {
    await requireMatchingTable(conn, table);
    const report = await verifyTable(conn.client.instance(target.instance).table(table.name), table, { sample, seed });
    await write(io.stdout, formatVerifyReport(report, sample));
    return report.ok ? 0 : 1;
  });
}
