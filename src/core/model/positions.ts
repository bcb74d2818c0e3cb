// Parses YAML (and JSON, a subset of YAML 1.2) with js-yaml's event stream, so every value can
// be traced back to its line and column for error messages.
//
// Hostile files are refused early and cheaply, with a position:
// - before parsing: more structure (line breaks, commas, brackets) than any design has, which
//   bounds the parser's work (MAX_STRUCTURE; the caller caps the size in bytes);
// - while parsing (js-yaml): nesting deeper than MAX_DEPTH;
// - in one cheap pass over the events, before any value is built: a collection as a key, an
//   alias inside its own anchor (an endless value), more than MAX_ALIASES aliases or aliases that
//   stand for more than MAX_ALIAS_EXPANSION values (an alias bomb), a list or mapping with more
//   entries than a design can use, more than MAX_TABLES tables;
// - while building values (js-yaml): tags, the same key twice.
// Positions of values and keys (for messages) are indexed only when first asked for.
import { constructFromEvents, EVENT_ID, getScalarValue, parseEvents, YAMLException, type Event } from 'js-yaml';
import { indexEvents, pathAtEvent, spotAt, type Spot } from './yaml-index';

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
    /** The place in the design (`tables[0].rowKey.fields`), when the problem has one. */
    readonly path: string = '',
  ) {
    super(message);
    this.name = 'YamlSyntaxError';
  }
}

/** Aliases are legitimate YAML, but thousands of them are an alias bomb, not a design. */
export const MAX_ALIASES = 1000;
/** How deep lists and mappings may nest (a real design needs about 10 levels). */
export const MAX_DEPTH = 64;
/** How many values all aliases together may stand for (each alias counts its whole value). */
export const MAX_ALIAS_EXPANSION = 100_000;
/** The most items of one list (a string field's `values` may list 100,000). */
export const MAX_ENTRIES = 100_000;
/**
 * The most keys of one mapping. Fixed mappings have a dozen keys; `rowKey.fields` and `match`
 * at most one per placeholder of a 4,096-character template; `lint.rules` one per rule.
 */
export const MAX_KEYS = 10_000;
/** Bigtable's limit of tables per instance, and so of tables in a design. */
export const MAX_TABLES = 1000;
/**
 * The most line breaks, commas, opening brackets and block-list dashes a file may hold: a bound
 * on the YAML values in it, counted before parsing (a design of 1,000 tables needs ~150,000).
 */
export const MAX_STRUCTURE = 200_000;

/**
 * Where a text passes MAX_STRUCTURE line breaks, commas, `[`, `{` and `- ` (or -1): each YAML
 * value needs one of them nearby, so this bounds the parser's work before it starts.
 */
export function structureOverflow(text: string, limit = MAX_STRUCTURE): number {
  if (text.length <= limit) return -1;
  // The exact count by native searches: LF, a CR not before LF, `,` `[` `{`, and `-` or `?`
  // before a space, tab or line break. The character walk below runs only to say where.
  const count = (s: string) => {
    let n = 0;
    for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + s.length)) n++;
    return n;
  };
  let n = count('\n') + count('\r') - count('\r\n') + count(',') + count('[') + count('{');
  for (const c of ['-', '?']) for (const after of [' ', '\t', '\n', '\r']) n += count(c + after);
  if (n <= limit) return -1;
  n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 44 || c === 91 || c === 123) n++;
    else if (c === 13) {
      if (text.charCodeAt(i + 1) !== 10) n++;
    } else if (c === 45 || c === 63) {
      const d = text.charCodeAt(i + 1);
      if (d === 32 || d === 10 || d === 13 || d === 9) n++;
    } else continue;
    if (n > limit) return i;
  }
  return -1;
}

