// What the capacity plan (capacity/capacity-plan.ts) reads of a table: its workload (designWorkload maps
// tableWorkload over the tables; the rest comes from the design outside `tables`), and the app
// profiles its load and queries are routed through (the plan sends each query's reads to the
// clusters of its profile). A rule that reads only the plan declares `reads: capacityPlanReads`,
// so a fix that leaves all of that as it was does not run the rule again (engine/incremental.ts).
import { tableWorkload } from '../../capacity/workload';
import type { TableAnalysis } from '../../analysis/design';

export const capacityPlanReads = (t: TableAnalysis): unknown => ({
  workload: tableWorkload(t),
  // A query routed through another profile (workload-isolation's fix) moves its reads between clusters.
  profiles: [t.table.load?.appProfile ?? null, ...(t.table.queries ?? []).map((q) => q.appProfile ?? null)],
});
