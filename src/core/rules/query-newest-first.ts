// A query wants the newest rows first with a limit, but the timestamp is not reversed.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'query-newest-first',
    severity: 'warning',
    description: 'A query wants the newest rows first with a limit, but the timestamp is not reversed.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
