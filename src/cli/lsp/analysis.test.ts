// A document's problems with the exact text each is about, whatever its line ends, a leading
// byte-order mark, or its size; and nothing for a text that is not a design.
import { describe, expect, it } from 'vitest';
import { MAX_DESIGN_BYTES } from '../../core/load/load-design';
import { analyze } from './analysis';
import { applyEdits } from './edits';

const DESIGN = [
  'format: bigtable-studio/v1',
  'name: clicks',
  'tables:',
  '  - name: clicks',
  '    rowKey:',
  '      template: "{ts}#{user}"',
  '      fields:',
  '        ts: {type: timestamp, unit: ms}',
  '        user: {type: string, cardinality: 1000000}',
  '    families:',
  '      - name: c',
  '        gc: {maxAge: 30d}',
  '    queries:',
  '      - name: clicks of a user',
  '        match: {user: eq}',
  '',
].join('\n');

const slice = (text: string, p: { start: number; end: number }) => text.slice(p.start, p.end);

describe('analyze', () => {
  it('gives each finding the text it is about, with LF, CRLF and a byte-order mark alike', () => {
    for (const text of [DESIGN, DESIGN.replace(/\n/g, '\r\n'), `\uFEFF${DESIGN}`]) {
      const a = analyze(text, 'clicks.yaml', false);
      const ts = a.problems.find((p) => p.rule === 'timestamp-leading');
      expect(ts, JSON.stringify(a.problems)).toBeDefined();
      expect(slice(text, ts!)).toBe('ts');
      expect(ts!.path).toBe('tables[0].rowKey.fields.ts');
      const scan = a.problems.find((p) => p.rule === 'query-full-scan');
      expect(slice(text, scan!)).toBe('name: clicks of a user');
    }
  });

  it('puts a format problem on its token', () => {
    for (const text of [DESIGN.replace('unit: ms', 'unit: fortnights'), DESIGN.replace('unit: ms', 'unit: fortnights').replace(/\n/g, '\r\n')]) {
      const [p, ...rest] = analyze(text, 'clicks.yaml', false).problems;
      expect(rest).toEqual([]);
      expect(p!.severity).toBe('error');
      expect(slice(text, p!)).toBe('fortnights');
      expect(p!.message).toMatch(/^tables\[0\]\.rowKey\.fields\.ts\.unit: /);
    }
    const syntax = analyze(`${DESIGN}  - [unclosed\n`, 'clicks.yaml', false).problems;
    expect(syntax).toHaveLength(1);
    // Reported at the end of the text: the last line that has text is underlined.
    expect(slice(`${DESIGN}  - [unclosed\n`, syntax[0]!)).toBe('- [unclosed');
  });

  it("keeps the text's line ends in a fix", () => {
    const crlf = DESIGN.replace(/\n/g, '\r\n');
    const a = analyze(crlf, 'clicks.yaml', false);
    const withFix = a.problems.filter((p) => p.finding !== undefined && a.fix(p.finding) !== null);
    expect(withFix.length).toBeGreaterThan(0);
    for (const p of withFix) {
      const after = applyEdits(crlf, a.fix(p.finding!)!.edits);
      expect(after.replace(/\r\n/g, '').includes('\n'), p.rule).toBe(false);
    }
  });

  it('leaves a text that is not a design alone, and answers a huge one without parsing it twice', () => {
    expect(analyze('services:\n  web: {image: nginx}\n', 'compose.yaml', false)).toMatchObject({ design: false, problems: [] });
    const huge = `format: bigtable-studio/v1\n# ${'x'.repeat(MAX_DESIGN_BYTES)}\n`;
    const a = analyze(huge, 'huge.yaml', false);
    expect(a.problems).toHaveLength(1);
    expect(a.problems[0]!.message).toContain('may be at most 5 MiB');
  });
});
