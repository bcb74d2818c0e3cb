// Dynamic columns without a bound: rows keep growing; prefer tall and narrow.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'short-wide-unbounded',
    severity: 'warning',
    description: 'Dynamic columns without a bound: rows keep growing; prefer tall and narrow.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
