// Schema design best practices, Performance Checklist: "Row Key Size: Must be < 4KB (Ideal: 10–100 bytes). Large keys
// increase memory pressure and disk usage." Bigtable stores the row key with every cell, so a
// long key multiplies; a very short one rarely carries the general-to-specific hierarchy
// that makes related rows one prefix scan.
import { largestField, MAX_KEY_BYTES } from './support/keysize';
import { defineLayoutRule } from './support/frames';

export const IDEAL_MIN = 10;
export const IDEAL_MAX = 100;

export default defineLayoutRule({
  meta: {
    id: 'key-length',
    severity: 'warning',
    description: 'The typical key is longer than 100 bytes (or under 10 bytes).',
    messages: {
      long: 'a typical key is {typical} bytes, stored again with every cell; {field} takes {fieldBytes} of them (Schema design best practices).',
      short: 'a typical key is {typical} bytes: too short to carry a general-to-specific hierarchy for scans (Schema design best practices).',
    },
    details: {
      long: 'a typical key is {typical} bytes, above the 10-100 bytes Schema design best practices calls ideal ("Large keys increase memory pressure and disk usage"): the key is stored again with every cell of the row. {field} takes {fieldBytes} of them; use a shorter identifier for it (a numeric id instead of a name, a hash of a long value) and keep the long value in a column.',
      short:
        'a typical key is {typical} bytes, under the 10-100 bytes Schema design best practices calls ideal. That is fine for point reads by this one value, but a key this short rarely carries the general-to-specific hierarchy that puts related rows under one prefix for a single scan.',
    },
    fixable: false,
  },
  table(t, { report }) {
    const typical = t.keyBytes.typical;
    // Typical keys over 4 KB are key-too-long's error already.
    if (typical > IDEAL_MAX && typical <= MAX_KEY_BYTES) {
      const big = largestField(t, 'typical');
      report({
        path: ['rowKey', 'template'],
        messageId: 'long',
        data: { typical: Math.round(typical), field: big?.name ?? '', fieldBytes: Math.round(big?.bytes ?? 0) },
      });
    } else if (typical < IDEAL_MIN) {
      report({ path: ['rowKey', 'template'], messageId: 'short', severity: 'info', data: { typical: Math.round(typical * 10) / 10 } });
    }
  },
});
