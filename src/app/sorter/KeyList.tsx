// The sorted keys as a windowed list: position, the key with each field's bytes coloured,
// its length in bytes, and what to notice: a numeric-order flag, where JavaScript's sort would
// have put it, whether the selected query reads it; and between rows, where a simulated
// tablet starts (a separator row). Rows are built only for what is on screen, from the packed
// keys (no per-key objects).
import { formatCount } from '../../core/units';
import { memo, useCallback, useMemo } from 'react';
import { displayKey, toHex } from '../../core/keys/bytes';
import type { KeyReader } from '../../core/keys/readable';
import { colourSlot } from '../keyview';
import { flagAt, type JsOrder } from './analysis';
import type { MatchResult } from './jobs';
import { sortedKeyAt, type SortedKeys } from './keyset';
import type { Spanner } from './spans';
import { separatorAbove, tabletNumber, type Placement } from './tablets';
import { VirtualList } from './VirtualList';

export const ROW_HEIGHT = 26;

export interface KeyListProps {
  keys: SortedKeys;
  /** Numeric-order flags of the whole list; null while they are computed (rows on screen get theirs from flagAt). */
  flags: Uint8Array | null;
  /** The template the keys were read with, for flagAt. */
  flagSpanner: Spanner | null;
  spanner: Spanner | null;
  match: MatchResult | null;
  js: JsOrder | null;
  /** Tablet boundaries to draw, placed among these keys; null draws none. */
  tablets: ShownTablets | null;
  active: number;
  onActiveChange(k: number): void;
  /** The row picked as the query's anchor. */
  anchor: number;
  onAnchor(k: number): void;
  scrollRequest: number;
  /** Reads a key as its fields (ISO dates, salt buckets); null when the raw text is already that. */
  read?: KeyReader | null;
}

export interface ShownTablets {
  boundaries: readonly Uint8Array[];
  placement: Placement;
  /** Tablets of the simulated table (boundaries + 1). */
  total: number;
}

const rowId = (k: number) => `sorter-row-${k}`;
const fmt = formatCount;

function KeyText({ bytes, spanner }: { bytes: Uint8Array; spanner: Spanner | null }) {
  const spans = spanner?.spans(bytes) ?? null;
  if (!spans) return <span className="key-lit">{displayKey(bytes)}</span>;
  return (
    <>
      {spans.map((s, i) => {
        const text = displayKey(bytes.subarray(s.start, s.end));
        if (s.kind === 'field' && s.field && spanner) {
          return (
            <span key={i} className={`key-field seg-${colourSlot(spanner.layout, s.field)}`}>
              {text}
            </span>
          );
        }
        return (
          <span key={i} className={s.kind === 'separator' ? 'key-sep' : 'key-lit'}>
            {text}
          </span>
        );
      })}
    </>
  );
}

