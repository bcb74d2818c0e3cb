// The Capacity panel: the design's load against its cluster and the monthly cost, SSD and HDD
// side by side, live as the design is edited. Every figure is the core's plan
// (src/core/capacity/capacity-plan.ts), the one lint's capacity rules and `btstudio plan` read. Prices
// are editable and saved in this browser only (prices.ts), never in the design or a share link.
import { memo, useMemo, useState } from 'react';
import { DEFAULT_PRICES, skewedScans, type CapacityPlanDetail, type Prices } from '../../core/capacity/capacity-plan';
import type { Design } from '../../core/model/schema';
import { instanceOf } from '../../core/model/instance';
import { becauseText, clusterName, declaredText, needsSentence, nodesText, percentText, recommendedText } from '../../core/capacity/wording';
import type { DesignAnalysis } from '../../core/analysis/design';
import { coverageText, growthText, storedBytesText } from '../../core/capacity/bounds';
import { formatPercent } from '../../core/units';
import { browserStorage } from '../share/base';
import { capacityPlans } from './plans';
import { loadPrices, parsePrice, PRICE_KEYS, savePrices, type PriceKey } from './prices';

const LABEL: Record<PriceKey, string> = { nodeHour: 'Node, per hour', ssdGbMonth: 'SSD, per GiB-month', hddGbMonth: 'HDD, per GiB-month' };
const money = (p: Prices, n: number | null) =>
  n === null ? 'unknown (over 1,000 nodes)' : `${p.currency} ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What share of a cluster's CPU load writes, reads and scans take: "writes 80%, reads 20%". */
function loadShares(load: CapacityPlanDetail['load']): string {
  if (load.total <= 0) return 'no CPU load declared';
  const parts = (['writes', 'reads', 'scans'] as const)
    .filter((k) => load[k] / load.total >= 0.005)
    .map((k) => `${k} ${formatPercent(load[k] / load.total, 'whole')}`);
  return parts.join(', ');
}

/** What the tables store, bounded, and which tables the total covers (capacity/bounds.ts). */
function storedText(plan: CapacityPlanDetail): string {
  const t = plan.workload.totals;
  const parts = [];
  if (t.storedBytes > 0 || t.storedBytesGrowthPerMonth === 0) parts.push(storedBytesText(t.storedBytes));
  if (t.storedBytesGrowthPerMonth > 0) parts.push(`${growthText(t.storedBytesGrowthPerMonth)} unbounded`);
  const covers = coverageText(plan.storageCovers);
  return parts.join(', ') + (covers ? ` (${covers})` : '');
}

/** Which write rate sized what: CPU the peak, storage the average (workload.ts, one model). */
function WriteRates({ plan }: { plan: CapacityPlanDetail }) {
  const rate = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const split = plan.workload.tables.filter((t) => t.averageWriteRowsPerSecond !== null && t.averageWriteRowsPerSecond !== t.writeRowsPerSecond);
  return (
    <p className="hint" data-testid="capacity-rates">
      CPU is sized at each table's peak writes per second, storage and growth at its average writes per second (the peak where none is given)
      {split.length > 0 ? ': ' : '.'}
      {split.map((t, i) => (
        <span key={t.table}>
          {i > 0 ? '; ' : ''}
          <code>{t.table}</code> {t.writeRowsPerSecond === null ? 'peak unknown' : `${rate(t.writeRowsPerSecond)}/s peak`}, {rate(t.averageWriteRowsPerSecond!)}
          /s average
          {i === split.length - 1 ? '.' : ''}
        </span>
      ))}
    </p>
  );
}

function PriceForm({ prices, onChange }: { prices: Prices; onChange: (p: Prices | null) => void }) {
  const [drafts, setDrafts] = useState<Record<PriceKey, string>>(() => ({
    nodeHour: String(prices.nodeHour),
    ssdGbMonth: String(prices.ssdGbMonth),
    hddGbMonth: String(prices.hddGbMonth),
  }));
  const bad = PRICE_KEYS.filter((k) => parsePrice(drafts[k]) === null);
  return (
    <details className="capacity-prices">
      <summary>Prices ({prices.source === DEFAULT_PRICES.source ? `list prices as of ${prices.asOf}` : 'yours'})</summary>
      <p className="hint">{DEFAULT_PRICES.source}. Saved in this browser only, never in the design or a share link.</p>
      {PRICE_KEYS.map((k) => (
        <label key={k} className="capacity-price">
          {LABEL[k]} ({prices.currency})
          <input
            type="text"
            inputMode="decimal"
            data-testid={`price-${k}`}
            aria-invalid={parsePrice(drafts[k]) === null}
            value={drafts[k]}
            onChange={(e) => {
              const next = { ...drafts, [k]: e.target.value };
              setDrafts(next);
              const values = PRICE_KEYS.map((x) => parsePrice(next[x]));
              if (values.every((v) => v !== null)) {
                onChange({ ...prices, nodeHour: values[0]!, ssdGbMonth: values[1]!, hddGbMonth: values[2]! });
              }
            }}
          />
        </label>
      ))}
      {bad.length > 0 && (
        <p className="field-error" role="alert">
          A price is a number from 0 to 1,000,000; the plan keeps the last valid prices.
        </p>
      )}
      <button
        type="button"
        onClick={() => {
          setDrafts({
            nodeHour: String(DEFAULT_PRICES.nodeHour),
            ssdGbMonth: String(DEFAULT_PRICES.ssdGbMonth),
            hddGbMonth: String(DEFAULT_PRICES.hddGbMonth),
          });
          onChange(null);
        }}
      >
        Use the list prices
      </button>
    </details>
  );
}

export const CapacityPanel = memo(function CapacityPanel({ design, analysis }: { design: Design; analysis: DesignAnalysis }) {
  const [prices, setPrices] = useState<Prices>(() => loadPrices(browserStorage()));
  const plans = useMemo(() => capacityPlans(design, analysis, prices), [design, analysis, prices]);
  const own = plans.find((p) => p.model.storage === instanceOf(design).storage) ?? plans[0]!;
  const skewed = skewedScans(own.workload);
  return (
    <section className="panel capacity" aria-labelledby="capacity-heading" data-testid="capacity">
      <h2 id="capacity-heading">Capacity plan</h2>
      <p data-testid="capacity-load">
        {needsSentence(own)} CPU load: {loadShares(own.load)}; the tables store {storedText(own)}.
      </p>
      {own.clusterPlans.length > 1 && (
        <ul className="capacity-clusters" data-testid="capacity-clusters">
          {own.clusterPlans.map((c) => (
            <li key={c.id ?? ''}>
              {clusterName(c)}: {declaredText(c)}; needs {nodesText(c.need.recommended)} ({becauseText(c)})
              {c.settlesAt !== null ? `; settles at about ${nodesText(c.settlesAt)} under the peak` : ''}.
            </li>
          ))}
        </ul>
      )}
      <WriteRates plan={own} />
      <table className="capacity-table">
        <thead>
          <tr>
            <th scope="col"></th>
            {plans.map((p) => (
              <th scope="col" key={p.model.storage}>
                {p.model.storage.toUpperCase()}
                {p === own ? ' (this design)' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Nodes needed</th>
            {plans.map((p) => (
              <td key={p.model.storage} data-testid={`capacity-nodes-${p.model.storage}`}>
                {recommendedText(p)} ({becauseText(p.binding)})
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">On {declaredText(own.binding)}</th>
            {plans.map((p) => (
              <td key={p.model.storage}>
                CPU {percentText(p.binding.utilization.cpu)}, storage {percentText(p.binding.utilization.storage)}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">Per month</th>
            {plans.map((p) => (
              <td key={p.model.storage} data-testid={`capacity-cost-${p.model.storage}`}>
                {money(p.monthlyCost.prices, p.monthlyCost.total)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {own.workload.unknown.length > 0 && (
        <ul className="capacity-unknown">
          {own.workload.unknown.map((u) => (
            <li key={`${u.table}:${u.reason}`}>
              <code>{u.table}</code>: {u.reason}
            </li>
          ))}
        </ul>
      )}
      {skewed.length > 0 && (
        <ul data-testid="capacity-skew">
          {skewed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <PriceForm
        prices={prices}
        onChange={(p) => {
          const storage = browserStorage();
          if (p === null) {
            savePrices(storage, null, '');
            setPrices({ ...DEFAULT_PRICES });
          } else {
            const today = new Date().toISOString().slice(0, 10);
            const saved = savePrices(storage, p, today);
            setPrices(saved ? loadPrices(storage) : { ...p, source: 'your prices (not saved: this browser refused storage)', asOf: today });
          }
        }}
      />
      <p className="hint">
        Google's per-node figures ("Understand performance", "Plan your capacity"); see docs/capacity.md. Costs are of the recommended nodes, before discounts.
      </p>
    </section>
  );
});

export default CapacityPanel;
