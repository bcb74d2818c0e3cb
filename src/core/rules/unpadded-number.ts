// A decimal number varies in digit count without padding, so byte order differs from numeric order.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'unpadded-number',
    severity: 'warning',
    description: 'A decimal number varies in digit count without padding, so byte order differs from numeric order.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
