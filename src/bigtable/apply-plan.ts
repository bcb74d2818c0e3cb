// The apply plan (`btstudio apply`): from the table's current schema to what the design wants (create
// table, add family, change GC, set row key schema, nothing to do). It never deletes a table or a
// family unless asked to prune, and never changes what Bigtable cannot change in place (an
// aggregate type, an existing row key schema): those are conflicts, reported before any write.
import type { protos } from '@google-cloud/bigtable';
import { toHex } from '../core/keys/bytes';
import type { Design, GcRule, Table } from '../core/model/schema';
import { gcKey, protoKey, rowKeySchemaOf, type Aggregate, type RowKeySchema } from './admin';
import { explainRpcError, BigtableError } from './errors';
import { instanceNotes, settingsUpdate, settingsWanted } from './settings';
import { aggregateWord, readTableState } from './table-state';
import { RPC_TIMEOUT_MS, type Connection, type Target } from './target';

type ITable = protos.google.bigtable.admin.v2.ITable;

export interface FamilyWant {
  name: string;
  gc: GcRule | null;
  aggregate: Aggregate | null;
}

export type Change =
  | { op: 'create-table'; table: string; families: FamilyWant[]; splits: string[]; rowKeySchema: RowKeySchema | null; settings: ITable; settingsText: string[] }
  | { op: 'update-settings'; table: string; fields: ITable; paths: string[]; what: string[] }
  | { op: 'add-family'; table: string; family: FamilyWant }
  | { op: 'change-gc'; table: string; family: string; from: GcRule | null; to: GcRule | null }
  | { op: 'set-row-key-schema'; table: string; schema: RowKeySchema }
  | { op: 'delete-family'; table: string; family: string }
  | { op: 'delete-table'; table: string };

export interface TableApplyPlan {
  table: string;
  exists: boolean;
  changes: Change[];
  /** Things apply does not do, and why (the emulator and row key schemas, prune hints). */
  notes: string[];
  /** Disagreements apply cannot resolve in place; any conflict stops apply before it writes. */
  conflicts: string[];
}

export interface ApplyPlan {
  design: string;
  target: Target;
  tables: TableApplyPlan[];
  /** Tables of the instance the design does not name (only looked up with prune). */
  extraTables: string[];
  prune: boolean;
  /** What apply does not do for the design as a whole (the instance, its clusters and app profiles). */
  notes: string[];
}

export function applyPlanChanges(plan: ApplyPlan): Change[] {
  return [...plan.tables.flatMap((t) => t.changes), ...plan.extraTables.map((table): Change => ({ op: 'delete-table', table }))].filter(
    (c) => c.op !== 'delete-table' || plan.prune,
  );
}

export function applyPlanConflicts(plan: ApplyPlan): string[] {
  return plan.tables.flatMap((t) => t.conflicts.map((c) => `table ${t.table}: ${c}`));
}

export const isDelete = (c: Change) => c.op === 'delete-family' || c.op === 'delete-table';

export function applyPlanDeletes(plan: ApplyPlan): Change[] {
  return applyPlanChanges(plan).filter(isDelete);
}

function familyWant(f: NonNullable<Table['families']>[number]): FamilyWant {
  return { name: f.name, gc: f.gc ?? null, aggregate: f.aggregate ?? null };
}

/** Compares the design with the tables as they are; reads only. */
export async function planApply(conn: Connection, design: Design, opts: { table?: string | undefined; prune?: boolean } = {}): Promise<ApplyPlan> {
  const prune = opts.prune === true;
  const tables = opts.table === undefined ? design.tables : design.tables.filter((t) => t.name === opts.table);
  if (opts.table !== undefined && tables.length === 0) {
    throw new BigtableError(`the design has no table "${opts.table}" (tables: ${design.tables.map((t) => t.name).join(', ') || '(none)'})`, 'usage');
  }
  const out: TableApplyPlan[] = [];
  for (const table of tables) out.push(await planTableApply(conn, design, table, prune));
  let extraTables: string[] = [];
  if (prune && opts.table === undefined) {
    const names = new Set(design.tables.map((t) => t.name));
    let listed: ITable[];
    try {
      [listed] = await conn.admin.listTables({ parent: conn.target.instancePath, view: 'NAME_ONLY' }, { timeout: RPC_TIMEOUT_MS, maxRetries: 1 });
    } catch (e) {
      throw explainRpcError(e, conn.target, 'listing tables');
    }
    extraTables = listed
      .map((t) => (t.name ?? '').split('/').pop() ?? '')
      .filter((n) => n && !names.has(n))
      .sort();
  }
  return { design: design.name, target: conn.target, tables: out, extraTables, prune, notes: instanceNotes(design, conn.target.kind === 'emulator') };
}

