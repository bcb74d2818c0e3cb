// A section of the long form that collapses: a heading whose button shows or
// hides the body. Whether each section is open is remembered for the tab's session
// (sessionStorage), per section kind, so collapsing "Column families" keeps them collapsed on
// every table and after a reload, but a new tab starts with everything open. A reveal (a
// finding's "show it in the design") opens the sections around its target first
// (`openAround`), so nothing it points at stays hidden.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './section.css';

const STORAGE_KEY = 'btstudio.sections.v1';

function readAll(): Record<string, boolean> {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    const v: unknown = raw ? JSON.parse(raw) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, boolean>) : {};
  } catch {
    return {}; // no storage (private mode, a test renderer): everything starts open
  }
}

/** Whether section `id` is open in this session (open unless the user closed it). */
export function isOpen(id: string): boolean {
  return readAll()[id] !== false;
}

function remember(id: string, open: boolean): void {
  try {
    const all = readAll();
    if (open) delete all[id];
    else all[id] = false;
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // not remembered: the section still toggles
  }
}

const openers = new WeakMap<Element, () => void>();

/** Opens every collapsed section around `el` at once (the DOM now, React's state with it). */
export function openAround(el: Element): void {
  for (let b = el.closest('.section-body[hidden]'); b; b = b.parentElement?.closest('.section-body[hidden]') ?? null) {
    (b as HTMLElement).hidden = false;
    openers.get(b)?.();
  }
}

interface Props {
  /** The section kind, remembered per session: `design`, `key`, `families`, ... */
  id: string;
  title: ReactNode;
  /** 2 for the design's sections, 3 inside a table. */
  level?: 2 | 3;
  className?: string;
  headingId?: string;
  children: ReactNode;
}

export function Section({ id, title, level = 3, className, headingId, children }: Props) {
  const [open, setOpen] = useState(() => isOpen(id));
  const body = useRef<HTMLDivElement>(null);
  const auto = useId();
  const hid = headingId ?? `${auto}-h`;
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    openers.set(el, () => {
      setOpen(true);
      remember(id, true);
    });
  }, [id]);
  const H = level === 2 ? 'h2' : 'h3';
  const toggle = () => {
    setOpen(!open);
    remember(id, !open);
  };
  return (
    <section className={`panel collapsible${className ? ` ${className}` : ''}`} aria-labelledby={hid} data-section={id} data-open={open}>
      <H id={hid} className="section-heading">
        <button type="button" className="section-toggle" aria-expanded={open} aria-controls={`${auto}-b`} onClick={toggle} data-testid={`section-${id}`}>
          <span className="section-caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {title}
        </button>
      </H>
      <div id={`${auto}-b`} className="section-body" hidden={!open} ref={body}>
        {children}
      </div>
    </section>
  );
}
