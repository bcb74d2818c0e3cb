// What the code view marks in the text, as plain data (Monaco turns it into markers):
// - the text's own issues (syntax, format, cross-field checks): errors at their line;
// - the rule findings of the design, at the line of the path they concern, found with the
//   loader's source map. Findings only make sense against text that loads: while the text has
//   errors the design is the last valid one, whose paths no longer match the text's lines.
import { isAccepted, type Finding } from '../../core/rules/types';
import { formatPath, loadDesign, type DesignIssue } from '../../core/load/load-design';
import type { PathPart } from '../../core/model/positions';
import type { Design } from '../../core/model/schema';
import { locateText, type Locate } from '../documents/locate';
import { lintOf } from '../lint-cache';

export type MarkSeverity = 'error' | 'warning' | 'info';

export interface Mark {
  line: number;
  column: number;
  severity: MarkSeverity;
  message: string;
  /** Rule id, or 'design' for the text's own issues. */
  source: string;
  /** Path in the design (`tables[0].rowKey`), empty for the whole file. */
  path: string;
}

export function issueMarks(issues: readonly DesignIssue[]): Mark[] {
  return issues.map((i) => ({
    line: Math.max(1, i.line),
    column: Math.max(1, i.column),
    severity: 'error',
    message: i.path ? `${i.path}: ${i.message}` : i.message,
    source: 'design',
    path: i.path,
  }));
}

/** Findings placed on the lines of a text through its source map. */
function placed(locate: Locate, findings: readonly Finding[]): Mark[] {
  return findings.map((f) => {
    const { line, column } = locate(f.path);
    // An accepted finding is marked as info with its reason: it fails nothing.
    if (isAccepted(f))
      return {
        line,
        column,
        severity: 'info',
        message: `${f.message} (${f.rule}; accepted: ${f.acceptance!.reason})`,
        source: f.rule,
        path: formatPath(f.path),
      };
    return { line, column, severity: f.severity, message: `${f.message} (${f.rule})`, source: f.rule, path: formatPath(f.path) };
  });
}

/** The findings of a design placed on the lines of `text` (which must be that design's text). */
export function findingMarks(text: string, findings: readonly Finding[]): Mark[] {
  if (findings.length === 0) return [];
  const loaded = loadDesign(text);
  return loaded.ok ? placed(loaded.locate, findings) : [];
}

/**
 * Everything the code view marks: issues when the text does not load, otherwise the findings,
 * placed with the source map kept beside the document (documents/locate.ts), not a new parse.
 */
export function marksFor(text: string, textIssues: readonly DesignIssue[], design: Design): Mark[] {
  if (textIssues.length > 0) return issueMarks(textIssues);
  const { findings } = lintOf(design);
  if (findings.length === 0) return [];
  const locate = locateText(design, text);
  return locate ? placed(locate, findings) : [];
}

/** Line of a design path in the text, or null when the text does not load; `design`: the design the text loads to (its kept map answers). */
export function lineOf(text: string, path: readonly PathPart[], design?: Design): { line: number; column: number } | null {
  if (design) return locateText(design, text)?.(path) ?? null;
  const loaded = loadDesign(text);
  return loaded.ok ? loaded.locate(path) : null;
}
