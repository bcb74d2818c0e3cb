// A windowed list of fixed-height rows (windowing.ts does the maths): only the rows in view
// (plus a few) exist in the DOM, so a million rows scroll like fifty. It is a listbox: the
// list takes focus, arrows, Page Up/Down, Home and End move the active row (which is always
// rendered, so aria-activedescendant always points at a real element), Enter or a click
// selects it. Positions are set through the CSSOM (style properties), which a strict CSP allows.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { rowsPerPage, scrollTopForRow, windowLayout } from './windowing';

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
}

export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, active, onActiveChange, onSelect } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const windowEl = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    setHeight(el.clientHeight || 400);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 400));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const layout = windowLayout({ count, rowHeight, viewportHeight: height, scrollTop, overscan: 6 });

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
      const top = scrollTopForRow(index, { count, rowHeight, viewportHeight: el.clientHeight, scrollTop: el.scrollTop }, align);
      if (Math.abs(top - el.scrollTop) >= 1) {
        el.scrollTop = top;
        setScrollTop(el.scrollTop);
      }
    },
    [count, rowHeight],
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
  for (let i = layout.first; i < layout.last; i++) rows.push(props.renderRow(i, i === active));

  return (
    <div
      ref={viewport}
      className={`vlist ${props.className ?? ''}`}
      role="listbox"
      aria-label={props.label}
      aria-activedescendant={count > 0 && active >= layout.first && active < layout.last ? props.rowId(active) : undefined}
      tabIndex={0}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
        if (!row) return;
        const i = Number(row.dataset.index);
        onActiveChange(i);
        onSelect?.(i);
      }}
      data-testid={props.testId}
      data-first={layout.first}
      data-last={layout.last}
    >
      <div ref={spacer} className="vlist-spacer">
        <div ref={windowEl} className="vlist-window">
          {rows}
        </div>
      </div>
    </div>
  );
}
