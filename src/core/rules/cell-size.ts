// A cell value over 10 MB (warning) or 100 MB (error).
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'cell-size',
    severity: 'warning',
    description: 'A cell value over 10 MB (warning) or 100 MB (error).',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
