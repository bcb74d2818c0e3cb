// The ad-click store a new user built (a base table, an index table written with it, an hourly
// counter table, a materialized view, two autoscaled clusters): the system-level design the
// capacity, routing and fix-planning tests read. The whole design is ad-clicks.yaml, as a user
// would write it; the variants leave parts of that text out.
import { readFileSync } from 'node:fs';

const FULL = readFileSync(new URL('./ad-clicks.yaml', import.meta.url), 'utf8');

/** `text` without the part that starts at `from` and ends before `to` (or without `from` alone). */
function without(text: string, from: string, to?: string): string {
  const start = text.indexOf(from);
  const end = to === undefined ? start + from.length : text.indexOf(to, start);
  if (start < 0 || end < 0) throw new Error(`ad-clicks.yaml has no ${JSON.stringify(from)}${to === undefined ? '' : ` before ${JSON.stringify(to)}`}`);
  return text.slice(0, start) + text.slice(end);
}

/**
 * The design's YAML. `served` says whether "one click by id" declares that clicks_by_id serves it;
 * `indexTable: false` leaves out the clicks_by_id table (and so that declaration), `clusters: false`
 * the instance with its clusters and app profile.
 */
export function adClicksYaml(opts: { served?: boolean; indexTable?: boolean; clusters?: boolean } = {}): string {
  let text = FULL;
  if (!(opts.clusters ?? true)) text = without(text, 'instance:\n', 'tables:\n');
  if (!(opts.indexTable ?? true)) text = without(text, '  - name: clicks_by_id\n', '  - name: clicks_hourly\n');
  if (!(opts.served ?? true) || !(opts.indexTable ?? true)) text = without(text, '\n        servedBy: clicks_by_id');
  return text;
}
