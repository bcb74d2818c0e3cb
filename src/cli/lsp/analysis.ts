// One look at a design document, as the editor has it now: `btstudio check`'s problems, or
// `btstudio lint`'s findings, each with the exact range of text it is about. Lint runs with the
// fix checks deferred (what the studio does per keystroke); `verified()` runs them when a code
// action is asked for, or once the typing has paused. No LSP types here: offsets and plain data.
import { formatPath, loadDesign } from '../../core/load/load-design';
import { lineStartsOf } from '../../core/model/positions';
import type { Design } from '../../core/model/schema';
import { applyFix, fixAll, lint, withVerifiedFixes, type LintResult } from '../../core/rules/lint';
import type { Finding, Severity } from '../../core/rules/types';
import { fixEdits, type FixEdit } from './edits';
import { findingRange, indexSource, nearestNode, tokenEnd, type SourceNode } from './source-index';

export interface Problem {
  /** Offsets into the document's text, end exclusive. */
  start: number;
  end: number;
  severity: Severity;
  message: string;
  /** The rule id of a lint finding; absent for a problem of the format (`btstudio check`). */
  rule?: string;
  /** The design path, as the CLI prints it. */
  path: string;
  /** Index of the finding in the lint result (for its fix). */
  finding?: number;
}

export interface Analysis {
  /** False for a text that is not a design (no `format: bigtable-studio/...`): nothing is published. */
  design: boolean;
  problems: Problem[];
  /** Lint's findings with each fix checked (runs the deferred checks once, then memoised). */
  verified(): Finding[];
  /** The edits of a finding's fix, or null when it offers none (after the checks). */
  fix(finding: number): (FixEdit & { title: string }) | null;
  /** Every offered fix planned together (as `btstudio fix`), or null when none applies. */
  fixAll(): (FixEdit & { title: string; count: number }) | null;
}

const EMPTY: Analysis = { design: false, problems: [], verified: () => [], fix: () => null, fixAll: () => null };

/** Is this text meant as a design? Its `format` names this studio's format. */
export function looksLikeDesign(text: string): boolean {
  return /bigtable-studio\//.test(text.slice(0, 4096)) || /^\s*["']?format["']?\s*:\s*["']?bigtable-studio/m.test(text);
}

/** Line and column (1-based, as the loader reports them) to an offset of `text`. */
function offsetOf(starts: number[], line: number, column: number, length: number): number {
  const base = starts[Math.max(0, Math.min(line - 1, starts.length - 1))]!;
  return Math.min(base + column - 1, length);
}

export function analyze(text: string, file: string, json: boolean): Analysis {
  if (!looksLikeDesign(text)) return EMPTY;
  // The loader drops a byte-order mark; offsets here are the document's own.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = text.slice(bom);
  const loaded = loadDesign(body, file);
  if (!loaded.ok) {
    const starts = lineStartsOf(body);
    const problems = loaded.issues.map((i): Problem => {
      let start = offsetOf(starts, i.line, i.column, body.length);
      // The text did not load (maybe for its size or shape): the token is read off the text.
      let end = tokenEnd(null, body, start);
      if (end <= start) {
        // At the very end of the text (a value left open): the last line that has text.
        end = body.trimEnd().length;
        start = Math.min(body.lastIndexOf('\n', end - 1) + 1, end);
        while (start < end - 1 && /\s/.test(body[start]!)) start++;
      }
      return { start: start + bom, end: end + bom, severity: 'error', message: i.path ? `${i.path}: ${i.message}` : i.message, path: i.path };
    });
    return { ...EMPTY, design: true, problems };
  }
  const design: Design = loaded.design;
  const result: LintResult = lint(design, { verifyFixes: 'defer' });
  // Only a text the loader accepted is indexed (within its limits of size and shape).
  const root: SourceNode | null = indexSource(body);
  const problems = result.findings.map((f, n): Problem => {
    let start: number;
    let end: number;
    if (root) [start, end] = findingRange(body, nearestNode(root, f.path));
    else {
      const at = loaded.locate(f.path);
      start = offsetOf(lineStartsOf(body), at.line, at.column, body.length);
      end = tokenEnd(null, body, start);
    }
    return { start: start + bom, end: end + bom, severity: f.severity, message: f.message, rule: f.rule, path: formatPath(f.path), finding: n };
  });
  let verified: Finding[] | undefined;
  const fixes = new Map<number, (FixEdit & { title: string }) | null>();
  let all: ReturnType<Analysis['fixAll']> | undefined;
  const analysis: Analysis = {
    design: true,
    problems,
    verified: () => (verified ??= withVerifiedFixes(result).findings),
    fix(n) {
      if (fixes.has(n)) return fixes.get(n)!;
      const finding = analysis.verified()[n];
      const fixed = finding?.fix ? applyFix(design, finding) : null;
      const out = finding?.fix && fixed ? { ...fixEdits(text, design, fixed, json), title: finding.fix } : null;
      fixes.set(n, out);
      return out;
    },
    fixAll() {
      if (all !== undefined) return all;
      const plan = fixAll(design);
      const n = plan.applied.length;
      all =
        n === 0 ? null : { ...fixEdits(text, design, plan.design, json), title: `Fix all: ${n} checked fix${n === 1 ? '' : 'es'} (btstudio fix)`, count: n };
      return all;
    },
  };
  return analysis;
}
