// The family id has characters Bigtable does not allow or is longer than 64.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'family-name',
    severity: 'error',
    description: 'The family id has characters Bigtable does not allow or is longer than 64.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