export function formatPath(path: readonly PathPart[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(p) && p.length <= 60) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p.length > 60 ? `${p.slice(0, 60)}…` : p)}]`;
  }
  return out;
}

/** Line starts of a text, with LF, CRLF and a lone CR each ending a line (as js-yaml counts). */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

interface Anchor {
  open: boolean;
  /** Values the anchored node stands for (itself, its children, what its aliases expand to). */
  size: number;
  /** The running node count when the anchored collection started. */
  from: number;
  /** For a scalar anchor: its text (an alias of it may be a key). */
  text: string | null;
}

const quote = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** js-yaml's words for a tag (`!<tag:yaml.org,2002:js/function>`) as the file wrote it (`!!js/function`). */
function shortTag(tag: string): string {
  return tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice(18)}` : tag.startsWith('!') ? tag : `!<${tag}>`;
}

/** js-yaml's message in the words of a design file's author. */
function explainYamlError(reason: string, text: string, offset: number | undefined): string {
  let m: RegExpExecArray | null;
  if ((m = /^unknown (scalar|mapping|sequence) tag !<(.*)>$/.exec(reason))) {
    return `the YAML tag ${shortTag(m[2]!)} is not allowed: a design holds plain text, numbers, true/false, lists and mappings (no tags)`;
  }
  if ((m = /^nesting exceeded maxDepth \((\d+)\)$/.exec(reason))) {
    return `lists and mappings nest more than ${m[1]} levels deep here; a design needs about 10`;
  }
  if ((m = /^aliases exceeded maxAliases \((\d+)\)$/.exec(reason))) {
    return `the file uses more than ${Number(m[1]).toLocaleString('en-US')} aliases (*name); a design needs few`;
  }
  if (reason === 'null byte is not allowed in input') {
    return 'the file holds a NUL byte (U+0000), which YAML does not allow (a UTF-16 file read as UTF-8 looks like this; save it as UTF-8)';
  }
  if (reason === 'the stream contains non-printable characters' && offset !== undefined) {
    const c = text.codePointAt(offset);
    if (c !== undefined)
      return `the file holds the control character U+${c.toString(16).toUpperCase().padStart(4, '0')}, which YAML does not allow (write it as an escape inside double quotes, or remove it)`;
  }
  if (reason === 'duplicated mapping key') return 'a key appears twice in this mapping';
  return reason;
}

/** Offset of the first node of an event, or undefined for document and pop events. */
function eventOffset(ev: Event): number | undefined {
  // An empty value (`tables:` and nothing) has no range: valueStart is -1.
  if (ev.type === EVENT_ID.SCALAR) return ev.valueStart >= 0 ? ev.valueStart : undefined;
  if (ev.type === EVENT_ID.ALIAS) return Math.max(0, ev.anchorStart - 1);
  if (ev.type === EVENT_ID.MAPPING || ev.type === EVENT_ID.SEQUENCE) return ev.start;
  return undefined;
}

/**
 * Where the second document starts: the last `---` between the end of the first document's
 * nodes and the first node of the second, else that node.
 */
function secondDocumentAt(text: string, events: Event[], second: number): number {
  let after = 0;
  for (let i = 0; i < second; i++) after = Math.max(after, eventOffset(events[i]!) ?? 0);
  let node = text.length;
  for (let i = second; i < events.length; i++) {
    const o = eventOffset(events[i]!);
    if (o !== undefined) {
      node = o;
      break;
    }
  }
  const marker = /^---(?=[ \t\r\n]|$)/gm;
  marker.lastIndex = after;
  let at = -1;
  for (let m = marker.exec(text); m && m.index <= node; m = marker.exec(text)) if (m.index > after || after === 0) at = m.index;
  return at >= 0 ? at : node;
}

