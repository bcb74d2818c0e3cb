// The typical key is longer than 100 bytes (or under 10 bytes).
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'key-length',
    severity: 'warning',
    description: 'The typical key is longer than 100 bytes (or under 10 bytes).',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
