// Schema design best practices checklist: "Cell Field Size: Keep < 10 MB (100 MB is the hard limit). Larger cells
// slow down retrieval." `valueBytes` is a typical size, so a typical value at the hard limit means
// many values above it: those writes fail.
import { columnName } from '../analysis/rows';
import { formatBytes, MiB } from '../units';
import { defineColumnRule } from './support/frames';

const WARN_BYTES = 10 * MiB;
const ERROR_BYTES = 100 * MiB;

export default defineColumnRule({
  meta: {
    id: 'cell-size',
    severity: 'warning',
    description: 'A cell value over 10 MB (warning) or at the 100 MB hard limit (error).',
    messages: {
      large:
        'column {column} holds values of about {size}, over the 10 MB a cell should stay under: every read moves all of it (Schema design best practices).',
      limit: "column {column} holds values of about {size}, at Bigtable's 100 MB cell limit: many writes will fail (Quotas and limits).",
    },
    details: {
      large:
        'column {column} holds values of about {size}, over the 10 MB a cell should stay under; every read of the cell moves all of it. Keep large objects in Cloud Storage and store their path here, or split the value over several columns or rows.',
      limit:
        "column {column} holds values of about {size}, at or over Bigtable's 100 MB hard limit per cell: since this is a typical size, many writes will be rejected. Keep the object in Cloud Storage and store its path here, or split it over several rows.",
    },
    fixable: false,
  },
  column({ column, family, at }, { report }) {
    const v = column.valueBytes ?? 0;
    if (v <= WARN_BYTES) return;
    const atLimit = v >= ERROR_BYTES;
    report({
      path: [...at, 'valueBytes'],
      messageId: atLimit ? 'limit' : 'large',
      data: { column: columnName(family.name, column.qualifier), size: formatBytes(v) },
      severity: atLimit ? 'error' : 'warning',
    });
  },
});
