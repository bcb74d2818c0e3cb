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
import { defineTableRule, type FixProposal } from './types';

interface Transaction {
  table: number;
  path: PathPart[];
  what: string;
  profile: RoutingOf;
}

/** The transactions of one table. */
function transactions(design: Design, { table: t, index: ti, checkAndMutate }: Pick<TableAnalysis, 'table' | 'index' | 'checkAndMutate'>): Transaction[] {
  const profile = profileOfLoad(instanceOf(design), t);
  if (profile.routing === 'single' && profile.allowTransactionalWrites) return [];
  const out: Transaction[] = [];
  (t.families ?? []).forEach((f, fi) => {
    if (f.aggregate) return;
    (f.columns ?? []).forEach((c, ci) => {
      if (c.counter)
        out.push({ table: ti, path: ['families', fi, 'columns', ci], what: `the counter ${columnName(f.name, c.qualifier)} (ReadModifyWriteRow)`, profile });
    });
  });
  if (checkAndMutate) out.push({ table: ti, path: ['load', 'checkAndMutate'], what: 'each conditional write (CheckAndMutateRow)', profile });
  return out;
}

/** The first declared profile that allows transactions. */
const transactional = (design: Design) => instanceOf(design).appProfiles.find((p) => p.routing === 'single' && p.allowTransactionalWrites);

function fixOf(design: Design, tx: Transaction): FixProposal | null {
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

export default defineTableRule({
  meta: {
    id: 'transaction-routing',
    severity: 'error',
    description: 'Read-modify-write counters or check-and-mutate writes through an app profile that does not allow single-row transactions.',
    messages: {
      multi: '{what} needs a single-row transaction, which multi-cluster profile {profile} refuses (Routing options).',
      notAllowed: '{what} needs a single-row transaction, which profile {profile} does not allow (Routing options).',
    },
    fixable: true,
  },
  table(ta, { design, report }) {
    for (const tx of transactions(design, ta)) {
      const fix = fixOf(design, tx);
      report({
        path: tx.path,
        messageId: tx.profile.routing === 'multi' ? 'multi' : 'notAllowed',
        data: { what: tx.what, profile: tx.profile.id ?? '(the default)' },
        ...(fix ? { fix } : {}),
      });
    }
  },
});
