// Row-key templates: `{tenant}#{device}#{ts}`. A template is split by the delimiter into
// segments; each segment holds at most one field, with optional literal text around it
// (`week{n}` -> prefix "week", field n) or none (a constant segment such as `device`).
import { FIELD_NAME } from '../model/plain';
import type { RowKey } from '../model/schema';

export type TemplateToken = { kind: 'literal'; text: string; offset: number } | { kind: 'field'; name: string; offset: number };

export interface Segment {
  /** Literal text before the field (or the whole text of a constant segment). */
  prefix: string;
  field: string | null;
  suffix: string;
}

export type KeyEncoding = 'delimited' | 'orderedCode' | 'singleton';

export interface KeyLayout {
  encoding: KeyEncoding;
  /** Null when the key has one segment and no delimiter was given. */
  delimiter: string | null;
  segments: Segment[];
  /** Field names in key order. */
  fields: string[];
  /** True when the delimiter was inferred rather than written in the design. */
  inferredDelimiter: boolean;
}

export class TemplateError extends Error {
  constructor(
    message: string,
    /** Character offset in the template text. */
    readonly offset: number,
    /** Set for mistakes the validator reports as a rule (the design still loads). */
    readonly rule?: string,
  ) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** A template for messages: {field} is shown as <field> (messages keep braces for their own placeholders). */
export function showTemplate(template: string): string {
  return template.replace(/\{(\w+)\}/g, '<$1>');
}

/** Literal text as template text: `{` and `}` doubled, so tokenize reads it back as itself. */
export function escapeLiteral(text: string): string {
  return text.replace(/\{/g, '{{').replace(/\}/g, '}}');
}

/** Tokens back into template text (tokenize's inverse: literal text escaped, fields as `{name}`). */
export function printTokens(tokens: readonly TemplateToken[]): string {
  return tokens.map((t) => (t.kind === 'field' ? `{${t.name}}` : escapeLiteral(t.text))).join('');
}

/** Segments back into template text (layoutOf's inverse): each segment's text escaped around its `{field}`, joined by the delimiter. */
export function printSegments(segments: readonly Segment[], delimiter: string | null): string {
  return segments.map((s) => `${escapeLiteral(s.prefix)}${s.field ? `{${s.field}}` : ''}${escapeLiteral(s.suffix)}`).join(escapeLiteral(delimiter ?? ''));
}

/** Splits a template into literal text and `{field}` placeholders; `{{` and `}}` are literal braces. */
export function tokenize(template: string): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let lit = '';
  let litStart = 0;
  const flush = () => {
    if (lit) tokens.push({ kind: 'literal', text: lit, offset: litStart });
    lit = '';
  };
  let i = 0;
  while (i < template.length) {
    const c = template[i]!;
    if (c === '{' && template[i + 1] === '{') {
      if (!lit) litStart = i;
      lit += '{';
      i += 2;
    } else if (c === '}' && template[i + 1] === '}') {
      if (!lit) litStart = i;
      lit += '}';
      i += 2;
    } else if (c === '{') {
      const close = template.indexOf('}', i + 1);
      if (close < 0) throw new TemplateError(`unclosed "{" at character ${i + 1}: write {field} or {{ for a literal brace`, i);
      const name = template.slice(i + 1, close).trim();
      if (!FIELD_NAME.test(name)) {
        throw new TemplateError(
          `"{${template.slice(i + 1, close)}}" is not a field placeholder: names use letters, digits and _ and do not start with a digit`,
          i,
        );
      }
      flush();
      tokens.push({ kind: 'field', name, offset: i });
      i = close + 1;
    } else if (c === '}') {
      throw new TemplateError(`unmatched "}" at character ${i + 1}: write }} for a literal brace`, i);
    } else {
      if (!lit) litStart = i;
      lit += c;
      i++;
    }
  }
  flush();
  return tokens;
}

/**
 * The delimiter when none is written: one punctuation character that starts or ends the literal
 * between every two fields (`{a}#{b}`, `{a}#x#{b}`, `{device}#day{day}` -> `#`); else the
 * literal between fields when it is the same everywhere (`{a}::{b}::{c}` -> `::`).
 */
/**
 * /[^\p{L}\p{N}]/u for one character, without compiling that Unicode regex for the ASCII
 * characters templates are made of (compiling it costs a command's start-up milliseconds).
 */
function notLetterOrNumber(c: string): boolean {
  if (c.length === 1 && c.charCodeAt(0) < 0x80) return !/[A-Za-z0-9]/.test(c);
  return /[^\p{L}\p{N}]/u.test(c);
}

/** /^[^\p{L}\p{N}]+$/u, the same way. */
function noLetterOrNumber(text: string): boolean {
  return text.length > 0 && [...text].every(notLetterOrNumber);
}

