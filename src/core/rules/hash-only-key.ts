// The key is only a hash or a UUID: writes spread, but range scans are impossible.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'hash-only-key',
    severity: 'warning',
    description: 'The key is only a hash or a UUID: writes spread, but range scans are impossible.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
