// Where every key and value of a design's text is, start and end: the ranges of diagnostics and
// the places edits go. Built from js-yaml's events (the parser the loader uses, so JSON and YAML
// alike), only for a text the loader accepted.
import { EVENT_ID, getScalarValue, parseEvents, type Event } from 'js-yaml';
import { MAX_DEPTH, type PathPart } from '../../core/model/positions';
import { nodeAtPath } from '../../core/model/yaml-index';

export interface SourceNode {
  kind: 'scalar' | 'map' | 'seq';
  /** Flow style (`{...}`, `[...]`, and all of JSON) or block. */
  flow: boolean;
  /** Offsets into the text, end exclusive; a flow collection's end is after its bracket. */
  start: number;
  end: number;
  /** For a mapping's value: its key's token. */
  keyStart?: number;
  keyEnd?: number;
  /** A flow collection: the offset just after its last item (where an item is appended). */
  innerEnd?: number;
  /** A value with no text (`key:` and nothing): start and end are its key's end. */
  empty?: boolean;
  kids?: Map<string, SourceNode> | SourceNode[];
}

const QUOTED = new Set([2, 3]);
const BLOCK_SCALAR = new Set([4, 5]);

/** The whole token of a scalar (quotes and block indicators included, trailing newlines not). */
function scalarToken(text: string, ev: Extract<Event, { type: typeof EVENT_ID.SCALAR }>): [number, number] {
  let { valueStart: start, valueEnd: end } = ev;
  if (QUOTED.has(ev.style)) return [start - 1, end + 1];
  if (BLOCK_SCALAR.has(ev.style)) {
    const bar = Math.max(text.lastIndexOf('|', start), text.lastIndexOf('>', start));
    if (bar >= 0) start = bar;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
  }
  return [start, end];
}

/** The offset of the bracket that closes a flow collection whose content ends at `from`. */
function closingBracket(text: string, from: number, close: string): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === close) return i;
    if (c === '#') {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return text.length;
      i = nl;
    }
  }
  return text.length;
}

/**
 * The tree of the first document's nodes with their ranges, or null when the text does not
 * parse (the loader has said why already).
 */
export function indexSource(text: string): SourceNode | null {
  let events: Event[];
  try {
    events = parseEvents(text, { filename: 'design', maxDepth: MAX_DEPTH });
  } catch {
    return null;
  }
  let root: SourceNode | null = null;
  const stack: { node: SourceNode; key: { text: string; start: number; end: number } | null; last: number }[] = [];
  const place = (node: SourceNode) => {
    const top = stack[stack.length - 1];
    if (!top) {
      root ??= node;
      return;
    }
    if (Array.isArray(top.node.kids)) top.node.kids.push(node);
    else if (top.key === null) {
      // A list or mapping as a key (the loader refuses it): it stands as a key, unnamed.
      top.key = { text: '?', start: node.start, end: node.end };
    } else {
      const key = top.key;
      node.keyStart = key.start;
      node.keyEnd = key.end;
      if (node.empty) node.start = node.end = key.end;
      const kids = top.node.kids as Map<string, SourceNode>;
      if (!kids.has(key.text)) kids.set(key.text, node);
      top.key = null;
    }
    top.last = Math.max(top.last, node.end);
  };
  for (const ev of events) {
    const top = stack[stack.length - 1];
    if (ev.type === EVENT_ID.DOCUMENT) {
      if (root) break;
      continue;
    }
    if (ev.type === EVENT_ID.POP) {
      const done = stack.pop();
      if (!done) continue;
      const n = done.node;
      if (n.flow) {
        n.innerEnd = n.kids && (Array.isArray(n.kids) ? n.kids.length : n.kids.size) ? done.last : n.start + 1;
        n.end = closingBracket(text, Math.max(done.last, n.start + 1), n.kind === 'map' ? '}' : ']') + 1;
      } else n.end = Math.max(done.last, n.start);
      place(n);
      continue;
    }
    if (ev.type === EVENT_ID.ALIAS) {
      // A design rarely has aliases; the alias token stands in for the value.
      const start = Math.max(0, ev.anchorStart - 1);
      if (top && !Array.isArray(top.node.kids) && top.key === null) top.key = { text: '?', start, end: ev.anchorEnd };
      else place({ kind: 'scalar', flow: false, start, end: ev.anchorEnd });
      continue;
    }
    if (ev.type === EVENT_ID.SCALAR) {
      const empty = ev.valueStart < 0;
      const [start, end] = empty ? [0, 0] : scalarToken(text, ev);
      if (top && !Array.isArray(top.node.kids) && top.key === null) {
        top.key = { text: getScalarValue(text, ev), start, end };
        top.last = Math.max(top.last, end);
      } else place({ kind: 'scalar', flow: false, start, end, empty });
      continue;
    }
    const node: SourceNode = {
      kind: ev.type === EVENT_ID.MAPPING ? 'map' : 'seq',
      flow: ev.style === 2,
      start: ev.start,
      end: ev.start,
      kids: ev.type === EVENT_ID.MAPPING ? new Map() : [],
    };
    stack.push({ node, key: null, last: ev.start });
  }
  return root;
}

