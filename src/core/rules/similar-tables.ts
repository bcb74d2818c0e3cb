// Two tables with the same key template and families.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'similar-tables',
    severity: 'info',
    description: 'Two tables with the same key template and families.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
