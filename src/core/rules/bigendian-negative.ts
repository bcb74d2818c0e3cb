// Bigtable's structured row keys: int64 `bigEndianBytes` "sorted mode supports non-negative
// values only", `orderedCodeBytes` sorts all values (shared/BIGTABLE-FACTS.md, "Structured row
// keys"). Two's complement puts the sign bit first, so -1 (0xFF...) sorts after every positive.
import { updateField } from './edit';
import { defineFieldRule } from './support/frames';

export default defineFieldRule({
  meta: {
    id: 'bigendian-negative',
    severity: 'warning',
    description: 'A big-endian int64 field may hold negative values, which sort after positive ones.',
    messages: {
      negative: '{field} is a big-endian int64 that can be negative (min {min}): negative values sort after every positive one (Structured row keys).',
    },
    details: {
      negative:
        "{field} is a big-endian int64 that can be negative (min {min}): two's complement sets the top bit of negative values, so -1 (ff ff ... ff) sorts after every positive value and keys do not sort in numeric order; Bigtable's structured row keys accept big-endian int64 in sorted mode only for non-negative values. Use encoding: orderedCode, which sorts every int64.",
    },
    fixable: true,
  },
  field(f, t, { design, report }) {
    if (f.field.type !== 'int' || f.field.encoding !== 'bigEndian' || (f.field.min ?? 0) >= 0) return;
    report({
      path: ['rowKey', 'fields', f.name],
      messageId: 'negative',
      data: { field: f.name, min: f.field.min ?? 0 },
      fix: {
        label: 'Use encoding: orderedCode',
        apply: () => updateField(design, t.index, f.name, (x) => ({ ...x, encoding: 'orderedCode' }) as typeof x),
      },
    });
  },
});
