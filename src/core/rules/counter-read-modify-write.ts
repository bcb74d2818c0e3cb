// Schema design best practices, "Counters for real-time metrics": for frequent updates of single-row metrics,
// "create an aggregate family to use Bigtable counters for much higher throughput and lower
// latency compared to read-modify-write". A counter in a plain family must be read, incremented
// and written back (ReadModifyWriteRow): one round trip per increment, serialised per row.
import type { Column, Design, Family, Table } from '../model/schema';
import { updateTable } from './edit';
import { columnName } from '../analysis/rows';
import { defineVisitorRule } from './types';

const NEW_FAMILY_NAMES = ['counters', 'c', 'cnt', 'sums'];

/** Where the counter goes: the table's first `sum` family, or a new one. */
function target(table: Table, from: number): { index: number | null; name: string } | null {
  const fams = table.families ?? [];
  const i = fams.findIndex((f, k) => k !== from && f.aggregate === 'sum');
  if (i >= 0) return { index: i, name: fams[i]!.name };
  const taken = new Set(fams.map((f) => f.name));
  const name = NEW_FAMILY_NAMES.find((n) => !taken.has(n));
  return name ? { index: null, name } : null;
}

/** Moves column `ci` of family `fi` into a `sum` family; null when its qualifier is taken there. */
export function moveCounter(design: Design, ti: number, fi: number, ci: number): Design | null {
  const table = design.tables[ti];
  const fam = table?.families?.[fi];
  const col = fam?.columns?.[ci];
  if (!table || !fam || !col?.counter || fam.aggregate) return null;
  // A family of nothing but counters becomes the aggregate family itself.
  if ((fam.columns ?? []).every((c) => c.counter)) {
    return updateTable(design, ti, (t) => ({ ...t, families: t.families!.map((f, k) => (k === fi ? { ...f, aggregate: 'sum' as const } : f)) }));
  }
  const to = target(table, fi);
  if (!to) return null;
  const dest: Family = to.index === null ? { name: to.name, aggregate: 'sum', ...(fam.gc ? { gc: fam.gc } : {}), columns: [] } : table.families![to.index]!;
  if ((dest.columns ?? []).some((c) => c.qualifier === col.qualifier)) return null;
  const moved: Column = { ...col };
  const families = table.families!.map((f, k): Family => {
    if (k === fi) return { ...f, columns: f.columns!.filter((_, j) => j !== ci) };
    if (k === to.index) return { ...f, columns: [...(f.columns ?? []), moved] };
    return f;
  });
  if (to.index === null) families.push({ ...dest, columns: [moved] });
  // Queries that filter on the counter follow it to its new family.
  const oldRef = `${fam.name}:${col.qualifier}`;
  const names = (x: string) => x.startsWith(oldRef) && !/^[\w.-]/.test(x.slice(oldRef.length));
  const queries = table.queries?.map((q) =>
    q.filter?.some(names) ? { ...q, filter: q.filter.map((x) => (names(x) ? `${to.name}:${x.slice(fam.name.length + 1)}` : x)) } : q,
  );
  return updateTable(design, ti, (t) => ({ ...t, families, ...(queries ? { queries } : {}) }));
}

export default defineVisitorRule({
  meta: {
    id: 'counter-read-modify-write',
    severity: 'warning',
    description: 'A counter column in a non-aggregate family: read-modify-write is much slower than an aggregate.',
    messages: {
      counter: 'column {column} is a counter in the plain family {family}: each increment is a read-modify-write (Aggregate values at write time).',
    },
    details: {
      counter:
        'column {column} is a counter in the plain family {family}: every increment is a read-modify-write of the row, one round trip each and serialised per row. Schema design best practices ("Counters for real-time metrics"): use an aggregate family, whose cells add up on write, "for much higher throughput and lower latency compared to read-modify-write". Move it to {target}. What the application must change: an increment of an aggregate cell (AddToCell) returns nothing, where ReadModifyWriteRow returns the new value; an application that reads the total back from the increment (a quota or rate limit check) must read it in a separate request, or keep read-modify-write for that counter.',
    },
    fixable: true,
  },
  create({ design, report }) {
    return {
      family(fam, fi, ta) {
        if (fam.aggregate) return;
        const table = ta.table;
        const ti = ta.index;
        (fam.columns ?? []).forEach((c, ci) => {
          if (!c.counter) return;
          const allCounters = (fam.columns ?? []).every((x) => x.counter);
          const to = target(table, fi);
          const targetText = allCounters
            ? `an aggregate sum family (make ${fam.name} one: all its columns are counters)`
            : to
              ? `the aggregate sum family ${to.name}${to.index === null ? ' (new)' : ''}`
              : 'an aggregate sum family';
          const label = allCounters
            ? `Make ${fam.name} an aggregate sum family (increments then return no value)`
            : to
              ? `Move ${c.qualifier} to the sum family ${to.name} (increments then return no value)`
              : null;
          report({
            path: ['families', fi, 'columns', ci],
            messageId: 'counter',
            data: { column: columnName(fam.name, c.qualifier), family: fam.name, target: targetText },
            ...(label ? { fix: { label, apply: () => moveCounter(design, ti, fi, ci) } } : {}),
          });
        });
      },
    };
  },
});
