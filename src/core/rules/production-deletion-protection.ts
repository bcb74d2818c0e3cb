// In a design marked `instance.environment: production`, every table has deletion protection:
// with it the table and its column families cannot be deleted through the Admin API, so an
// unreviewed script or a `terraform destroy` cannot drop production data. The marker is the
// studio's (docs/design-format.md, 3.10); Bigtable has no such flag.
import { updateTable } from './edit';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'production-deletion-protection',
    severity: 'warning',
    description: 'A table of a design marked production without deletion protection.',
    messages: {
      unprotected: 'table {table} of a production design can be deleted by one Admin API call; set deletionProtection ("Manage tables").',
    },
    fixable: true,
    readsInstance: true,
  },
  table({ table: t, index: ti }, { design, report }) {
    if (design.instance?.environment !== 'production' || t.deletionProtection === true) return;
    report({
      path: ['deletionProtection'],
      messageId: 'unprotected',
      data: { table: t.name },
      fix: { label: 'Turn on deletion protection', apply: () => updateTable(design, ti, (x) => ({ ...x, deletionProtection: true })) },
    });
  },
});
