// The table as it is: its families, GC rules, aggregate types and row key schema as the admin API
// reports them, and whether data of the design can go into it.
import type { protos } from '@google-cloud/bigtable';
import type { GcRule, Table } from '../core/model/schema';
import { aggregateFromAdmin, gcFromAdmin, type Aggregate } from './admin';
import { explainRpcError, grpcCode, GRPC, BigtableError } from './errors';
import { settingsOf, type Settings } from './settings';
import { describeTarget, RPC_TIMEOUT_MS, where, type Connection } from './target';

type ITable = protos.google.bigtable.admin.v2.ITable;

export interface FamilyState {
  name: string;
  gc: GcRule | null;
  aggregate: Aggregate | 'other' | null;
}

export interface TableState {
  name: string;
  families: Map<string, FamilyState>;
  /** The row key schema as the API returned it, null when the table has none. */
  rowKeySchema: unknown;
  /** Deletion protection, change stream, automated backup, tiered storage (settings.ts). */
  settings: Settings;
}

/** The table's families, GC rules, aggregate types and row key schema; null when it does not exist. */
export async function readTableState(conn: Connection, table: string): Promise<TableState | null> {
  let t: ITable;
  try {
    [t] = await conn.admin.getTable({ name: conn.tablePath(table), view: 'FULL' }, { timeout: RPC_TIMEOUT_MS, maxRetries: 1 });
  } catch (e) {
    if (grpcCode(e) === GRPC.NOT_FOUND) return null;
    throw explainRpcError(e, conn.target, `reading table ${table}`);
  }
  const families = new Map<string, FamilyState>();
  for (const [name, cf] of Object.entries(t.columnFamilies ?? {})) {
    families.set(name, { name, gc: gcFromAdmin(cf.gcRule), aggregate: aggregateFromAdmin(cf.valueType) });
  }
  const schema = t.rowKeySchema && (t.rowKeySchema.fields?.length ?? 0) > 0 ? t.rowKeySchema : null;
  return { name: table, families, rowKeySchema: schema, settings: settingsOf(t) };
}

/** The table must exist (else missing-table) and hold every family of the design with its aggregate type (else mismatch). */
export async function requireMatchingTable(conn: Connection, table: Table): Promise<TableState> {
  const state = await readTableState(conn, table.name);
  if (!state) {
    throw new BigtableError(
      `table ${table.name} does not exist in ${describeTarget(conn.target)}; create it with "btstudio apply DESIGN --table ${table.name}"`,
      'missing-table',
    );
  }
  const problems = familyDisagreements(table, state, false);
  if (problems.length) {
    throw new BigtableError(
      `the design and table ${table.name} disagree (${where(conn.target)}):\n${problems.map((p) => `  - ${p}`).join('\n')}\nRun "btstudio apply" to add what is missing; an aggregate type can only be set when a family is created.`,
      'mismatch',
    );
  }
  return state;
}

export function aggregateWord(a: Aggregate | 'other' | null): string {
  return a === null ? 'a plain family' : a === 'other' ? 'a typed family of another kind' : `an aggregate (${a}) family`;
}

/** What stops data of the design from going into the table: missing families, other aggregate types. */
export function familyDisagreements(table: Table, state: TableState, missingOk: boolean): string[] {
  const out: string[] = [];
  for (const f of table.families ?? []) {
    const have = state.families.get(f.name);
    if (!have) {
      if (!missingOk) out.push(`family ${f.name} is in the design but not in the table`);
      continue;
    }
    const want = f.aggregate ?? null;
    if (have.aggregate !== want) out.push(`family ${f.name} is ${aggregateWord(want)} in the design but ${aggregateWord(have.aggregate)} in the table`);
  }
  return out;
}
