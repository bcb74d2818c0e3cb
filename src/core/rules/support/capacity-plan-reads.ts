// What the capacity plan (capacity/capacity-plan.ts) reads of a table: its workload (designWorkload
// maps tableWorkload over the tables; the rest comes from the design outside `tables`), the app
// profiles its load and queries are routed through (the plan sends each query's reads to the
// clusters of its profile), and the workloads of the continuous materialized views over it (the
// plan counts each as a table: a GC rule on a family a view holds changes the view's storage,
// while the table's own workload stays as it was when another family keeps it unbounded). A
// rule that reads only the plan declares `reads: capacityPlanReads`, so a fix that leaves all of
// that as it was does not run the rule again (engine/incremental.ts).
import { tableWorkload } from '../../capacity/workload';
import { viewAnalysesOver, type TableAnalysis } from '../../analysis/design';
import type { Design } from '../../model/schema';

export const capacityPlanReads = (t: TableAnalysis, design: Design): unknown => ({
  workload: tableWorkload(t),
  views: viewAnalysesOver(design, t.table).map(tableWorkload),
  // A query routed through another profile (workload-isolation's fix) moves its reads between clusters.
  profiles: [t.table.load?.appProfile ?? null, ...(t.table.queries ?? []).map((q) => q.appProfile ?? null)],
});
