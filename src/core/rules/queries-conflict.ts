// Queries need different leading key fields.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'queries-conflict',
    severity: 'info',
    description: 'Queries need different leading key fields.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
