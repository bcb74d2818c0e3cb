// A family without a GC rule where cells accumulate.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'gc-missing',
    severity: 'warning',
    description: 'A family without a GC rule where cells accumulate.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
