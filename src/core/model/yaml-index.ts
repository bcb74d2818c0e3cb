// The positions of a parsed YAML document: a tree of where each value and key is, built from
// js-yaml's events only when a message first asks for a position (positions.ts parses).
import { EVENT_ID, getScalarValue, type Event } from 'js-yaml';
import type { PathPart } from './positions';

/** Where each value and key of the document is: a tree along the paths, built on demand. */
export interface Spot {
  at: number;
  key?: number;
  kids?: Map<string, Spot> | Spot[];
}

/** The node a path leads to in a tree of mappings (children by key) and sequences (by index), or undefined. */
export function nodeAtPath<T extends { kids?: Map<string, T> | T[] }>(root: T, path: readonly PathPart[]): T | undefined {
  let n: T | undefined = root;
  for (const part of path) {
    const kids: T['kids'] = n?.kids;
    if (!kids) return undefined;
    n = Array.isArray(kids) ? (typeof part === 'number' ? kids[part] : undefined) : kids.get(String(part));
  }
  return n;
}

export const spotAt = nodeAtPath<Spot>;

/** The tree of where every value and key is (the first of two equal keys wins). */
export function indexEvents(events: Event[], text: string): Spot {
  const root: Spot = { at: 0 };
  const stack: { spot: Spot; map: boolean; key: string | null }[] = [];
  let done = false;
  const place = (at: number): Spot => {
    const top = stack[stack.length - 1];
    if (!top) {
      root.at = at;
      return root;
    }
    if (!top.map) {
      const s: Spot = { at };
      (top.spot.kids as Spot[]).push(s);
      return s;
    }
    const kids = top.spot.kids as Map<string, Spot>;
    const key = top.key ?? '?';
    top.key = null;
    let s = kids.get(key);
    if (s && s.at === -1) s.at = at;
    else if (!s) kids.set(key, (s = { at }));
    else s = { at }; // a second value of the same key: not indexed
    return s;
  };
  for (const ev of events) {
    if (done) break;
    const top = stack[stack.length - 1];
    switch (ev.type) {
      case EVENT_ID.DOCUMENT:
        break;
      case EVENT_ID.POP:
        if (stack.length) stack.pop();
        else done = true; // the end of the first document
        break;
      case EVENT_ID.SCALAR:
      case EVENT_ID.ALIAS: {
        const at = ev.type === EVENT_ID.SCALAR ? ev.valueStart : Math.max(0, ev.anchorStart - 1);
        if (top && top.map && top.key === null) {
          const key = ev.type === EVENT_ID.SCALAR ? getScalarValue(text, ev) : '?';
          const kids = top.spot.kids as Map<string, Spot>;
          if (!kids.has(key)) kids.set(key, { at: -1, key: at });
          top.key = key;
        } else place(at);
        break;
      }
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        const s = top && top.map && top.key === null ? { at: ev.start } : place(ev.start);
        s.kids = ev.type === EVENT_ID.MAPPING ? new Map() : [];
        stack.push({ spot: s, map: ev.type === EVENT_ID.MAPPING, key: null });
        break;
      }
    }
  }
  return root;
}

/**
 * The path of the place event i fills: the list item or the mapping value it is, or (for a
 * key) the mapping. Walks the events before it; used only to report a problem.
 */
export function pathAtEvent(events: Event[], text: string, target: number): PathPart[] {
  const stack: { path: PathPart[]; map: boolean; index: number; key: string | null; expectKey: boolean }[] = [];
  for (let i = 0; i <= target && i < events.length; i++) {
    const ev = events[i]!;
    const top = stack[stack.length - 1];
    if (ev.type === EVENT_ID.DOCUMENT) continue;
    if (ev.type === EVENT_ID.POP) {
      stack.pop();
      continue;
    }
    const here: PathPart[] = !top ? [] : !top.map ? [...top.path, top.index] : top.expectKey ? top.path : [...top.path, top.key ?? '?'];
    if (i === target) return here;
    if (top && !top.map) top.index++;
    if (top && top.map) {
      if (top.expectKey) top.key = ev.type === EVENT_ID.SCALAR ? getScalarValue(text, ev) : '?';
      top.expectKey = !top.expectKey;
    }
    if (ev.type === EVENT_ID.MAPPING || ev.type === EVENT_ID.SEQUENCE)
      stack.push({ path: here, map: ev.type === EVENT_ID.MAPPING, index: 0, key: null, expectKey: true });
  }
  return [];
}
