// A domain field is not reversed, so pages of one site do not sort together.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'domain-not-reversed',
    severity: 'warning',
    description: 'A domain field is not reversed, so pages of one site do not sort together.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
