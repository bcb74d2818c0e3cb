// btstudio load DESIGN --table T --rows N: synthetic rows shaped by the design, written to
// Bigtable or the emulator, with a progress bar, retries and a throughput summary.
import type { LoadProgress } from '../../bigtable/load-rows';
import { intFlag, parseFlags, UserError, write, type Io } from '../io';
import { designFileArg, readTable, seedFlag } from '../table-args';
import { TARGET_FLAGS, asUserError, integration, targetFrom, withConnection } from '../target';
import { formatCount as grouped } from '../../core/units';

export const usage = `usage: btstudio load DESIGN --table T --rows N [--rate R] [--seed S] [--max-dynamic D]
                    [--project P] [--instance I] [--endpoint HOST:PORT]

Writes N rows to table T (create it first with btstudio apply): keys from the key template's
generators (the same seeded streams as btstudio keys), every family and column with values
of the column's valueBytes, dynamic columns perRow times (qualifier: the placeholder's name
and an index), counter columns of aggregate families as AddToCell, in batched MutateRows
requests. Transient errors are retried with backoff; --rate caps rows per second. A progress
bar on a terminal (progress lines otherwise) and a throughput summary at the end. Ctrl+C
stops after the batches in flight and says how many rows were written (exit 130).

  --rows N         rows to write (1 to 1,000,000,000)
  --rate R         at most R rows per second
  --seed S         seed of the generators (default 1)
  --max-dynamic D  at most D dynamic columns per column and row (default: its perRow)
Target flags as for btstudio apply (BIGTABLE_EMULATOR_HOST selects the emulator).`;

const BAR = 30;

function progressWriter(io: Io): { update(p: LoadProgress): void; finish(): void } {
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  let lastAt = 0;
  let lastShown = -1;
  const text = (p: LoadProgress) => {
    const frac = p.total ? p.written / p.total : 1;
    const rate = p.elapsedMs > 0 ? (p.written * 1000) / p.elapsedMs : 0;
    const eta = rate > 0 ? (p.total - p.written) / rate : 0;
    return { frac, rate, eta };
  };
  return {
    update(p) {
      const now = performance.now();
      const { frac, rate, eta } = text(p);
      if (tty) {
        if (now - lastAt < 100 && p.written < p.total) return;
        lastAt = now;
        const filled = Math.round(frac * BAR);
        io.stderr.write(
          `\r[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${(frac * 100).toFixed(0).padStart(3)}% ${grouped(p.written)}/${grouped(p.total)} rows  ${grouped(rate)} rows/s  ETA ${eta.toFixed(0)} s${p.retries ? `  ${p.retries} retries` : ''}\x1b[K`,
        );
      } else {
        // Plain lines: every 10% or every 5 seconds, whichever comes first.
        const tenth = Math.floor(frac * 10);
        if (tenth === lastShown && now - lastAt < 5_000) return;
        lastShown = tenth;
        lastAt = now;
        io.stderr.write(
          `load: ${grouped(p.written)}/${grouped(p.total)} rows (${(frac * 100).toFixed(0)}%), ${grouped(rate)} rows/s${p.retries ? `, ${p.retries} retries` : ''}\n`,
        );
      }
    },
    finish() {
      if (tty) io.stderr.write('\n');
    },
  };
}

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    ...TARGET_FLAGS,
    table: { type: 'string', short: 't' },
    rows: { type: 'string', short: 'n' },
    rate: { type: 'string' },
    seed: { type: 'string' },
    'max-dynamic': { type: 'string' },
  });
  const file = designFileArg(positionals);
  if (values.rows === undefined) throw new UserError('say how many rows to write with --rows N');
  const rows = intFlag(values.rows, '--rows', 0, 1, 1_000_000_000);
  const rate = values.rate === undefined ? undefined : intFlag(values.rate, '--rate', 0, 1, 100_000_000);
  const seed = seedFlag(values.seed);
  const maxDynamic = values['max-dynamic'] === undefined ? undefined : intFlag(values['max-dynamic'], '--max-dynamic', 0, 1, 100_000);
  const { table } = await readTable(file, values.table);
  const { requireMatchingTable } = await integration();
  const { formatLoadSummary, loadRows, syntheticRows, tableMutate } = await import('../../bigtable/load-rows');
  let source: ReturnType<typeof syntheticRows>;
  try {
    source = syntheticRows(table, { seed, maxDynamic });
  } catch (e) {
    throw asUserError(e);
  }
  const target = await targetFrom(values);
  return withConnection(target, async (conn) => {
    await requireMatchingTable(conn, table);
    const bt = conn.client.instance(target.instance).table(table.name);
    const controller = new AbortController();
    // Ctrl+C: stop dispatching, let the batches in flight finish, report. A second Ctrl+C
    // finds no handler of ours and ends the process the usual way.
    const onSigint = () => {
      controller.abort();
      io.stderr.write('\nload: stopping after the batches in flight (Ctrl+C again to quit at once)\n');
    };
    process.once('SIGINT', onSigint);
    const progress = progressWriter(io);
    await write(
      io.stderr,
      `load: ${grouped(rows)} rows into ${table.name} on ${target.kind === 'emulator' ? `the emulator at ${target.host}` : target.kind === 'endpoint' ? `endpoint ${target.host}` : 'Cloud Bigtable'} (${target.instancePath}); ${source.shape.cellsPerRow} cells per row\n`,
    );
    try {
      const result = await loadRows(source, {
        rows,
        rate,
        signal: controller.signal,
        onProgress: (p) => progress.update(p),
        mutate: tableMutate(bt),
      });
      progress.finish();
      await write(io.stdout, formatLoadSummary(table.name, result, rows));
      return result.interrupted ? 130 : 0;
    } catch (e) {
      progress.finish();
      throw e;
    } finally {
      process.off('SIGINT', onSigint);
    }
  });
}
