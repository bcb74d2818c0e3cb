// The key can exceed the 4 KB limit of Bigtable.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'key-too-long',
    severity: 'error',
    description: 'The key can exceed the 4 KB limit of Bigtable.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
