// Parses YAML (and JSON, a subset of YAML 1.2) with js-yaml's event stream, so every value can
// be traced back to its line and column for error messages.
import { constructFromEvents, EVENT_ID, getScalarValue, parseEvents, YAMLException, type Event } from 'js-yaml';

export type PathPart = string | number;

export interface SourceMap {
  /** Offset of the value at a path (`tables.0.name`), and of the key that names it. */
  valueAt(path: readonly PathPart[]): number | undefined;
  keyAt(path: readonly PathPart[]): number | undefined;
  lineCol(offset: number): { line: number; column: number };
}

export class YamlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'YamlSyntaxError';
  }
}

/** Aliases are legitimate YAML, but thousands of them are an alias bomb, not a design. */
const MAX_ALIASES = 1000;
const MAX_DEPTH = 64;

interface Frame {
  kind: 'map' | 'seq';
  path: PathPart[];
  index: number;
  expectKey: boolean;
  key: string | null;
  /** This collection is itself a mapping key (rare, unusable here). */
  isKey: boolean;
}

export function parseYamlWithPositions(text: string, filename: string): { value: unknown; map: SourceMap } {
  let events: Event[];
  let docs: unknown[];
  try {
    events = parseEvents(text, { filename, maxDepth: MAX_DEPTH });
    docs = constructFromEvents(events, { source: text, filename, maxAliases: MAX_ALIASES });
  } catch (e) {
    if (e instanceof YAMLException) {
      const mark = e.mark;
      throw new YamlSyntaxError(e.reason || 'invalid YAML', (mark?.line ?? 0) + 1, (mark?.column ?? 0) + 1);
    }
    throw new YamlSyntaxError(`invalid YAML: ${(e as Error).message}`, 1, 1);
  }
  if (docs.length === 0) throw new YamlSyntaxError('the file is empty: a design starts with "format: bigtable-studio/v1"', 1, 1);
  if (docs.length > 1) throw new YamlSyntaxError('the file holds several YAML documents (---); a design file holds one', 1, 1);

  const values = new Map<string, number>();
  const keys = new Map<string, number>();
  const stack: Frame[] = [];
  const keyOf = (p: readonly PathPart[]) => p.join('\u0000');

  // Where does a node that starts now belong? Records it and returns its path (null inside a key).
  const place = (offset: number): PathPart[] | null => {
    const top = stack[stack.length - 1];
    if (!top) {
      values.set('', offset);
      return [];
    }
    if (top.isKey) return null;
    if (top.kind === 'seq') {
      const p = [...top.path, top.index++];
      values.set(keyOf(p), offset);
      return p;
    }
    if (top.expectKey) return null;
    const p = [...top.path, top.key ?? '?'];
    values.set(keyOf(p), offset);
    top.expectKey = true;
    return p;
  };

  for (const ev of events) {
    switch (ev.type) {
      case EVENT_ID.DOCUMENT:
        break;
      case EVENT_ID.SCALAR: {
        const top = stack[stack.length - 1];
        if (top && top.kind === 'map' && top.expectKey && !top.isKey) {
          top.key = getScalarValue(text, ev);
          top.expectKey = false;
          keys.set(keyOf([...top.path, top.key]), ev.valueStart);
        } else place(ev.valueStart);
        break;
      }
      case EVENT_ID.ALIAS: {
        const top = stack[stack.length - 1];
        if (top && top.kind === 'map' && top.expectKey && !top.isKey) {
          top.key = '?';
          top.expectKey = false;
        } else place(ev.anchorStart);
        break;
      }
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        const top = stack[stack.length - 1];
        const asKey = !!top && (top.isKey || (top.kind === 'map' && top.expectKey));
        const path = asKey ? [] : (place(ev.start) ?? []);
        stack.push({ kind: ev.type === EVENT_ID.MAPPING ? 'map' : 'seq', path, index: 0, expectKey: true, key: null, isKey: asKey });
        break;
      }
      case EVENT_ID.POP: {
        const done = stack.pop();
        const top = stack[stack.length - 1];
        if (done?.isKey && top && !top.isKey && top.kind === 'map') {
          top.key = '?';
          top.expectKey = false;
        }
        break;
      }
    }
  }

  let lineStarts: number[] | null = null;
  const lineCol = (offset: number) => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
    }
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };

  return {
    value: docs[0],
    map: {
      valueAt: (p) => values.get(keyOf(p)),
      keyAt: (p) => keys.get(keyOf(p)),
      lineCol,
    },
  };
}
