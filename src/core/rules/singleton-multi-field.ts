// Singleton encoding with more than one field or with literal text.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'singleton-multi-field',
    severity: 'error',
    description: 'Singleton encoding with more than one field or with literal text.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
