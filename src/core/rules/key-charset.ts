// Schema design best practices, Performance Checklist: "Character Set: Use ^[a-zA-Z0-9\-_#]+$. Stick to alphanumeric,
// underscores, and hashes." Schema design best practices itself also names ':' and '|' as delimiters, and Schema design best practices
// recommends reversed domains (com.google), so those are not reported where Google's guidance uses them.
import type { TableAnalysis } from '../analysis/design';
import { describeRun, keySegments, showChar, type KeySegment } from './support/keybytes';
import { defineLayoutRule } from './support/frames';
import type { VisitorReport } from './types';

const ANY_OTHER = /[^a-zA-Z0-9_#-]/;
// A table of the allowed ASCII characters: the per-character test runs on every keystroke.
const OK = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_#-') OK[c.charCodeAt(0)] = 1;
const allowed = (c: string) => c.length === 1 && OK[c.charCodeAt(0)] === 1;
const SEED_DELIMITERS = new Set(['#', ':', '|']);
const CHECKLIST = 'outside Schema design best practices checklist for keys ([a-zA-Z0-9_#-]: "Stick to alphanumeric, underscores, and hashes")';

/** Why the characters matter, by kind: invisible, non-ASCII, or punctuation. */
function why(chars: string[]): string {
  const out: string[] = [];
  if (chars.some((c) => /[\p{Cc}\s]/u.test(c))) out.push("spaces and control characters are invisible in keys, hard to type in cbt or SQL, and sort below '#'");
  if (chars.some((c) => c.codePointAt(0)! > 0x7f && !/\s/u.test(c))) {
    out.push(
      'non-ASCII characters take 2-4 bytes, sort by code point (not as UTF-16 strings sort in Java or JavaScript), and the same-looking text can be encoded two ways',
    );
  }
  if (chars.some((c) => c.codePointAt(0)! > 0x20 && c.codePointAt(0)! < 0x7f))
    out.push('punctuation must be escaped in row-key regular expressions (RE2 filters), shells and URLs');
  return out.join('; ');
}

const list = (chars: string[]) => (chars.length > 6 ? [...chars.slice(0, 6).map(showChar), '…'] : chars.map(showChar)).join(', ');

function fieldReport(s: KeySegment): Omit<VisitorReport, 'table'> | null {
  if (!s.name || !s.field) return null;
  if (s.binary) {
    return { path: ['rowKey', 'fields', s.name], messageId: 'binary', data: { field: s.name, label: s.binary.label, checklist: CHECKLIST } };
  }
  const found = new Map<string, string>();
  for (const run of s.runs) {
    if (!ANY_OTHER.test(run.text)) continue;
    for (const c of run.text) if (!allowed(c) && !(c === '.' && s.field.type === 'domain') && !found.has(c)) found.set(c, describeRun(run));
  }
  if (found.size === 0) return null;
  const bad = [...found.keys()];
  return {
    path: ['rowKey', 'fields', s.name],
    messageId: 'chars',
    data: { field: s.name, chars: list(bad), source: found.get(bad[0]!)!, why: why(bad), checklist: CHECKLIST },
  };
}

function literalReport(segs: KeySegment[]): Omit<VisitorReport, 'table'> | null {
  const text = segs.map((s) => s.prefix + s.suffix).join('');
  const bad = [...new Set(text)].filter((c) => !allowed(c));
  if (bad.length === 0) return null;
  return { path: ['rowKey', 'template'], messageId: 'literal', data: { chars: list(bad), why: why(bad), checklist: CHECKLIST } };
}

function delimiterReport(t: TableAnalysis): Omit<VisitorReport, 'table'> | null {
  const l = t.layout!;
  if (l.encoding !== 'delimited' || l.delimiter === null || l.segments.length < 2) return null;
  const bad = [...new Set(l.delimiter)].filter((c) => !allowed(c) && !(SEED_DELIMITERS.has(c) && l.delimiter!.length === 1));
  if (bad.length === 0) return null;
  return {
    path: t.table.rowKey.delimiter !== undefined ? ['rowKey', 'delimiter'] : ['rowKey', 'template'],
    messageId: 'delimiter',
    data: { delimiter: `"${l.delimiter}"`, chars: list(bad), why: why(bad), checklist: CHECKLIST },
  };
}

export default defineLayoutRule({
  meta: {
    id: 'key-charset',
    severity: 'info',
    description: 'The key holds characters outside [a-zA-Z0-9_#-].',
    messages: {
      chars: 'field {field} can hold {chars} ({source}): keys are hard to read and type in tools (Schema design best practices).',
      binary: 'field {field} is binary ({label}): unreadable in cbt, the console and Key Visualizer (Schema design best practices).',
      literal: "the template's literal text holds {chars}: keys are hard to read and type in tools (Schema design best practices).",
      delimiter: 'the delimiter {delimiter} holds {chars}: keys are hard to read and type in tools (Schema design best practices).',
    },
    details: {
      chars: 'field {field} can hold {chars} ({source}), {checklist}: {why}. Where you control the values, keep to letters, digits, _ and -.',
      binary:
        'field {field} is binary ({label}), {checklist} and Schema design best practices "human-readable string values": raw bytes are unreadable in cbt, the console and the Key Visualizer. Fine if you chose Bigtable\'s binary encodings on purpose; otherwise write it as zero-padded decimal text.',
      literal: "the template's literal text holds {chars}, {checklist}: {why}.",
      delimiter: 'the delimiter {delimiter} holds {chars}, {checklist}: {why}. Schema design best practices suggests "#", ":" or "|".',
    },
    fixable: false,
  },
  table(t, { report }) {
    const segs = keySegments(t);
    const found = [...segs.map(fieldReport), literalReport(segs), delimiterReport(t)];
    for (const r of found) if (r) report({ ...r });
  },
});
