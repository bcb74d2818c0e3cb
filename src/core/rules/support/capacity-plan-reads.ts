// What the capacity plan (capacity/capacity-plan.ts) reads of a table: its workload (designWorkload maps
// tableWorkload over the tables; the rest comes from the design outside `tables`). A rule that
// reads only the plan declares `reads: capacityPlanReads`, so a fix that leaves every workload as it was
// does not run the rule again (engine/incremental.ts).
import { tableWorkload } from '../../capacity/workload';
import type { TableAnalysis } from '../../analysis/design';

export const capacityPlanReads = (t: TableAnalysis): unknown => tableWorkload(t);
