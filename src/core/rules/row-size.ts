// The estimated row exceeds 256 MB (error) or 100 MB (warning).
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'row-size',
    severity: 'error',
    description: 'The estimated row exceeds 256 MB (error) or 100 MB (warning).',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
