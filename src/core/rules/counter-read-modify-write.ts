// A counter column in a non-aggregate family: read-modify-write is much slower than an aggregate.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'counter-read-modify-write',
    severity: 'warning',
    description: 'A counter column in a non-aggregate family: read-modify-write is much slower than an aggregate.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
