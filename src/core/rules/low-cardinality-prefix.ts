// The first key field has too few values, or one value takes too many writes, for the nodes of the cluster.
import { defineRule } from './types';

export default defineRule({
  meta: {
    id: 'low-cardinality-prefix',
    severity: 'warning',
    description: 'The first key field has too few values, or one value takes too many writes, for the nodes of the cluster.',
    messages: {},
    fixable: false,
  },
  check() {
    // not written yet
  },
});
