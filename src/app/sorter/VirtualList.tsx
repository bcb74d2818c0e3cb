// A windowed list of fixed-height rows (windowing.ts does the maths): only the rows in view
// (plus a few) exist in the DOM, so a million rows scroll like fifty. It is a listbox: the
// list takes focus, arrows, Page Up/Down, Home and End move the active row (which is always
// rendered, so aria-activedescendant always points at a real element), Enter or a click
// selects it. Positions are set through the CSSOM (style properties), which a strict CSP allows.
//
// Separator rows (the sorter's tablet boundaries) may sit between items, as rows of the same
// height. A listbox may own only options and groups, so a separator is drawn in an overlay
// beside the listbox, not inside it: the listbox keeps an empty, hidden gap where it goes, and
// the overlay (same rows, same window) puts the separator over that gap. Items keep their own
// indexes throughout (active row, scroll-to, onSelect); only the windowing counts rows.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { rowMap, rowsPerPage, scrollTopForRow, windowLayout } from './windowing';

export interface VirtualListProps {
  count: number;
  rowHeight: number;
  /** Renders row i; the element must carry `id={rowId(i)}`, role="option" and the height. */
  renderRow(index: number, active: boolean): ReactNode;
  rowId(index: number): string;
  active: number;
  onActiveChange(index: number): void;
  /** Enter or click on a row. */
  onSelect?(index: number): void;
  /** Bump to scroll `active` into view from outside (a jump to a match). */
  scrollRequest?: number;
  label: string;
  className?: string;
  testId?: string;
  /** Separator rows: separator s sits just above item `above[s]` (ascending, distinct, 0..count). */
  separators?: { above: ArrayLike<number>; render(index: number): ReactNode } | undefined;
}

const NO_SEPARATORS: ArrayLike<number> = [];

export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, active, onActiveChange, onSelect } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const listbox = useRef<HTMLDivElement>(null);
  const windowEl = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const frame = useRef(0);
  const above = props.separators?.above ?? NO_SEPARATORS;
  const map = useMemo(() => rowMap(count, above), [count, above]);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    setHeight(el.clientHeight || 400);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 400));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const layout = windowLayout({ count: map.rows, rowHeight, viewportHeight: height, scrollTop, overscan: 6 });

  useLayoutEffect(() => {
    viewport.current?.style.setProperty('--vlist-row', `${rowHeight}px`);
  }, [rowHeight]);
  useLayoutEffect(() => {
    if (spacer.current) spacer.current.style.height = `${layout.scrollHeight}px`;
    if (windowEl.current) windowEl.current.style.transform = `translateY(${layout.offsetTop}px)`;
  }, [layout.scrollHeight, layout.offsetTop]);

  const onScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      if (viewport.current) setScrollTop(viewport.current.scrollTop);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const scrollTo = useCallback(
    (index: number, align: 'nearest' | 'center' = 'nearest') => {
      const el = viewport.current;
      if (!el) return;
      const top = scrollTopForRow(map.rowOfItem(index), { count: map.rows, rowHeight, viewportHeight: el.clientHeight, scrollTop: el.scrollTop }, align);
      if (Math.abs(top - el.scrollTop) >= 1) {
        el.scrollTop = top;
        setScrollTop(el.scrollTop);
      }
    },
    [map, rowHeight],
  );

  // Only an explicit request scrolls (not every change of `active`: the keyboard scrolls in
  // onKeyDown, by the smallest move), so the effect depends on the request counter alone.
  const request = props.scrollRequest ?? 0;
  const activeRef = useRef(active);
  activeRef.current = active;
  useEffect(() => {
    if (request > 0) scrollTo(activeRef.current, 'center');
  }, [request, scrollTo]);

  const move = (to: number) => {
    const i = Math.min(Math.max(0, to), count - 1);
    onActiveChange(i);
    scrollTo(i);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const page = rowsPerPage(rowHeight, height);
    const keys: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: count - 1,
    };
    const to = keys[e.key];
    if (to !== undefined) {
      e.preventDefault();
      move(to);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect?.(active);
    }
  };

  const rows: ReactNode[] = [];
  const overlay: ReactNode[] = [];
  let activeShown = false;
  let separatorsShown = false;
  for (let r = layout.first; r < layout.last; r++) {
    const what = map.at(r);
    if (what.kind === 'item') {
      if (what.index === active) activeShown = true;
      rows.push(props.renderRow(what.index, what.index === active));
      overlay.push(<div key={`i${what.index}`} className="vlist-pad" />);
    } else {
      separatorsShown = true;
      rows.push(<div key={`s${what.index}`} className="vlist-gap" aria-hidden="true" />);
      overlay.push(
        <div key={`s${what.index}`} className="vlist-pad">
          {props.separators?.render(what.index)}
        </div>,
      );
    }
  }

  return (
    <div
      ref={viewport}
      className={`vlist ${props.className ?? ''}`}
      // Focusable by click and script only: a click on the scrollbar or a script's focus() lands on the listbox.
      tabIndex={-1}
      onFocus={(e) => {
        if (e.target === viewport.current) listbox.current?.focus({ preventScroll: true });
      }}
      onScroll={onScroll}
      data-testid={props.testId}
      data-first={layout.first}
      data-last={layout.last}
    >
      <div ref={spacer} className="vlist-spacer">
        <div ref={windowEl} className="vlist-window">
          <div
            ref={listbox}
            className="vlist-rows"
            role="listbox"
            aria-label={props.label}
            aria-activedescendant={count > 0 && activeShown ? props.rowId(active) : undefined}
            tabIndex={0}
            onKeyDown={onKeyDown}
            onClick={(e) => {
              const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
              if (!row) return;
              const i = Number(row.dataset.index);
              onActiveChange(i);
              onSelect?.(i);
            }}
          >
            {rows}
          </div>
          {separatorsShown && <div className="vlist-overlay">{overlay}</div>}
        </div>
      </div>
    </div>
  );
}
