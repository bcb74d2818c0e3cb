// The first key field is auto-incrementing: every write goes to the last tablet.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'sequential-leading',
    severity: 'error',
    description: 'The first key field is auto-incrementing: every write goes to the last tablet.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
