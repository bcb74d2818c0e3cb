// A family name longer than 10 characters: it is stored with every cell.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'family-name-long',
    severity: 'info',
    description: 'A family name longer than 10 characters: it is stored with every cell.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
