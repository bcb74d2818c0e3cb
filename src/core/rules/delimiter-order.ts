// A field can contain a byte at or below the first delimiter byte, so keys do not sort field by field.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'delimiter-order',
    severity: 'warning',
    description: 'A field can contain a byte at or below the first delimiter byte, so keys do not sort field by field.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
