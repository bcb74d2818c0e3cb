// Reveal: a finding (or the code view) names a path in the design; the form switches to the
// table, scrolls to the closest control that edits that path (`data-path`), focuses it and
// flashes it. Also keeps the address on the table shown when that table is renamed or deleted.
import { useEffect, useRef } from 'react';
import { formatPath } from '../../core/load/load-design';
import type { PathPart } from '../../core/model/positions';
import type { Design } from '../../core/model/schema';
import { openAround } from '../components/Section';
import { designHref, navigate } from '../routing';
import { useStudio } from '../store';

const FOCUSABLE = 'input, select, textarea, button, summary, [tabindex]';

/** Scrolls to, focuses and flashes the element that best matches a path; false when none is on screen. */
export function revealElement(path: readonly PathPart[], root: ParentNode = document): boolean {
  for (let n = path.length; n >= 1; n--) {
    const el = root.querySelector<HTMLElement>(`[data-path="${CSS.escape(formatPath(path.slice(0, n)))}"]`);
    if (!el) continue;
    openAround(el);
    el.scrollIntoView({ block: 'center' });
    const target = el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus({ preventScroll: true });
    el.classList.remove('revealed');
    void el.offsetWidth; // restart the flash animation
    el.classList.add('revealed');
    setTimeout(() => el.classList.remove('revealed'), 1600);
    return true;
  }
  return false;
}

/** Follows reveal requests for this design while the form is shown. */
export function useReveal(docId: string, design: Design, ti: number): void {
  const target = useStudio((s) => s.revealTarget);
  const done = useRef(target?.seq ?? 0);
  useEffect(() => {
    if (!target || target.docId !== docId || target.seq === done.current) return;
    const p = target.path;
    if (p[0] === 'tables' && typeof p[1] === 'number' && p[1] !== ti) {
      const t = design.tables[p[1]];
      if (t) {
        navigate(designHref(docId, t.name));
        return; // runs again once that table is shown
      }
    }
    done.current = target.seq;
    requestAnimationFrame(() => revealElement(p));
  }, [target, docId, design, ti]);
}

/**
 * The index of the table to show. When the table on screen is renamed or deleted (by the form,
 * the YAML or undo), it keeps showing the table at the same place (so an input being typed in
 * keeps its focus) and the address follows the new name.
 */
export function useShownTable(docId: string, design: Design, selected: string | null): number {
  // The names the shown table has had while being followed: the address may lag behind a
  // burst of renames (hashchange is a task of its own), and each of them still means this table.
  const last = useRef<{ index: number; names: Set<string> } | null>(null);
  let ti = selected === null ? (design.tables.length ? 0 : -1) : design.tables.findIndex((t) => t.name === selected);
  const prev = last.current;
  const follows = ti < 0 && selected !== null && prev !== null && prev.names.has(selected) && design.tables.length > 0;
  if (follows) ti = Math.min(prev.index, design.tables.length - 1);
  const shown = design.tables[ti];
  useEffect(() => {
    if (!shown) return;
    const lagging = selected !== null && shown.name !== selected;
    const names = lagging && last.current ? new Set([...last.current.names, shown.name]) : new Set([shown.name]);
    last.current = { index: ti, names };
    if (lagging) navigate(designHref(docId, shown.name), { replace: true });
  }, [docId, shown, ti, selected]);
  return ti;
}