/** The node at a path, or undefined. */
export const nodeAt = nodeAtPath<SourceNode>;

/** The deepest node along a path that the text has (the root at worst). */
export function nearestNode(root: SourceNode, path: readonly PathPart[]): SourceNode {
  for (let n = path.length; n > 0; n--) {
    const node = nodeAt(root, path.slice(0, n));
    if (node) return node;
  }
  return root;
}

const lineEnd = (text: string, from: number) => {
  const nl = text.indexOf('\n', from);
  return nl < 0 ? text.length : nl;
};

/**
 * The range a finding about this node underlines: a key and its scalar value; the key alone
 * when the value is a list or mapping (not the whole block); a list item's first line.
 */
export function findingRange(text: string, node: SourceNode): [number, number] {
  if (node.keyStart !== undefined) {
    if (node.kind === 'scalar') return [node.keyStart, Math.max(node.keyEnd!, node.end)];
    return [node.keyStart, node.keyEnd!];
  }
  const end = Math.min(node.end, lineEnd(text, node.start));
  let e = end;
  while (e > node.start && /\s/.test(text[e - 1]!)) e--;
  return [node.start, Math.max(e, node.start + 1)];
}

/** The end of the token that starts at `offset` (a key or value the loader named), else of its line. */
export function tokenEnd(root: SourceNode | null, text: string, offset: number): number {
  if (root) {
    const todo: SourceNode[] = [root];
    while (todo.length) {
      const n = todo.pop()!;
      if (n.keyStart === offset) return n.keyEnd!;
      if (n.start === offset && !n.empty) return n.kind === 'scalar' ? n.end : findingRange(text, { ...n, keyStart: undefined })[1];
      if (n.kids) todo.push(...(Array.isArray(n.kids) ? n.kids : n.kids.values()));
    }
  }
  return lexicalEnd(text, offset);
}

/**
 * The end of the token at `offset` read off the text alone: a quoted string to its closing
 * quote, a bracketed flow value to its closing bracket on that line, else a plain scalar or key
 * up to `: `, `,`, `]`, `}`, ` #` or the end of the line.
 */
function lexicalEnd(text: string, offset: number): number {
  const stop = lineEnd(text, offset);
  const c = text[offset];
  let e = stop;
  if (c === '"' || c === "'") {
    for (let i = offset + 1; i < stop; i++) {
      if (c === '"' && text[i] === '\\') i++;
      else if (text[i] === c) {
        e = i + 1;
        break;
      }
    }
  } else if (c === '{' || c === '[') {
    let depth = 0;
    for (let i = offset; i < stop; i++) {
      if (text[i] === '{' || text[i] === '[') depth++;
      else if ((text[i] === '}' || text[i] === ']') && --depth === 0) {
        e = i + 1;
        break;
      }
    }
  } else {
    const m = /:(\s|$)|,|\]|\}|\s#/.exec(text.slice(offset, stop));
    if (m && m.index > 0) e = offset + m.index;
  }
  while (e > offset && /\s/.test(text[e - 1]!)) e--;
  return Math.max(e, Math.min(offset + 1, text.length));
}
