// How a query reads the table, as a badge: POINT, PREFIX, RANGE, N SCANS or FULL SCAN.
import type { QueryPlan } from '../../core/analysis/query-plan';

export function planLabel(plan: Pick<QueryPlan, 'kind' | 'scans'>): string {
  switch (plan.kind) {
    case 'point':
      return 'POINT';
    case 'prefix':
      return 'PREFIX';
    case 'range':
      return 'RANGE';
    case 'multi-scan':
      return `${plan.scans} SCANS`;
    case 'full-scan':
      return 'FULL SCAN';
    default: {
      const never: never = plan.kind;
      throw new Error(`unknown plan ${String(never)}`);
    }
  }
}

export function QueryPlanBadge({ plan }: { plan: QueryPlan }) {
  const range = plan.kind === 'full-scan' ? 'reads the whole table' : `reads ${plan.start || '(start)'} .. ${plan.end || '(end)'}`;
  return (
    <span className={`plan plan-${plan.kind}`} data-testid="plan-badge" data-plan={plan.kind} title={range}>
      {planLabel(plan)}
    </span>
  );
}
