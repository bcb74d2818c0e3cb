// `btstudio apply`: make a Bigtable instance (the emulator or a real one) hold the tables of a
// design: print the apply plan (apply-plan.ts) and carry it out.
import type { protos } from '@google-cloud/bigtable';
import { aggregateType, describeGc, gcToAdmin } from './admin';
import { explainRpcError, BigtableError } from './errors';
import { utf8 } from '../core/keys/bytes';
import { isDelete, applyPlanChanges, applyPlanConflicts, type Change, type FamilyWant, type ApplyPlan } from './apply-plan';
import { describeTarget, RPC_TIMEOUT_MS, type Connection } from './target';

type IModification = protos.google.bigtable.admin.v2.ModifyColumnFamiliesRequest.IModification;

function familyText(f: FamilyWant): string {
  return `family ${f.name}: gc ${describeGc(f.gc)}${f.aggregate ? `, aggregate ${f.aggregate} (Int64 input)` : ''}`;
}

export function describeChange(c: Change): string {
  switch (c.op) {
    case 'create-table':
      return `+ create table ${c.table} with ${c.families.length} ${c.families.length === 1 ? 'family' : 'families'}${c.splits.length ? `, split at ${c.splits.map((s) => JSON.stringify(s)).join(', ')}` : ''}${c.rowKeySchema ? ', and its row key schema' : ''}${c.settingsText.length ? `; ${c.settingsText.join(', ')}` : ''}`;
    case 'update-settings':
      return `~ set ${c.what.join(', ')}`;
    case 'add-family':
      return `+ add ${familyText(c.family)}`;
    case 'change-gc':
      return `~ change gc of family ${c.family}: ${describeGc(c.from)} -> ${describeGc(c.to)}`;
    case 'set-row-key-schema':
      return `~ set the row key schema (${(c.schema.fields ?? []).map((f) => f.fieldName).join(', ')})`;
    case 'delete-family':
      return `- delete family ${c.family} and every cell in it`;
    case 'delete-table':
      return `- delete table ${c.table} and all its data`;
  }
}

/** The apply plan as people read it; the last line sums it up ("Plan: nothing to do." when nothing). */
export function formatApplyPlan(plan: ApplyPlan): string {
  const lines = [`Plan for design "${plan.design}" on ${describeTarget(plan.target)}:`];
  for (const t of plan.tables) {
    lines.push(`  table ${t.table}:${t.changes.length === 0 && t.conflicts.length === 0 ? ' nothing to do' : ''}`);
    for (const c of t.changes) {
      lines.push(`    ${describeChange(c)}`);
      if (c.op === 'create-table') for (const f of c.families) lines.push(`        ${familyText(f)}`);
    }
    for (const c of t.conflicts) lines.push(`    ! cannot apply: ${c}`);
    for (const n of t.notes) lines.push(`    (${n})`);
  }
  for (const n of plan.notes) lines.push(`  (${n})`);
  for (const name of plan.extraTables) lines.push(`  table ${name}: not in the design\n    ${describeChange({ op: 'delete-table', table: name })}`);
  const changes = applyPlanChanges(plan);
  const count = (op: Change['op']) => changes.filter((c) => c.op === op).length;
  const parts = [
    [count('create-table'), 'table to create', 'tables to create'],
    [count('add-family'), 'family to add', 'families to add'],
    [count('change-gc'), 'GC rule to change', 'GC rules to change'],
    [count('set-row-key-schema'), 'row key schema to set', 'row key schemas to set'],
    [count('delete-family') + count('delete-table'), 'deletion', 'deletions'],
  ] as const;
  const conflicts = applyPlanConflicts(plan).length;
  if (changes.length === 0 && conflicts === 0) lines.push('Plan: nothing to do.');
  else {
    lines.push(
      `Plan: ${parts.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(', ')}${count('update-settings') ? `, ${count('update-settings')} table settings ${count('update-settings') === 1 ? 'update' : 'updates'}` : ''}${conflicts ? `; ${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}` : ''}.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Carries out the plan's changes in order (creations, then changes, then deletions), logging each. */
export async function executeApplyPlan(conn: Connection, plan: ApplyPlan, log: (line: string) => void | Promise<void>): Promise<number> {
  const conflicts = applyPlanConflicts(plan);
  if (conflicts.length)
    throw new BigtableError(`the design and the instance disagree; nothing was changed:\n${conflicts.map((c) => `  - ${c}`).join('\n')}`, 'mismatch');
  const changes = applyPlanChanges(plan);
  const order = (c: Change) => (isDelete(c) ? 1 : 0);
  const sorted = changes.slice().sort((a, b) => order(a) - order(b));
  const call = { timeout: RPC_TIMEOUT_MS, maxRetries: 1 };
  let done = 0;
  for (const c of sorted) {
    const what = describeChange(c).slice(2);
    try {
      switch (c.op) {
        case 'create-table': {
          const columnFamilies: Record<string, protos.google.bigtable.admin.v2.IColumnFamily> = {};
          for (const f of c.families) {
            columnFamilies[f.name] = { ...(f.gc ? { gcRule: gcToAdmin(f.gc) } : {}), ...(f.aggregate ? { valueType: aggregateType(f.aggregate) } : {}) };
          }
          await conn.admin.createTable(
            {
              parent: conn.target.instancePath,
              tableId: c.table,
              table: { columnFamilies, ...(c.rowKeySchema ? { rowKeySchema: c.rowKeySchema } : {}), ...c.settings },
              initialSplits: c.splits.map((s) => ({ key: Buffer.from(utf8(s)) })),
            },
            call,
          );
          break;
        }
        case 'add-family':
        case 'change-gc':
        case 'delete-family': {
          const mod: IModification =
            c.op === 'add-family'
              ? {
                  id: c.family.name,
                  create: {
                    ...(c.family.gc ? { gcRule: gcToAdmin(c.family.gc) } : {}),
                    ...(c.family.aggregate ? { valueType: aggregateType(c.family.aggregate) } : {}),
                  },
                }
              : c.op === 'change-gc'
                ? // No update mask: the API then updates gc_rule only (the value type cannot change).
                  { id: c.family, update: { gcRule: c.to ? gcToAdmin(c.to) : {} } }
                : { id: c.family, drop: true };
          await conn.admin.modifyColumnFamilies({ name: conn.tablePath(c.table), modifications: [mod] }, call);
          break;
        }
        case 'set-row-key-schema': {
          const [op] = await conn.admin.updateTable(
            { table: { name: conn.tablePath(c.table), rowKeySchema: c.schema }, updateMask: { paths: ['row_key_schema'] } },
            call,
          );
          await op.promise();
          break;
        }
        case 'update-settings': {
          const [op] = await conn.admin.updateTable({ table: { name: conn.tablePath(c.table), ...c.fields }, updateMask: { paths: c.paths } }, call);
          await op.promise();
          break;
        }
        case 'delete-table':
          await conn.admin.deleteTable({ name: conn.tablePath(c.table) }, call);
          break;
      }
    } catch (e) {
      throw explainRpcError(e, conn.target, `${what} (after ${done} of ${sorted.length} changes)`);
    }
    done++;
    await log(`done: ${what}`);
  }
  return done;
}
