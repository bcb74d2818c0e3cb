// btstudio plan DESIGN: the capacity and cost plan (src/core/capacity/capacity-plan.ts), the same model
// lint's capacity rules and the studio's Capacity panel read.
import { planCapacity, DEFAULT_PRICES, MAX_CLUSTER_NODES, capacityPlanJson, type CapacityPlanDetail, type Prices } from '../../core/capacity/capacity-plan';
import { becauseText, clusterName, declaredText, needsSentence, percentText, recommendedText } from '../../core/capacity/wording';
import { formatCount } from '../../core/units';
import { analyze } from '../../core/analysis/design';
import { coverageText, growthText, rowsReadText, scanRateText, storedBytesText, unknownReason } from '../../core/capacity/bounds';
import { readDesign } from '../design-file';
import { parseFlags, terminalSafe, UserError, write, type Io } from '../io';

export const usage = `usage: btstudio plan DESIGN [--format text|json] [--node-hour N] [--ssd-gb-month N] [--hdd-gb-month N] [--currency C]

Sums the design's load across its tables (writes, reads of its queries, scans) and what its
GC rules keep, against Google's per-node figures (docs/capacity.md), and prints the nodes
needed, the utilization of the declared cluster and the monthly cost of the recommended one.
  --format text   a summary, with SSD and HDD side by side (default)
  --format json   {cluster, tables, nodesNeeded, utilization, monthlyCost, assumptions}
  --node-hour N, --ssd-gb-month N, --hdd-gb-month N, --currency C
                  prices instead of the list prices of ${DEFAULT_PRICES.source}, as of ${DEFAULT_PRICES.asOf}
Exit 0, or 2 when the file cannot be read or is invalid.`;

function price(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1e6) throw new UserError(`--${name} takes a price from 0 to 1000000 (got "${raw}")`);
  return n;
}

const money = (p: CapacityPlanDetail, n: number | null) =>
  n === null
    ? `unknown (over the ${formatCount(MAX_CLUSTER_NODES)}-node limit)`
    : `${p.monthlyCost.currency} ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const rate = (n: number | null, unit: string) => (n === null ? 'unknown' : `${formatCount(n)} ${unit}`);

const listText = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** The peak write rate (CPU), and the average (storage) when it differs. */
function writes(t: CapacityPlanDetail['tables'][number]): string {
  const avg = t.averageWriteRowsPerSecond;
  if (avg === null || avg === t.writeRowsPerSecond) return rate(t.writeRowsPerSecond, 'writes/s');
  return `${t.writeRowsPerSecond === null ? 'peak writes unknown' : `${rate(t.writeRowsPerSecond, 'writes/s')} at peak`} (${rate(avg, 'on average')})`;
}

function text(file: string, p: CapacityPlanDetail, other: CapacityPlanDetail): string {
  const lines = [
    `${terminalSafe(file)}: ${p.cluster.storage.toUpperCase()}; ${p.clusterPlans.map((c) => `${clusterName(c)}: ${declaredText(c)}`).join('; ')}`,
    terminalSafe(needsSentence(p)),
  ];
  p.tables.forEach((t, i) => {
    // The exact figures, worded by capacity/bounds.ts: unknown says why, past 1,000 nodes says so.
    const w = p.workload.tables[i]!;
    const parts: string[] = [];
    const unknown: string[] = [];
    if (t.writeRowsPerSecond === null && t.averageWriteRowsPerSecond === null) unknown.push('writes');
    else parts.push(writes(t));
    if (w.readRowsPerSecond === null) unknown.push('rows read');
    else parts.push(rowsReadText(w.readRowsPerSecond, w.readBytes));
    if (w.scanBytesPerSecond === null) unknown.push('scans');
    else parts.push(scanRateText(w.scanBytesPerSecond));
    if (w.storage === 'unknown') unknown.push('storage');
    else parts.push(w.storage === 'unbounded' ? `unbounded: ${growthText(w.storedBytesGrowthPerMonth!)}` : `stored ${storedBytesText(w.storedBytes!)}`);
    // Each unknown figure once, with its reason once: "writes, rows read, scans and storage unknown (no write load declared ...)".
    if (unknown.length) parts.push(`${listText(unknown)} unknown (${unknownReason(w)})`);
    lines.push(
      `  ${terminalSafe(t.table)}: ${parts.join(', ')}; ${t.cpuNodes !== null ? t.cpuNodes : `over ${formatCount(MAX_CLUSTER_NODES)}`} nodes of load at 100% CPU`,
    );
  });
  const covers = coverageText(p.storageCovers);
  const col = (x: CapacityPlanDetail) => [
    `${x.cluster.storage.toUpperCase()}: needs ${recommendedText(x)} (${becauseText(x.binding)})`,
    `CPU ${percentText(x.binding.utilization.cpu)} and storage ${percentText(x.binding.utilization.storage)}${covers ? ` (${covers})` : ''} of ${declaredText(x.binding)}`,
    `${money(x, x.monthlyCost.total)}/month (nodes ${money(x, x.monthlyCost.nodes)}, storage ${money(x, x.monthlyCost.storage)})`,
  ];
  const a = col(p);
  const b = col(other);
  const w = Math.max(...a.map((s) => s.length));
  lines.push('', ...a.map((s, i) => `  ${s.padEnd(w)}   |  ${b[i]}`), '', 'assumptions:', ...p.assumptions.map((s) => `  - ${terminalSafe(s)}`));
  return lines.join('\n');
}

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    format: { type: 'string', short: 'f', default: 'text' },
    'node-hour': { type: 'string' },
    'ssd-gb-month': { type: 'string' },
    'hdd-gb-month': { type: 'string' },
    currency: { type: 'string' },
  });
  const format = values.format!;
  if (!['text', 'json'].includes(format)) throw new UserError(`--format must be text or json (got "${format}")`);
  if (positionals.length !== 1) throw new UserError('name one design file');
  const prices: Partial<Prices> = {};
  const nodeHour = price('node-hour', values['node-hour']);
  const ssd = price('ssd-gb-month', values['ssd-gb-month']);
  const hdd = price('hdd-gb-month', values['hdd-gb-month']);
  if (nodeHour !== undefined) prices.nodeHour = nodeHour;
  if (ssd !== undefined) prices.ssdGbMonth = ssd;
  if (hdd !== undefined) prices.hddGbMonth = hdd;
  if (values.currency !== undefined) {
    if (!/^[A-Z]{3}$/.test(values.currency)) throw new UserError(`--currency takes a 3-letter code such as USD or EUR (got "${values.currency}")`);
    prices.currency = values.currency;
  }
  if (Object.keys(prices).length) {
    prices.source = `prices given on the command line${prices.currency ? '' : `; currency ${DEFAULT_PRICES.currency}`}`;
    prices.asOf = new Date().toISOString().slice(0, 10);
  }
  const file = positionals[0]!;
  const design = await readDesign(file);
  const analysis = analyze(design);
  const opts = Object.keys(prices).length ? { prices } : {};
  const plan = planCapacity(design, analysis, opts);
  if (format === 'json') {
    await write(io.stdout, JSON.stringify(capacityPlanJson(plan), null, 2) + '\n');
  } else {
    const other = planCapacity(design, analysis, { ...opts, storage: plan.cluster.storage === 'ssd' ? 'hdd' : 'ssd' });
    await write(io.stdout, text(file, plan, other) + '\n');
  }
  return 0;
}
