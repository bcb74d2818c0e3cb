// The table id has characters Bigtable does not allow or is longer than 50.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'table-name',
    severity: 'error',
    description: 'The table id has characters Bigtable does not allow or is longer than 50.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
