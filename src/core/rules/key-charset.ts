// The key holds characters outside [a-zA-Z0-9_#-].
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'key-charset',
    severity: 'info',
    description: 'The key holds characters outside [a-zA-Z0-9_#-].',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
