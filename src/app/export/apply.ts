// The `btstudio apply / load / verify` commands for the open design and table, as the Export
// dialog's "Apply to Bigtable" tab shows them (docs/apply.md, docs/cli.md): the emulator first,
// then a Cloud Bigtable instance. Pure; every value that is not a plain word is single-quoted.
import { exportTable } from '../../core/outputs';
import type { Design } from '../../core/model/schema';

export const EMULATOR_HOST = '127.0.0.1:8086';
export const DEFAULT_LOAD_ROWS = 20_000;

/** A bash word that is exactly `s`: plain when it is safe as is, else single-quoted. */
export function shellWord(s: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(s) && !s.startsWith('-')) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface ApplyCommands {
  /** The design file the commands read (what "Download design.yaml" saves). */
  file: string;
  /** null when the design has no table (apply alone makes sense then, but there is nothing to load). */
  table: string | null;
  emulator: string[];
  cloud: string[];
}

/** The design file's name as the design export writes it. */
export function designFileName(design: Design): string {
  return exportTable(design, null, 'design', { as: 'yaml' }).filename;
}

export function applyCommands(design: Design, tableName: string | null, rows = DEFAULT_LOAD_ROWS): ApplyCommands {
  const file = designFileName(design);
  const f = shellWord(file);
  const table = tableName !== null && design.tables.some((t) => t.name === tableName) ? tableName : (design.tables[0]?.name ?? null);
  const t = table === null ? null : shellWord(table);
  const env = `BIGTABLE_EMULATOR_HOST=${EMULATOR_HOST}`;
  const emulator = [`${env} npx btstudio apply ${f}`];
  if (t !== null) {
    emulator.push(`${env} npx btstudio load ${f} --table ${t} --rows ${rows}`);
    emulator.push(`${env} npx btstudio verify ${f} --table ${t}`);
  }
  const target = '--project "$PROJECT" --instance "$INSTANCE"';
  const cloud = [`npx btstudio apply ${f} ${target} --dry-run`, `npx btstudio apply ${f} ${target} --yes`];
  if (t !== null) {
    cloud.push(`npx btstudio load ${f} --table ${t} --rows ${rows} ${target}`);
    cloud.push(`npx btstudio verify ${f} --table ${t} ${target}`);
  }
  return { file, table, emulator, cloud };
}
