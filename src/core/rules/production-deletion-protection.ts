// In a design marked `instance.environment: production`, every table has deletion protection:
// with it the table and its column families cannot be deleted through the Admin API, so an
// unreviewed script or a `terraform destroy` cannot drop production data. The marker is the
// studio's (docs/design-format.md, 3.10); Bigtable has no such flag.
import { updateTable } from './edit';
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'production-deletion-protection',
    severity: 'warning',
    description: 'A table of a design marked production without deletion protection.',
    messages: {
      unprotected: 'table {table} of a production design can be deleted by one Admin API call; set deletionProtection ("Manage tables").',
    },
    fixable: true,
    perTable: true,
  },
  check({ design, analysis, report }) {
    if (design.instance?.environment !== 'production') return;
    analysis.tables.forEach(({ table: t, index: ti }) => {
      if (t.deletionProtection !== true)
        report({ table: ti, path: ['deletionProtection'], messageId: 'unprotected', data: { table: t.name }, fix: 'Turn on deletion protection' });
    });
  },
  fix(design, finding) {
    const [, ti] = finding.path;
    if (typeof ti !== 'number' || !design.tables[ti]) return null;
    return updateTable(design, ti, (t) => ({ ...t, deletionProtection: true }));
  },
});
