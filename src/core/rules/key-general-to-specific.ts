// A key field has fewer distinct values than the field before it: keys should go from general to specific.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'key-general-to-specific',
    severity: 'info',
    description: 'A key field has fewer distinct values than the field before it: keys should go from general to specific.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
