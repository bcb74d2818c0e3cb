// `btstudio load` throughput into the Bigtable emulator, beside baselines that write
// the same rows (same keys, cells and values: the same seeded generator) with plain
// @google-cloud/bigtable `table.insert` batches of 1,000 rows:
//   load                    btstudio load end to end (main() in-process): generating the rows,
//                           batching, 8 requests in flight
//   insert                  the baseline end to end: the same rows generated as it goes, inserted
//                           one batch at a time
//   insert-prebuilt         the write path alone: rows built before the clock starts
//   insert-prebuilt-8       the same, 8 batches in flight
//   load-write-path         load's write path alone (loadRows over prebuilt raw entries)
// Each run writes into a fresh table; runs are interleaved and the median is reported.
//
//   node bench/load.bench.mjs [--rows 20000] [--rounds 3]      (or: npm run bench load)
//
// One emulator (scripts/emulator.mjs) on 127.0.0.1 for the whole run; nothing leaves loopback.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmulator } from '../scripts/emulator.mjs';
import { importBundle, ROOT, src } from './bundle.mjs';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '3' } } });
const ROWS = Number(args.rows);
const ROUNDS = Number(args.rounds);
const DESIGNS = ['iot-multitenant', 'chat-messages'];
const BATCH = 1000;

function bundle() {
  return importBundle(
    `export { runCli } from ${src('src/cli/run-in-memory.ts')};
export { syntheticRows, loadRows, tableMutate } from ${src('src/bigtable/load-rows.ts')};
export { loadDesign } from ${src('src/core/load/load-design.ts')};`,
    { node: true },
  );
}

async function cli(runCli, argv) {
  const { code, out, err } = await runCli(...argv);
  if (code !== 0) throw new Error(`btstudio ${argv.join(' ')} exited ${code}: ${err}`);
  return out;
}

/** The rows load writes, as table.insert entries: {key, data: {family: {qualifier: {value, timestamp}}}}. */
const sources = new Map();
function insertEntries(syntheticRows, table, n, from = 0) {
  // One generator per table and pass: rows are drawn in order, `from` continues a pass.
  if (from === 0) sources.set(table, syntheticRows(table, { seed: 1 }));
  const source = sources.get(table);
  const now = Date.now() * 1000;
  const out = [];
  for (let i = 0; i < n; i++) {
    const e = source.next(now);
    const data = {};
    for (const m of e.mutations) {
      if (!m.setCell) throw new Error('the baseline cannot write AddToCell: choose designs without aggregate families');
      const fam = (data[m.setCell.familyName] ??= {});
      fam[m.setCell.columnQualifier.toString('utf8')] = { value: m.setCell.value, timestamp: m.setCell.timestampMicros };
    }
    out.push({ key: e.rowKey, data });
  }
  return out;
}

async function insertBaseline(table, entries, inFlight) {
  const t0 = performance.now();
  const pending = new Set();
  for (let i = 0; i < entries.length; i += BATCH) {
    const p = table.insert(entries.slice(i, i + BATCH)).finally(() => pending.delete(p));
    pending.add(p);
    if (pending.size >= inFlight) await Promise.race(pending);
  }
  await Promise.all(pending);
  return entries.length / ((performance.now() - t0) / 1000);
}

/** The baseline end to end: rows generated batch by batch (the same generator), then inserted. */
async function insertGenerated(syntheticRows, table, bt) {
  const t0 = performance.now();
  for (let i = 0; i < ROWS; i += BATCH) {
    const batch = insertEntries(syntheticRows, table, Math.min(BATCH, ROWS - i), i);
    await bt.insert(batch);
  }
  return ROWS / ((performance.now() - t0) / 1000);
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x);

