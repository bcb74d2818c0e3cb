// Different writes produce the same key under the declared load, so they overwrite each other.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'key-not-unique',
    severity: 'error',
    description: 'Different writes produce the same key under the declared load, so they overwrite each other.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