export function parseYamlWithPositions(
  text: string,
  filename: string,
): { value: unknown; map: SourceMap /** The file uses aliases: values may be shared. */; aliases: boolean } {
  let starts: number[] | null = null;
  const lineCol = (offset: number) => {
    starts ??= lineStartsOf(text);
    offset = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };

  const over = structureOverflow(text);
  if (over >= 0) {
    const { line, column } = lineCol(over);
    throw new YamlSyntaxError(
      `the file holds more than ${MAX_STRUCTURE.toLocaleString('en-US')} lines and list items (counted up to here); no design is that large: 1,000 tables (Bigtable's limit per instance) need about 150,000`,
      line,
      column,
    );
  }
  let events: Event[];
  try {
    events = parseEvents(text, { filename, maxDepth: MAX_DEPTH });
  } catch (e) {
    throw syntaxError(e, text);
  }
  const refuse = (offset: number, message: string, eventIndex?: number): never => {
    const { line, column } = lineCol(offset);
    throw new YamlSyntaxError(message, line, column, eventIndex === undefined ? '' : formatPath(pathAtEvent(events, text, eventIndex)));
  };

  let second = -1;
  for (let i = 0, docs = 0; i < events.length && second < 0; i++) if (events[i]!.type === EVENT_ID.DOCUMENT && ++docs === 2) second = i;
  if (second >= 0) refuse(secondDocumentAt(text, events, second), 'the file holds several YAML documents (---); a design file holds one');

  // One cheap pass: no paths, no strings but anchor names. Each open collection has a frame
  // (is it a mapping, does it wait for a key, its anchor).
  // Entries are counted per collection; the list under the top-level key `tables` is the tables.
  const frames: { map: boolean; expectKey: boolean; anchor: Anchor | null; entries: number; tables: boolean }[] = [];
  const anchors = new Map<string, Anchor>();
  let nodes = 0;
  let rootKey: string | null = null;
  let expanded = 0;
  let aliases = 0;
  let last = 0; // the offset of the latest event that has one (an empty value has none)
  for (let i = 0; i < events.length; i++) {
    const ev = events[i]!;
    last = eventOffset(ev) ?? last;
    const top = frames[frames.length - 1];
    const keySlot = !!top && top.map && top.expectKey;
    if (ev.type === EVENT_ID.POP) {
      const done = frames.pop();
      if (done?.anchor) {
        done.anchor.open = false;
        done.anchor.size = nodes - done.anchor.from + 1;
      }
      continue;
    }
    if (ev.type === EVENT_ID.DOCUMENT) {
      frames.push({ map: false, expectKey: false, anchor: null, entries: 0, tables: false });
      continue;
    }
    if (top && top.map) top.expectKey = !top.expectKey;
    // Aliases first: a list of 5,000 aliases is an alias problem before it is a size problem.
    if (ev.type === EVENT_ID.ALIAS && ++aliases > MAX_ALIASES) {
      refuse(last, `the file uses more than ${MAX_ALIASES.toLocaleString('en-US')} aliases (*name); a design needs few`, i);
    }
    if (top && (!top.map || keySlot) && frames.length > 1) {
      top.entries++;
      if (top.tables && top.entries > MAX_TABLES) {
        refuse(
          last,
          `a design holds at most ${MAX_TABLES.toLocaleString('en-US')} tables (Bigtable's limit per instance); this is table ${top.entries.toLocaleString('en-US')}`,
          i,
        );
      }
      if (top.entries > (top.map ? MAX_KEYS : MAX_ENTRIES)) {
        refuse(
          last,
          top.map
            ? `this mapping has more than ${MAX_KEYS.toLocaleString('en-US')} keys; no mapping in a design needs as many`
            : `this list has more than ${MAX_ENTRIES.toLocaleString('en-US')} items; no list in a design may have more`,
          i,
        );
      }
    }
    if (ev.type === EVENT_ID.SCALAR) {
      nodes++;
      if (ev.anchorStart !== -1) anchors.set(text.slice(ev.anchorStart, ev.anchorEnd), { open: false, size: 1, from: nodes, text: getScalarValue(text, ev) });
      if (keySlot && frames.length === 2) rootKey = getScalarValue(text, ev);
    } else if (ev.type === EVENT_ID.ALIAS) {
      const name = text.slice(ev.anchorStart, ev.anchorEnd);
      const anchor = anchors.get(name);
      // The alias text starts one character before its name (`*name`).
      const offset = Math.max(0, ev.anchorStart - 1);
      if (!anchor) return refuse(offset, `the alias *${name} names no anchor (&${name}) defined before it`, i);
      if (anchor.open) refuse(offset, `the alias *${name} sits inside the value of its own anchor &${name}: that value would never end`, i);
      if (keySlot && anchor.text === null) refuse(offset, `the alias *${name} is used as a key, but it stands for a list or mapping; a key is plain text`, i);
      expanded += anchor.size;
      if (expanded > MAX_ALIAS_EXPANSION) {
        refuse(
          offset,
          `the aliases in this file stand for more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} values (an alias bomb); write the values out or use fewer aliases`,
          i,
        );
      }
      nodes += anchor.size;
    } else {
      if (keySlot) refuse(ev.start, `a key must be plain text, not a ${ev.type === EVENT_ID.MAPPING ? 'mapping' : 'list'}`, i);
      nodes++;
      const anchor: Anchor | null = ev.anchorStart !== -1 ? { open: true, size: 0, from: nodes, text: null } : null;
      if (anchor) anchors.set(text.slice(ev.anchorStart, ev.anchorEnd), anchor);
      const tables = frames.length === 2 && !!top && top.map && rootKey === 'tables' && ev.type === EVENT_ID.SEQUENCE;
      frames.push({ map: ev.type === EVENT_ID.MAPPING, expectKey: true, anchor, entries: 0, tables });
    }
  }

  let docs: unknown[];
  try {
    docs = constructFromEvents(events, { source: text, filename, maxAliases: MAX_ALIASES });
  } catch (e) {
    if (e instanceof YAMLException && e.reason === 'duplicated mapping key' && e.mark) {
      // Say which key, where it first was, and in which mapping.
      const i = events.findIndex(
        (ev) => ev.type === EVENT_ID.SCALAR && (ev.tagStart !== -1 ? ev.tagStart : ev.anchorStart !== -1 ? ev.anchorStart : ev.valueStart) === e.mark!.position,
      );
      if (i >= 0) {
        const key = getScalarValue(text, events[i] as Extract<Event, { type: typeof EVENT_ID.SCALAR }>);
        const path = [...pathAtEvent(events, text, i), key];
        const first = spotAt(indexEvents(events, text), path)?.key;
        const { line, column } = lineCol(e.mark.position);
        throw new YamlSyntaxError(
          `the key ${quote(key)} appears twice in this mapping${first !== undefined && first !== e.mark.position ? ` (first at line ${lineCol(first).line})` : ''}; a key may appear once`,
          line,
          column,
          formatPath(path),
        );
      }
    }
    throw syntaxError(e, text);
  }
  if (docs.length === 0) {
    throw new YamlSyntaxError(
      /\S/.test(text)
        ? 'the file holds only comments: a design starts with "format: bigtable-studio/v1"'
        : 'the file is empty: a design starts with "format: bigtable-studio/v1"',
      1,
      1,
    );
  }

  let index: Spot | null = null;
  const spot = (p: readonly PathPart[]) => spotAt((index ??= indexEvents(events, text)), p);
  return {
    value: docs[0],
    aliases: aliases > 0,
    map: {
      // An empty value has no position of its own (-1): callers fall back to its key.
      valueAt: (p) => {
        const at = spot(p)?.at;
        return at !== undefined && at >= 0 ? at : undefined;
      },
      keyAt: (p) => {
        const at = spot(p)?.key;
        return at !== undefined && at >= 0 ? at : undefined;
      },
      lineCol,
    },
  };
}

function syntaxError(e: unknown, text: string): YamlSyntaxError {
  if (e instanceof YAMLException) {
    const mark = e.mark;
    let message = explainYamlError(e.reason || 'invalid YAML', text, mark?.position);
    // At the very end, the parser's words ("deficient indentation") rarely say what happened.
    if (mark && mark.position >= text.trimEnd().length && !/end of the stream/.test(message)) {
      message = `the file ends in the middle of a value (is a quote, [ or { left open?): ${message}`;
    }
    return new YamlSyntaxError(message, (mark?.line ?? 0) + 1, (mark?.column ?? 0) + 1);
  }
  return new YamlSyntaxError(`invalid YAML: ${(e as Error).message}`, 1, 1);
}
