// A key field name collides with a family name, _key or _timestamp.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'key-field-name',
    severity: 'error',
    description: 'A key field name collides with a family name, _key or _timestamp.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
