// A fix's new design as edits to the user's text: only what the fix changed is rewritten, in
// the style it is written in (block YAML, flow, JSON), so comments, order and layout elsewhere
// stay. Fixes return new objects only along what they change (rules/edit.ts), so the changed
// nodes are found by identity. Every result is checked by loading it again; when the edits do
// not give exactly the fixed design, the whole text is rewritten instead (as `btstudio fix`).
import { dump } from 'js-yaml';
import { exportDesign } from '../../core/export/design';
import { loadDesign } from '../../core/load/load-design';
import type { PathPart } from '../../core/model/positions';
import type { Design } from '../../core/model/schema';
import { indexSource, nodeAt, type SourceNode } from './source-index';

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** Thrown inside the planner when a change has no safe minimal edit: the caller rewrites all. */
class NoMinimalEdit extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const lineEndWithBreak = (text: string, at: number) => {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
};
const columnOf = (text: string, at: number) => at - lineStart(text, at);

/** YAML for a value at a column: its first line goes where the old value started. */
function blockYaml(value: unknown, column: number, eol: string): string {
  const out = dump(value, { lineWidth: -1, noRefs: true }).replace(/\n$/, '');
  return out.split('\n').join(`${eol}${' '.repeat(column)}`);
}

function plan(text: string, root: SourceNode, before: unknown, after: unknown): TextEdit[] {
  const edits: TextEdit[] = [];
  // New lines end as the text's own do.
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const visit = (node: SourceNode, a: unknown, b: unknown) => {
    if (a === b) return;
    if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b) && node.kind === (Array.isArray(b) ? 'seq' : 'map')) {
      if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) return replace(node, b);
        a.forEach((x, i) => {
          const kid = nodeAt(node, [i]);
          if (!kid) throw new NoMinimalEdit('a list item is not in the text');
          visit(kid, x, b[i]);
        });
        return;
      }
      const added: [string, unknown][] = [];
      const ao = a as Record<string, unknown>;
      const bo = b as Record<string, unknown>;
      if (node.flow) {
        // A flow mapping that loses a key and gains another (a GC rule becoming a union, a
        // renamed field) is written anew: one edit, no commas to reconcile.
        const keys = Object.keys({ ...ao, ...bo }).filter((k) => ao[k] !== bo[k]);
        const inText = (k: string) => nodeAt(node, [k]) !== undefined;
        if (keys.some((k) => inText(k) && bo[k] === undefined) && keys.some((k) => !inText(k) && bo[k] !== undefined)) return replace(node, b);
      }
      for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
        if (ao[k] === bo[k]) continue;
        const kid = nodeAt(node, [k as PathPart]);
        if (!kid) {
          // A key the text does not have (the loader filled a default, or the fix adds it).
          if (bo[k] !== undefined) added.push([k, bo[k]]);
        } else if (bo[k] === undefined) remove(kid);
        else visit(kid, ao[k], bo[k]);
      }
      if (added.length) insert(node, added);
      return;
    }
    replace(node, b);
  };
  const replace = (node: SourceNode, value: unknown) => {
    if (node.empty) {
      edits.push({ start: node.start, end: node.end, text: ` ${JSON.stringify(value)}` });
      return;
    }
    // A string written in double quotes stays in double quotes (JSON's are YAML's too).
    if (node.kind === 'scalar' && typeof value === 'string' && text[node.start] === '"') {
      edits.push({ start: node.start, end: node.end, text: JSON.stringify(value) });
      return;
    }
    const inFlow = node.flow || flowContext(node);
    if (inFlow || (isObject(value) && node.kind === 'scalar' && Object.keys(value).length > 0)) {
      edits.push({ start: node.start, end: node.end, text: JSON.stringify(value) });
    } else edits.push({ start: node.start, end: node.end, text: blockYaml(value, columnOf(text, node.start), eol) });
  };
  const remove = (node: SourceNode) => {
    if (node.keyStart === undefined) throw new NoMinimalEdit('a key without a position');
    const parent = parents.get(node);
    if (parent?.flow && parent.kids instanceof Map) {
      // `{a: 1, b: 2}`: the entry goes with the comma before it (after it, for the first).
      const entries = [...parent.kids.values()];
      const i = entries.indexOf(node);
      const next = entries[i + 1];
      if (i > 0) edits.push({ start: entries[i - 1]!.end, end: node.end, text: '' });
      else if (next?.keyStart !== undefined) edits.push({ start: node.keyStart, end: next.keyStart, text: '' });
      else edits.push({ start: node.keyStart, end: node.end, text: '' });
      return;
    }
    const from = lineStart(text, node.keyStart);
    if (text.slice(from, node.keyStart).trim() !== '') throw new NoMinimalEdit('the key shares its line');
    edits.push({ start: from, end: lineEndWithBreak(text, Math.max(node.end - 1, node.keyEnd!)), text: '' });
  };
  const insert = (node: SourceNode, entries: [string, unknown][]) => {
    if (node.flow) {
      const has = node.kids instanceof Map && node.kids.size > 0;
      const body = entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ');
      edits.push({ start: node.innerEnd!, end: node.innerEnd!, text: has ? `, ${body}` : body });
      return;
    }
    const column = columnOf(text, node.start);
    const at = lineEndWithBreak(text, Math.max(node.end - 1, node.start));
    const lines = blockYaml(Object.fromEntries(entries), column, eol);
    const breakBefore = at === text.length && !text.endsWith('\n') ? eol : '';
    edits.push({ start: at, end: at, text: `${breakBefore}${' '.repeat(column)}${lines}${eol}` });
  };
  // Whether a node sits inside a flow collection (its parent is flow): known by the parents.
  const parents = new Map<SourceNode, SourceNode>();
  const walk = (n: SourceNode) => {
    for (const kid of !n.kids ? [] : Array.isArray(n.kids) ? n.kids : n.kids.values()) {
      parents.set(kid, n);
      walk(kid);
    }
  };
  walk(root);
  const flowContext = (n: SourceNode) => parents.get(n)?.flow ?? false;
  visit(root, before, after);
  return edits.sort((x, y) => x.start - y.start);
}

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((x, y) => x.start - y.start)) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/** A value with its mappings' keys sorted: two designs compared regardless of key order. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isObject(v))
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .filter((k) => v[k] !== undefined)
        .map((k) => [k, canonical(v[k])]),
    );
  return v;
}

export interface FixEdit {
  edits: TextEdit[];
  /** True when the edits touch only what changed; false when the whole text is rewritten. */
  minimal: boolean;
}

/**
 * The edits that turn `text` (which loads as `before`) into a text that loads as `after`.
 * `json` says which language a whole rewrite is in.
 */
export function fixEdits(text: string, before: Design, after: Design, json: boolean): FixEdit {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = text.slice(bom);
  const root = indexSource(body);
  if (root) {
    try {
      const edits = plan(body, root, before, after).map((e) => ({ start: e.start + bom, end: e.end + bom, text: e.text }));
      const loaded = loadDesign(applyEdits(text, edits));
      if (edits.length > 0 && loaded.ok && JSON.stringify(canonical(loaded.design)) === JSON.stringify(canonical(after))) return { edits, minimal: true };
    } catch (e) {
      if (!(e instanceof NoMinimalEdit)) throw e;
    }
  }
  const whole = exportDesign(after, null, { as: json ? 'json' : 'yaml' }).text;
  return { edits: [{ start: 0, end: text.length, text: whole }], minimal: false };
}
