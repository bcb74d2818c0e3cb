// Schema design best practices, Performance Checklist: "Row Key Size: Must be < 4KB (Ideal: 10–100 bytes)"; Schema design best practices:
// "An arbitrary byte string (up to 4 KB, typically 10 to 100 bytes)". 4 KB is Bigtable's hard
// limit: a write with a longer key fails.
import { largestField, MAX_KEY_BYTES, maxKeyBytes } from './support/keysize';
import { defineLayoutRule } from './support/frames';

export default defineLayoutRule({
  meta: {
    id: 'key-too-long',
    severity: 'error',
    description: 'The key can exceed the 4 KB limit of Bigtable.',
    messages: {
      tooLong: "keys can be up to {max} bytes, over Bigtable's 4 KB row key limit: such writes fail; {field} takes up to {fieldMax} (Quotas and limits).",
    },
    details: {
      tooLong:
        'keys can be up to {max} bytes{escaped} (typically {typical}), above Bigtable\'s hard limit of 4 KB (4,096 bytes) per row key: writes with such keys fail. Schema design best practices checklist: "Row Key Size: Must be < 4KB (Ideal: 10–100 bytes)". {field} alone takes up to {fieldMax} bytes: use a shorter identifier for it (an id, or a hash of the long value) and keep the long value in a column.',
    },
    fixable: false,
  },
  table(t, { report }) {
    const { max, escaped } = maxKeyBytes(t);
    if (max <= MAX_KEY_BYTES) return;
    const big = largestField(t, 'max');
    report({
      path: ['rowKey', 'template'],
      messageId: 'tooLong',
      data: {
        max: Math.ceil(max),
        typical: Math.round(t.keyBytes.typical),
        escaped: escaped ? ' (ordered-code escaping of 0x00 bytes included)' : '',
        field: big?.name ?? '',
        fieldMax: Math.ceil(big?.bytes ?? 0),
      },
    });
  },
});