function KeyListImpl(props: KeyListProps) {
  const { keys, flags, flagSpanner, spanner, match, js, tablets, anchor, read = null } = props;
  const renderRow = useCallback(
    (k: number, active: boolean) => {
      const bytes = sortedKeyAt(keys, k);
      const flagged = flags ? flags[k] === 1 : flagAt(keys, flagSpanner, k);
      const matched = match?.mask[k] === 1;
      const jsRank = js ? js.rank[k]! : k;
      const sep = tablets ? separatorAbove(tablets.placement, k) : -1;
      const tablet = tablets && sep >= 0 ? tabletNumber(tablets.placement.last[sep]!) : -1;
      const cls = ['key-row', matched ? 'matched' : '', flagged ? 'flagged' : '', k === anchor ? 'anchor' : '', active ? 'active' : '']
        .filter(Boolean)
        .join(' ');
      return (
        <div
          key={k}
          id={rowId(k)}
          role="option"
          aria-selected={k === anchor}
          aria-posinset={k + 1}
          aria-setsize={keys.count}
          className={cls}
          data-index={k}
          data-hex={toHex(bytes)}
          data-testid="sorter-row"
        >
          <span className="key-pos">{fmt(k + 1)}</span>
          <code className="key key-text" title={read ? `Reads as ${read(bytes)}` : undefined}>
            <KeyText bytes={bytes} spanner={spanner} />
          </code>
          <span className="key-bytes" title={`${bytes.length} bytes`}>
            {bytes.length} B
          </span>
          <span className="key-notes">
            {flagged && (
              <span
                className="note note-flag"
                title="This key reads as a smaller number than the key above it, but sorts after it: the number is not padded to a fixed width (or is a negative big-endian int)."
              >
                ↯ numeric order
              </span>
            )}
            {js && jsRank !== k && (
              <span className="note note-js" title={`JavaScript's string sort puts this key at position ${fmt(jsRank + 1)}`}>
                JS #{fmt(jsRank + 1)}
              </span>
            )}
            {matched && <span className="note note-match">read</span>}
          </span>
          {tablet >= 0 && <span className="visually-hidden">First key in tablet {fmt(tablet)}.</span>}
        </div>
      );
    },
    [keys, flags, flagSpanner, spanner, match, js, tablets, anchor, read],
  );

  const separators = useMemo(
    () =>
      tablets && tablets.placement.at.length > 0
        ? { above: tablets.placement.at, render: (s: number) => <TabletSeparator tablets={tablets} index={s} read={read} /> }
        : undefined,
    [tablets, read],
  );

  return (
    <VirtualList
      count={keys.count}
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      rowId={rowId}
      active={props.active}
      onActiveChange={props.onActiveChange}
      onSelect={props.onAnchor}
      scrollRequest={props.scrollRequest}
      separators={separators}
      label={`Sorted keys, ${fmt(keys.count)} in byte order. Arrow keys move, Enter picks the row whose values fill in the query.`}
      className="key-list"
      testId="sorter-list"
    />
  );
}

/**
 * Where one or more tablets start, between key `at - 1` and key `at`: the label names the
 * tablet of the key below and the boundary it starts at (escaped like the keys: `\xNN`).
 */
function TabletSeparator({ tablets, index, read }: { tablets: ShownTablets; index: number; read: KeyReader | null }) {
  const { placement, boundaries, total } = tablets;
  const at = placement.at[index]!;
  const first = placement.first[index]!;
  const last = placement.last[index]!;
  // The boundary as its fields read (an ISO date, a salt bucket), its raw bytes on hover.
  const raw = displayKey(boundaries[last]!);
  const key = read ? read(boundaries[last]!) : raw;
  const t = tabletNumber(last);
  const more = last - first;
  const label =
    more === 0
      ? `Tablet ${fmt(t)} of ${fmt(total)} starts here, at ${key}`
      : `Tablets ${fmt(tabletNumber(first))} to ${fmt(t)} of ${fmt(total)} start here; ${more === 1 ? 'one holds' : `${fmt(more)} hold`} none of these keys. Tablet ${fmt(t)} starts at ${key}`;
  return (
    <div
      role="separator"
      aria-label={`${label}, between keys ${fmt(at)} and ${fmt(at + 1)}.`}
      className="tablet-sep"
      data-testid="tablet-separator"
      data-above={at}
      data-tablet={t}
      data-first-tablet={tabletNumber(first)}
      data-first-hex={toHex(boundaries[first]!)}
      data-last-hex={toHex(boundaries[last]!)}
    >
      <span className="tablet-sep-text">
        {more === 0 ? `tablet ${fmt(t)} starts` : `tablets ${fmt(tabletNumber(first))}–${fmt(t)} start`} ·{' '}
        <code title={key !== raw ? `Key bytes: ${raw}` : undefined} data-testid="tablet-separator-key">
          {key}
        </code>
      </span>
    </div>
  );
}

export const KeyList = memo(KeyListImpl);
