// Not a check of the design's tables: the finding the lint (engine/accept.ts) reports for an
// entry of `lint.accept` that accepts nothing, so an acceptance cannot outlive its finding and
// silently hide the next one. Registered like every rule (an id, a severity, a doc page, a
// SARIF entry, `lint.rules` to change its severity); its check finds nothing by itself.
import { defineVisitorRule } from './types';

export default defineVisitorRule({
  meta: {
    id: 'stale-acceptance',
    severity: 'warning',
    description: 'An accepted finding (lint.accept) that no longer matches any finding: remove the acceptance.',
    messages: {
      stale: 'lint.accept accepts {rule}{where}, but no such finding remains: remove this acceptance',
      unknownRule: 'lint.accept names rule "{rule}", which does not exist (rule ids are listed in docs/rules/)',
    },
    details: {
      stale:
        'Its reason was "{reason}". The finding it was written for is gone (the design changed, the rule is off in lint.rules, or a name changed); left in place it would accept the next such finding unreviewed.',
    },
    fixable: false,
    // Reported by the engine, never by its check: it reads no table.
    reads: () => null,
  },
  // Reported by the lint (engine/accept.ts), never by a visit.
  create: () => ({}),
});
