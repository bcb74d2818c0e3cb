// A time-bucket row grows past the row size limits within its bucket.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'time-bucket-size',
    severity: 'error',
    description: 'A time-bucket row grows past the row size limits within its bucket.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
