// A query needs one scan per salt bucket.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'query-salted-fanout',
    severity: 'info',
    description: 'A query needs one scan per salt bucket.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
