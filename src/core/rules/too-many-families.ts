// The table has 100 or more column families.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'too-many-families',
    severity: 'warning',
    description: 'The table has 100 or more column families.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
