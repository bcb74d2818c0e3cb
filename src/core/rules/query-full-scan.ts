// A query cannot be served by a key prefix or range: it scans the whole table.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'query-full-scan',
    severity: 'error',
    description: 'A query cannot be served by a key prefix or range: it scans the whole table.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