const emu = await startEmulator();
process.env.BIGTABLE_EMULATOR_HOST = emu.host;
try {
  const { runCli, syntheticRows, loadRows, tableMutate, loadDesign } = await bundle();
  const require = createRequire(import.meta.url);
  const { Bigtable } = require('@google-cloud/bigtable');
  const client = new Bigtable({ projectId: 'studio-test', apiEndpoint: emu.host, metricsEnabled: false, universeDomain: 'googleapis.com' });
  const admin = client.admin.getTableAdminClient();
  for (const name of DESIGNS) {
    const file = join(ROOT, 'examples', `${name}.yaml`);
    const loaded = loadDesign(readFileSync(file, 'utf8'), file);
    if (!loaded.ok) throw new Error(`${file} is not a valid design`);
    const table = loaded.design.tables[0];
    const entries = insertEntries(syntheticRows, table, ROWS);
    const rawSource = syntheticRows(table, { seed: 1 });
    const raw = Array.from({ length: ROWS }, () => rawSource.next(Date.now() * 1000));
    const cells = raw.reduce((n, e) => n + e.mutations.length, 0);
    const VARIANTS = ['load', 'insert', 'insert-prebuilt', 'insert-prebuilt-8', 'load-write-path'];
    const runs = Object.fromEntries(VARIANTS.map((v) => [v, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const variant of VARIANTS) {
        const instance = `bench-${r}-${variant}`;
        await cli(runCli, ['apply', file, '--instance', instance]);
        const bt = client.instance(instance).table(table.name);
        let rate;
        if (variant === 'load') {
          const t0 = performance.now();
          await cli(runCli, ['load', file, '--table', table.name, '--rows', String(ROWS), '--seed', '1', '--instance', instance]);
          rate = ROWS / ((performance.now() - t0) / 1000);
        } else if (variant === 'insert') {
          rate = await insertGenerated(syntheticRows, table, bt);
        } else if (variant === 'load-write-path') {
          let i = 0;
          const replay = { shape: rawSource.shape, next: () => raw[i++], sizeOf: rawSource.sizeOf };
          rate = (await loadRows(replay, { rows: ROWS, mutate: tableMutate(bt) })).rowsPerSecond;
        } else {
          rate = await insertBaseline(bt, entries, variant === 'insert-prebuilt' ? 1 : 8);
        }
        runs[variant].push(rate);
        await admin.deleteTable({ name: `projects/studio-test/instances/${instance}/tables/${table.name}` });
      }
    }
    const common = { design: name, rows: ROWS, cellsPerRow: Math.round(cells / ROWS), rounds: ROUNDS };
    const NOTES = {
      load: 'btstudio load end to end (main() in-process; wall time incl. connect and generating the rows)',
      insert: `baseline end to end: the same rows generated as it goes, table.insert ${BATCH} rows a batch, one at a time`,
      'insert-prebuilt': `write path only: table.insert ${BATCH} rows a batch, one at a time, rows built before the clock`,
      'insert-prebuilt-8': `write path only: table.insert ${BATCH} rows a batch, 8 in flight, rows built before the clock`,
      'load-write-path': 'write path only: loadRows (raw MutateRows entries, 8 in flight) over rows built before the clock',
    };
    const med = Object.fromEntries(VARIANTS.map((v) => [v, median(runs[v])]));
    for (const v of VARIANTS)
      console.log(JSON.stringify({ name: `${v}-${name}`, value: round(med[v]), unit: 'rows/s', ...common, runs: runs[v].map(round), note: NOTES[v] }));
    const ratio = (a, b) => Math.round((med[a] / med[b]) * 100) / 100;
    console.log(
      JSON.stringify({
        name: `load-vs-insert-${name}`,
        value: ratio('load', 'insert'),
        unit: 'x',
        writePathVsInsertPrebuilt: ratio('load-write-path', 'insert-prebuilt'),
        writePathVsInsertPrebuilt8: ratio('load-write-path', 'insert-prebuilt-8'),
        loadVsInsertPrebuilt: ratio('load', 'insert-prebuilt'),
      }),
    );
  }
  await admin.close();
  await client.close();
} finally {
  await emu.stop();
}