export function inferDelimiter(tokens: TemplateToken[]): string | null {
  const between: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'field') continue;
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if (next?.kind === 'literal' && after?.kind === 'field') between.push(next.text);
    else if (next?.kind === 'field') return null;
  }
  if (between.length === 0) return null;
  // The same run of punctuation between all fields (`::`) is the delimiter as a whole.
  if (between.every((b) => b === between[0]) && noLetterOrNumber(between[0]!)) return between[0]!;
  const candidates = new Set([...between[0]!].filter(notLetterOrNumber));
  for (const c of candidates) {
    if (between.every((b) => b.startsWith(c) || b.endsWith(c))) return c;
  }
  return between.every((b) => b === between[0]) ? between[0]! : null;
}

// Designs are immutable values (every edit makes new objects), so a row key's layout can be
// remembered per object: the validator, the codec and the views ask for it many times a keystroke.
const layouts = new WeakMap<object, KeyLayout | TemplateError>();

/** Builds the layout of a row key; throws TemplateError with a message saying what to change. The result is shared: do not mutate it. */
export function layoutOf(rowKey: Pick<RowKey, 'template' | 'delimiter' | 'encoding'>): KeyLayout {
  const hit = layouts.get(rowKey);
  if (hit instanceof TemplateError) throw hit;
  if (hit) return hit;
  try {
    const layout = computeLayout(rowKey);
    layouts.set(rowKey, layout);
    return layout;
  } catch (e) {
    if (e instanceof TemplateError) layouts.set(rowKey, e);
    throw e;
  }
}

function computeLayout(rowKey: Pick<RowKey, 'template' | 'delimiter' | 'encoding'>): KeyLayout {
  const tokens = tokenize(rowKey.template);
  const encoding = rowKey.encoding ?? 'delimited';
  const fieldTokens = tokens.filter((t) => t.kind === 'field');
  const seen = new Set<string>();
  for (const t of fieldTokens) {
    if (seen.has(t.name)) throw new TemplateError(`field {${t.name}} appears twice in the template`, t.offset);
    seen.add(t.name);
  }
  if (fieldTokens.length === 0) throw new TemplateError('the template has no {field} placeholder', 0);

  let delimiter = rowKey.delimiter ?? null;
  let inferred = false;
  if (delimiter === null && fieldTokens.length > 1) {
    delimiter = inferDelimiter(tokens);
    inferred = delimiter !== null;
    if (delimiter === null && encoding !== 'orderedCode') {
      throw new TemplateError('cannot tell the delimiter: fields are not separated by one literal; set rowKey.delimiter (e.g. "#")', 0);
    }
  }

  // orderedCode separates fields itself (0x00 0x01): adjacent placeholders are separate segments.
  const segments =
    encoding === 'orderedCode' && delimiter === null
      ? tokens.map((t) => (t.kind === 'field' ? { prefix: '', field: t.name, suffix: '' } : { prefix: t.text, field: null, suffix: '' }))
      : splitSegments(tokens, delimiter);
  if (encoding === 'singleton' && (fieldTokens.length !== 1 || segments.length !== 1 || hasLiteral(segments[0]!))) {
    throw new TemplateError('encoding singleton takes exactly one field and no literal text: write the template as "{field}"', 0, 'singleton-multi-field');
  }
  if (encoding === 'orderedCode') {
    const bad = segments.find((s) => s.field === null || hasLiteral(s));
    if (bad) {
      throw new TemplateError(
        `encoding orderedCode joins fields with 0x00 0x01, so segments hold only a field; "${bad.prefix}${bad.field ? `{${bad.field}}` : ''}${bad.suffix}" has literal text`,
        0,
      );
    }
  }
  return { encoding, delimiter, segments, fields: fieldTokens.map((t) => t.name), inferredDelimiter: inferred };
}

function hasLiteral(s: Segment): boolean {
  return s.prefix !== '' || s.suffix !== '';
}

function splitSegments(tokens: TemplateToken[], delimiter: string | null): Segment[] {
  const segments: Segment[] = [];
  let cur: Segment = { prefix: '', field: null, suffix: '' };
  const push = () => {
    segments.push(cur);
    cur = { prefix: '', field: null, suffix: '' };
  };
  const addText = (text: string) => {
    if (cur.field === null) cur.prefix += text;
    else cur.suffix += text;
  };
  for (const t of tokens) {
    if (t.kind === 'field') {
      if (cur.field !== null) {
        throw new TemplateError(
          `{${cur.field}} and {${t.name}} share one segment: put the delimiter${delimiter ? ` "${delimiter}"` : ''} between them`,
          t.offset,
        );
      }
      cur.field = t.name;
      continue;
    }
    if (delimiter === null) {
      addText(t.text);
      continue;
    }
    const parts = t.text.split(delimiter);
    parts.forEach((part, i) => {
      if (i > 0) push();
      addText(part);
    });
  }
  push();
  return segments;
}

/** The template with the example/record values substituted, as text (for display). */
export function describeLayout(layout: KeyLayout): string {
  const sep = layout.encoding === 'orderedCode' ? '\\x00\\x01' : (layout.delimiter ?? '');
  return layout.segments.map((s) => `${s.prefix}${s.field ? `{${s.field}}` : ''}${s.suffix}`).join(sep);
}
