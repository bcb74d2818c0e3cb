// data.proto, Column.qualifier: "May contain any byte string ... up to 16kiB in length"; Schema design best practices,
// Performance Checklist: "Column Qualifier Size: Keep < 16 KB to minimize storage footprint."
// Dynamic qualifiers are data whose size the design does not give, so only fixed ones are checked.
import { utf8Length } from '../keys/bytes';
import { defineColumnRule } from './support/frames';

export const MAX_QUALIFIER_BYTES = 16384;

export default defineColumnRule({
  meta: {
    id: 'qualifier-size',
    severity: 'error',
    description: 'A column qualifier is larger than 16 KB.',
    messages: {
      large: "a qualifier in family {family} is {bytes} bytes, over Bigtable's 16 KB qualifier limit: writes to it fail (Quotas and limits).",
    },
    details: {
      large:
        "the qualifier of this column in family {family} is {bytes} bytes of UTF-8, above Bigtable's limit of 16 KB (16,384 bytes) per qualifier, so writes to it fail. Use a short qualifier and keep the long text in the cell value.",
    },
    fixable: false,
  },
  column({ column, family, at }, { report }) {
    if (column.dynamic) return;
    const bytes = utf8Length(column.qualifier);
    if (bytes > MAX_QUALIFIER_BYTES) report({ path: [...at, 'qualifier'], messageId: 'large', data: { family: family.name, bytes } });
  },
});