async function planTableApply(conn: Connection, design: Design, table: Table, prune: boolean): Promise<TableApplyPlan> {
  const state = await readTableState(conn, table.name);
  const notes: string[] = [];
  const conflicts: string[] = [];
  const changes: Change[] = [];
  const emulator = conn.target.kind === 'emulator';
  const key = rowKeySchemaOf(design, table);
  let schema: RowKeySchema | null = null;
  if ('reason' in key) notes.push(`row key schema: not set, the key cannot be a structured row key (${key.reason})`);
  else if (emulator) notes.push('row key schema: skipped, the emulator does not keep row key schemas (it accepts and drops them); a real instance gets one');
  else schema = key.schema;

  const wanted = settingsWanted(table);
  if (!state) {
    const splits = (table.splits ?? []).filter((s) => s !== '');
    const settings = settingsUpdate(wanted, null, emulator);
    notes.push(...settings.notes);
    changes.push({
      op: 'create-table',
      table: table.name,
      families: (table.families ?? []).map(familyWant),
      splits,
      rowKeySchema: schema,
      settings: settings.fields,
      settingsText: settings.what,
    });
    return { table: table.name, exists: false, changes, notes, conflicts };
  }

  for (const f of table.families ?? []) {
    const have = state.families.get(f.name);
    const want = familyWant(f);
    if (!have) {
      changes.push({ op: 'add-family', table: table.name, family: want });
      continue;
    }
    if (have.aggregate !== want.aggregate) {
      conflicts.push(
        `family ${f.name} is ${aggregateWord(want.aggregate)} in the design but ${aggregateWord(have.aggregate)} in the table; the type is set when a family is created and cannot change (delete the family, e.g. "cbt deletefamily ${table.name} ${f.name}", and apply again; its data goes with it)`,
      );
      continue;
    }
    if (gcKey(have.gc) !== gcKey(want.gc)) changes.push({ op: 'change-gc', table: table.name, family: f.name, from: have.gc, to: want.gc });
  }
  const designFamilies = new Set((table.families ?? []).map((f) => f.name));
  for (const name of [...state.families.keys()].sort()) {
    if (designFamilies.has(name)) continue;
    if (prune) changes.push({ op: 'delete-family', table: table.name, family: name });
    else notes.push(`family ${name} is in the table but not in the design: kept (--prune --yes deletes it)`);
  }
  if ((table.splits ?? []).length) notes.push('splits: applied only when a table is created; Bigtable splits an existing table itself');
  if (schema) {
    if (state.rowKeySchema === null) changes.push({ op: 'set-row-key-schema', table: table.name, schema });
    else if (protoKey(normaliseSchema(state.rowKeySchema)) !== protoKey(normaliseSchema(schema))) {
      conflicts.push(
        'the table has another row key schema; a schema can only be set on a table without one (clear it with "gcloud bigtable instances tables update --clear-row-key-schema" first)',
      );
    }
  }
  const update = settingsUpdate(wanted, state.settings, emulator);
  notes.push(...update.notes);
  if (update.paths.length) changes.push({ op: 'update-settings', table: table.name, fields: update.fields, paths: update.paths, what: update.what });
  return { table: table.name, exists: true, changes, notes, conflicts };
}

/** Delimiters come back as bytes (or base64 in JSON); compare them as bytes. */
function normaliseSchema(s: unknown): unknown {
  const o = JSON.parse(
    JSON.stringify(s, (_k, v: unknown) =>
      v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer' ? { __bytes: toHex(Uint8Array.from((v as { data: number[] }).data)) } : v,
    ),
  ) as {
    encoding?: { delimitedBytes?: { delimiter?: unknown } };
  };
  const d = o.encoding?.delimitedBytes?.delimiter;
  if (typeof d === 'string' && o.encoding?.delimitedBytes) o.encoding.delimitedBytes.delimiter = { __bytes: toHex(Buffer.from(d, 'base64')) };
  return o;
}
