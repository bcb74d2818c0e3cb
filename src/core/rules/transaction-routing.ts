// Single-row transactions (ReadModifyWriteRow for a counter in a plain family, CheckAndMutateRow
// for conditional writes) are allowed only by an app profile with single-cluster routing and
// allowTransactionalWrites ("Routing options": single-cluster routing "is the only routing
// policy that lets you enable single-row transactions"). Through multi-cluster routing, or a
// single-cluster profile without the flag, Bigtable refuses them.
import type { PathPart } from '../model/positions';
import { instanceOf, profileOfLoad, type RoutingOf } from '../model/instance';
import type { Design } from '../model/schema';
import { updateTable } from './edit';
import { columnName } from '../analysis/rows';
import type { TableAnalysis } from '../analysis/design';
import { defineRule, type Finding } from './types';

interface Transaction {
  table: number;
  path: PathPart[];
  what: string;
  profile: RoutingOf;
}

/** The transactions of `tables` (a table and its index each: the analysis's, or one table). */
function transactions(design: Design, tables: readonly Pick<TableAnalysis, 'table' | 'index'>[]): Transaction[] {
  const inst = instanceOf(design);
  const out: Transaction[] = [];
  tables.forEach(({ table: t, index: ti }) => {
    const profile = profileOfLoad(inst, t);
    if (profile.routing === 'single' && profile.allowTransactionalWrites) return;
    (t.families ?? []).forEach((f, fi) => {
      if (f.aggregate) return;
      (f.columns ?? []).forEach((c, ci) => {
        if (c.counter)
          out.push({ table: ti, path: ['families', fi, 'columns', ci], what: `the counter ${columnName(f.name, c.qualifier)} (ReadModifyWriteRow)`, profile });
      });
    });
    if (t.load?.checkAndMutate) out.push({ table: ti, path: ['load', 'checkAndMutate'], what: 'each conditional write (CheckAndMutateRow)', profile });
  });
  return out;
}

/** The first declared profile that allows transactions. */
const transactional = (design: Design) => instanceOf(design).appProfiles.find((p) => p.routing === 'single' && p.allowTransactionalWrites);

function fixOf(design: Design, tx: Transaction): { label: string; apply: () => Design } | null {
  const p = tx.profile;
  if (p.routing === 'single' && p.id !== null) {
    return {
      label: `Allow transactional writes on ${p.id}`,
      apply: () => ({
        ...design,
        instance: {
          ...design.instance!,
          appProfiles: design.instance!.appProfiles!.map((x) => (x.id === p.id ? { ...x, allowTransactionalWrites: true } : x)),
        },
      }),
    };
  }
  const to = transactional(design);
  if (!to) return null;
  return {
    label: `Send the writes of this table through ${to.id}`,
    apply: () => updateTable(design, tx.table, (t) => ({ ...t, load: { ...t.load, appProfile: to.id! } })),
  };
}

export default defineRule({
  meta: {
    id: 'transaction-routing',
    severity: 'error',
    description: 'Read-modify-write counters or check-and-mutate writes through an app profile that does not allow single-row transactions.',
    messages: {
      multi: '{what} needs a single-row transaction, which multi-cluster profile {profile} refuses (Routing options).',
      notAllowed: '{what} needs a single-row transaction, which profile {profile} does not allow (Routing options).',
    },
    fixable: true,
    perTable: true,
  },
  check({ design, analysis, report }) {
    for (const tx of transactions(design, analysis.tables)) {
      const fix = fixOf(design, tx);
      report({
        table: tx.table,
        path: tx.path,
        messageId: tx.profile.routing === 'multi' ? 'multi' : 'notAllowed',
        data: { what: tx.what, profile: tx.profile.id ?? '(the default)' },
        ...(fix ? { fix: fix.label } : {}),
      });
    }
  },
  fix(design, finding: Finding) {
    const [, ti] = finding.path;
    const rel = finding.path.slice(2).join('.');
    const table = typeof ti === 'number' ? design.tables[ti] : undefined;
    const tx = table ? transactions(design, [{ table, index: ti as number }]).find((x) => x.path.join('.') === rel) : undefined;
    const fix = tx ? fixOf(design, tx) : null;
    return fix ? fix.apply() : null;
  },
});
