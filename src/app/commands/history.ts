// Undo and redo from snapshots, not hand-written inverses (tldraw's HistoryManager): each step
// holds the touched docs before and after (docs are immutable, so a snapshot is a reference,
// not a copy) and the design order when it changed. Consecutive changes with the same
// coalesce key within COALESCE_MS merge into one step (a typing burst, a drag). Selection and
// navigation never pass through here, so they never clear redo.
import type { DesignDoc } from '../studio/contract';

/** Part of the docs state: each named doc as it was (null: it did not exist), and the order when it changed. */
export interface Snapshot {
  docs: Record<string, DesignDoc | null>;
  order?: string[];
}

export interface HistoryEntry {
  label: string;
  /** Coalesce key; null never merges. */
  key: string | null;
  /** When the last change merged into this step (ms). */
  at: number;
  before: Snapshot;
  after: Snapshot;
}

export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
  /** Set by undo and redo: the next change starts a new step even with the same key. */
  sealed: boolean;
}

export const HISTORY_LIMIT = 200;
export const COALESCE_MS = 1000;

export const emptyHistory = (): History => ({ past: [], future: [], sealed: false });

export interface Change {
  label: string;
  key?: string | undefined;
  before: Snapshot;
  after: Snapshot;
}

function merge(older: HistoryEntry, newer: Change, now: number): HistoryEntry {
  const before: Snapshot = { docs: { ...newer.before.docs, ...older.before.docs } };
  const order = older.before.order ?? newer.before.order;
  if (order) before.order = order;
  const after: Snapshot = { docs: { ...older.after.docs, ...newer.after.docs } };
  const afterOrder = newer.after.order ?? older.after.order;
  if (afterOrder) after.order = afterOrder;
  return { label: older.label, key: older.key, at: now, before, after };
}

/** Records a change: merges it into the last step when the key matches within the window; clears redo. */
export function record(h: History, change: Change, now: number, limit = HISTORY_LIMIT): History {
  const top = h.past[h.past.length - 1];
  const key = change.key ?? null;
  if (top && key !== null && !h.sealed && top.key === key && now - top.at <= COALESCE_MS) {
    return { past: [...h.past.slice(0, -1), merge(top, change, now)], future: [], sealed: false };
  }
  const entry: HistoryEntry = { label: change.label, key, at: now, before: change.before, after: change.after };
  const past = h.past.length >= limit ? [...h.past.slice(h.past.length - limit + 1), entry] : [...h.past, entry];
  return { past, future: [], sealed: false };
}

export interface Step {
  history: History;
  /** The snapshot to apply to the docs state. */
  apply: Snapshot;
  label: string;
}

export function undo(h: History): Step | null {
  const top = h.past[h.past.length - 1];
  if (!top) return null;
  return { history: { past: h.past.slice(0, -1), future: [...h.future, top], sealed: true }, apply: top.before, label: top.label };
}

export function redo(h: History): Step | null {
  const next = h.future[h.future.length - 1];
  if (!next) return null;
  return { history: { past: [...h.past, next], future: h.future.slice(0, -1), sealed: true }, apply: next.after, label: next.label };
}

const touches = (e: HistoryEntry, id: string) => id in e.before.docs || id in e.after.docs;

/** Whether any step (done or undone) changed this doc: its edits in this session. */
export function hasEdits(h: History, id: string): boolean {
  return h.past.some((e) => touches(e, id)) || h.future.some((e) => touches(e, id));
}

/** Drops every step that touched a doc (after the doc was replaced from elsewhere: its steps no longer apply). */
export function forget(h: History, id: string): History {
  return { past: h.past.filter((e) => !touches(e, id)), future: h.future.filter((e) => !touches(e, id)), sealed: true };
}
