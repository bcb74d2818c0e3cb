// The numbers of a run: hotspot score, the pattern in plain words, the sustainable write rate
// against the declared load, throttling, tablets, splits and moves.
import type { SimResult } from '../../core/sim';
import { formatCount, formatPercent, PATTERNS, VERDICTS } from './describe';

/** The badge: the verdict (its colour) and the pattern; green only for a run that does not throttle. */
export function ScoreLine({ result }: { result: SimResult }) {
  const text = PATTERNS[result.pattern];
  const verdict = VERDICTS[result.verdict];
  return (
    <p className="sim-score">
      <span className={`sim-verdict sim-verdict-${verdict.tone}`} data-testid="sim-verdict" data-verdict={result.verdict}>
        {verdict.title}
      </span>{' '}
      <span className="sim-pattern" data-testid="sim-pattern" data-pattern={result.pattern}>
        {text.title}
      </span>{' '}
      <span>
        hotspot score <strong data-testid="sim-score">{result.hotspotScore.toFixed(2)}</strong> of {result.params.nodes}
      </span>
    </p>
  );
}

/** `declared`: the table's load.writesPerSecond, undefined when it declares none. */
/** `plan`: the capacity plan's sentence (capacity/wording.ts), the count every surface states. */
export function SimResults({ result, declared, plan }: { result: SimResult; declared: number | undefined; plan?: string }) {
  const p = result.params;
  const text = PATTERNS[result.pattern];
  const sustainable = result.maxSustainableWritesPerSecond;
  const headroom = declared ? sustainable / declared : Infinity;
  const throttledShare = result.writes > 0 ? result.throttled / result.writes : 0;
  return (
    <section className="sim-results" aria-labelledby="sim-results-title" data-testid="sim-results">
      <h3 id="sim-results-title">Result</h3>
      <ScoreLine result={result} />
      {plan && (
        <p className="hint" data-testid="sim-plan">
          {plan} This run simulates {formatCount(p.nodes)} {p.storage.toUpperCase()} node{p.nodes === 1 ? '' : 's'}.
        </p>
      )}
      <p className="sim-verdict-reason" data-testid="sim-verdict-reason">
        {result.verdictReason}
      </p>
      <p className="sim-meaning">{text.meaning}</p>
      <p className="sim-advice">
        <strong>What helps:</strong> {text.advice}
      </p>
      <dl className="sim-facts">
        <dt>Hotspot score</dt>
        <dd>
          {result.hotspotScore.toFixed(2)}: the busiest node took {result.hotspotScore.toFixed(2)}× the mean node's writes in the second half (1 is even,{' '}
          {p.nodes} is every write on one node).
        </dd>
        <dt>Node shares</dt>
        <dd>{nodeShares(result.nodeShare)}</dd>
        <dt>Max sustainable writes/s</dt>
        <dd data-testid="sim-sustainable">
          {formatCount(sustainable)} on {p.nodes} {p.storage.toUpperCase()} nodes ({formatCount(p.nodeCapacity)} writes/s each for {formatCount(p.rowBytes)}
          -byte writes).{' '}
          {declared
            ? headroom >= 1
              ? `The table declares ${formatCount(declared)} writes/s: ${headroom.toFixed(1)}× headroom.`
              : `The table declares ${formatCount(declared)} writes/s: this key and cluster sustain only ${formatPercent(sustainable / declared)} of it, so expect throttling.`
            : 'The table declares no write load.'}
          {declared !== p.writesPerSecond && ` This run simulated ${formatCount(p.writesPerSecond)} writes/s.`}
        </dd>
        {result.hottestRange && (
          <>
            <dt>Hottest key range</dt>
            <dd
              data-testid="sim-hottest"
              title={`Key bytes: ${result.hottestRange.startBytes || '(start)'} to ${result.hottestRange.endBytes ?? '(end of the key space)'}`}
            >
              {result.hottestRange.start || '(start)'} to {result.hottestRange.end ?? '(end of the key space)'}: {formatPercent(result.hottestRange.share)} of
              writes at the end, {formatCount(result.hottestRange.writesPerSecond)} writes/s, {result.hottestRange.nodeFraction.toFixed(2)} of one node.
            </dd>
          </>
        )}
        {result.params.otherShare > 0 && (
          <>
            <dt>Reads and other tables</dt>
            <dd>{formatPercent(result.params.otherShare)} of each node, from the design's queries and its other tables (the capacity plan).</dd>
          </>
        )}
        <dt>Throttled writes</dt>
        <dd>
          {formatCount(result.throttled)} of {formatCount(result.writes)} ({formatPercent(throttledShare)}) in the whole run;{' '}
          <span data-testid="sim-throttled-second-half">{formatPercent(result.throttledShareSecondHalf)}</span> in its second half, which the verdict judges
          (the first is warm-up, while tablets split)
        </dd>
        <dt>Tablets</dt>
        <dd>
          {formatCount(result.tablets)} at the end; {formatCount(result.splits)} splits, {formatCount(result.moves)} moves
        </dd>
        <dt>Sampling</dt>
        <dd>
          {formatCount(result.sampledKeys)} keys generated, each standing for {result.writesPerSample.toFixed(1)} writes
        </dd>
      </dl>
    </section>
  );
}

/** Every node's share, or the busiest few of a large cluster. */
function nodeShares(shares: number[]): string {
  const named = shares.map((s, i) => ({ s, text: `node ${i + 1} ${formatPercent(s)}` }));
  if (named.length <= 12) return named.map((n) => n.text).join(', ');
  const top = [...named].sort((a, b) => b.s - a.s).slice(0, 6);
  return `busiest: ${top.map((n) => n.text).join(', ')}; ${named.length - top.length} other nodes`;
}
