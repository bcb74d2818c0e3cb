import { describe, expect, it } from 'vitest';
import { loadDesign } from '../../core/load/load-design';
import { rememberLocate } from '../documents/locate';
import { findingMarks, issueMarks, lineOf, marksFor } from './markers';
import { lint } from '../../core/rules/lint';

const TEXT = `format: bigtable-studio/v1
name: demo
tables:
  - name: events
    rowKey:
      template: "{ts}#{user}"
      fields:
        ts: {type: timestamp}
        user: {type: string}
`;

describe('code view marks', () => {
  it('puts the findings of a design on the lines of its text', () => {
    const loaded = loadDesign(TEXT);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const { findings } = lint(loaded.design);
    expect(findings.length).toBeGreaterThan(0);
    const marks = findingMarks(TEXT, findings);
    expect(marks).toHaveLength(findings.length);
    const leading = marks.find((m) => m.source === 'timestamp-leading');
    expect(leading).toBeDefined();
    // The finding concerns the row key of table 0: a line inside the table, not line 1.
    expect(leading!.line).toBeGreaterThanOrEqual(5);
    expect(leading!.severity).toMatch(/error|warning|info/);
  });

  it('marks an accepted finding as info with its reason, and a stale acceptance at its own line', () => {
    const text = `${TEXT}lint:\n  accept:\n    - {rule: timestamp-leading, reason: "append-only log"}\n    - {rule: key-length, reason: "old"}\n`;
    const loaded = loadDesign(text);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const marks = findingMarks(text, lint(loaded.design).findings);
    expect(marks.find((m) => m.source === 'timestamp-leading')).toMatchObject({
      severity: 'info',
      message: expect.stringMatching(/\(timestamp-leading; accepted: append-only log\)$/),
    });
    expect(marks.find((m) => m.source === 'stale-acceptance')).toMatchObject({ severity: 'warning', line: 13 });
  });

  it('places findings with the source map kept beside the document, not a second parse', () => {
    const loaded = loadDesign(TEXT);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const findings = lint(loaded.design).findings;
    // The loader's own map gives the lines; a map kept for this text and design is what answers.
    expect(marksFor(TEXT, [], loaded.design).map((m) => m.line)).toEqual(findingMarks(TEXT, findings).map((m) => m.line));
    rememberLocate(loaded.design, TEXT, () => ({ line: 4, column: 2 }));
    expect(marksFor(TEXT, [], loaded.design).every((m) => m.line === 4 && m.column === 2)).toBe(true);
    expect(lineOf(TEXT, ['tables', 0], loaded.design)).toEqual({ line: 4, column: 2 });
    // Another text of the same design (a comment added) is parsed for its own map.
    const commented = `# a comment\n${TEXT}`;
    expect(lineOf(commented, ['tables', 0, 'rowKey', 'fields', 'user'], loaded.design)).toEqual({ line: 10, column: 9 });
  });

  it('marks the text issues, not the findings, while the text does not load', () => {
    const broken = TEXT.replace('type: string', 'type: strng');
    const loaded = loadDesign(broken);
    expect(loaded.ok).toBe(false);
    const issues = loaded.ok ? [] : loaded.issues;
    const good = loadDesign(TEXT);
    if (!good.ok) throw new Error('fixture');
    const marks = marksFor(broken, issues, good.design);
    expect(marks.every((m) => m.source === 'design' && m.severity === 'error')).toBe(true);
    expect(marks[0]!.line).toBe(9);
    expect(issueMarks([{ file: 'x', line: 0, column: 0, path: '', message: 'm' }])[0]).toMatchObject({ line: 1, column: 1, message: 'm' });
  });

  it('finds the line of a path, or says it cannot for text that does not load', () => {
    expect(lineOf(TEXT, ['tables', 0, 'rowKey', 'fields', 'user'])).toEqual({ line: 9, column: 9 });
    expect(lineOf('tables: [', ['tables'])).toBeNull();
  });
});
