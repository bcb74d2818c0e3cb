// A big-endian int64 field may hold negative values, which sort after positive ones.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'bigendian-negative',
    severity: 'warning',
    description: 'A big-endian int64 field may hold negative values, which sort after positive ones.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
