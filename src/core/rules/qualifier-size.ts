// A column qualifier is larger than 16 KB.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'qualifier-size',
    severity: 'error',
    description: 'A column qualifier is larger than 16 KB.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
