import { describe, expect, it } from 'vitest';
import type { DesignDoc } from '../studio/contract';
import { COALESCE_MS, emptyHistory, forget, hasEdits, record, redo, undo, type History } from './history';

const doc = (id: string, text: string): DesignDoc => ({
  id,
  text,
  design: { format: 'bigtable-studio/v1', name: text, tables: [] },
  textIssues: [],
  updatedAt: 0,
});
const change = (id: string, from: string, to: string, key?: string) => ({
  label: `edit ${id}`,
  key,
  before: { docs: { [id]: doc(id, from) } },
  after: { docs: { [id]: doc(id, to) } },
});

describe('undo history', () => {
  it('merges changes with one key inside the window, keeping the first before and the last after', () => {
    let h: History = emptyHistory();
    h = record(h, change('a', '', 'x', 'k'), 0);
    h = record(h, change('a', 'x', 'xy', 'k'), COALESCE_MS);
    h = record(h, change('a', 'xy', 'xyz', 'k'), 2 * COALESCE_MS);
    expect(h.past).toHaveLength(1);
    expect(h.past[0]!.before.docs['a']!.text).toBe('');
    expect(h.past[0]!.after.docs['a']!.text).toBe('xyz');
  });

  it('starts a new step after a pause, for another key, or without a key', () => {
    let h = record(emptyHistory(), change('a', '', 'x', 'k'), 0);
    h = record(h, change('a', 'x', 'y', 'k'), COALESCE_MS + 1);
    h = record(h, change('a', 'y', 'z', 'other'), COALESCE_MS + 2);
    h = record(h, change('a', 'z', 'w'), COALESCE_MS + 3);
    h = record(h, change('a', 'w', 'v'), COALESCE_MS + 4);
    expect(h.past).toHaveLength(5);
  });

  it('merges steps that touch different docs into one', () => {
    let h = record(emptyHistory(), change('a', '', 'x', 'k'), 0);
    h = record(h, change('b', '', 'y', 'k'), 10);
    expect(Object.keys(h.past[0]!.before.docs)).toEqual(['b', 'a']);
    const u = undo(h)!;
    expect(u.apply.docs['a']!.text).toBe('');
    expect(u.apply.docs['b']!.text).toBe('');
  });

  it('undo and redo move steps between past and future; a new change clears the future', () => {
    let h = record(emptyHistory(), change('a', '', 'x'), 0);
    const u = undo(h)!;
    expect(u.history.past).toHaveLength(0);
    expect(u.history.future).toHaveLength(1);
    const r = redo(u.history)!;
    expect(r.apply.docs['a']!.text).toBe('x');
    h = record(u.history, change('a', '', 'q'), 5);
    expect(h.future).toEqual([]);
    expect(undo(emptyHistory())).toBeNull();
  });

  it('caps the number of steps', () => {
    let h = emptyHistory();
    for (let i = 0; i < 10; i++) h = record(h, change('a', String(i), String(i + 1)), i, 4);
    expect(h.past.map((e) => e.after.docs['a']!.text)).toEqual(['7', '8', '9', '10']);
  });

  it('knows which docs a session edited, and can forget them', () => {
    const h = record(record(emptyHistory(), change('a', '', 'x'), 0), change('b', '', 'y'), 1);
    expect(hasEdits(h, 'a')).toBe(true);
    expect(hasEdits(forget(h, 'a'), 'a')).toBe(false);
    expect(hasEdits(forget(h, 'a'), 'b')).toBe(true);
  });
});
