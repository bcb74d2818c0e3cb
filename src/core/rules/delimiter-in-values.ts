// A value, literal or generated alphabet can contain the delimiter, so keys cannot be split back into fields.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'delimiter-in-values',
    severity: 'error',
    description: 'A value, literal or generated alphabet can contain the delimiter, so keys cannot be split back into fields.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
