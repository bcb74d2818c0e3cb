import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../../core/load/load-design';
import { applyEdit, applyEdits, designAs, lineEdits, minimalEdit, positionAt, textFormat } from './textEdits';

describe('minimalEdit', () => {
  it('replaces only what changed, so the cursor elsewhere stays put', () => {
    expect(minimalEdit('name: a\ntables: []\n', 'name: abc\ntables: []\n')).toEqual({ start: 7, end: 7, text: 'bc' });
    expect(minimalEdit('abc', 'abc')).toBeNull();
    expect(minimalEdit('aaa', 'aa')).toEqual({ start: 2, end: 3, text: '' });
  });

  it('never splits a surrogate pair', () => {
    const e = minimalEdit('x\u{1f600}y', 'x\u{1f601}y')!;
    expect(e.start).toBe(1);
    expect(e.end).toBe(3);
  });

  it('turns any text into any other (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), fc.string({ unit: 'binary', maxLength: 64 }), (a, b) => {
        expect(applyEdit(a, minimalEdit(a, b))).toBe(b);
      }),
      { numRuns: 200 },
    );
  });
});

describe('lineEdits', () => {
  it('leaves unchanged lines between changes alone', () => {
    const before = 'a: 1\nkeep: me\nb: 2\n';
    const after = '# header\na: 1\nkeep: me\nb: 3\n';
    const edits = lineEdits(before, after);
    expect(edits).toEqual([
      { start: 0, end: 0, text: '# header\n' },
      { start: 14, end: 19, text: 'b: 3\n' },
    ]);
    expect(applyEdits(before, edits)).toBe(after);
  });

  it('returns nothing for equal texts', () => {
    expect(lineEdits('x\n', 'x\n')).toEqual([]);
  });

  it('turns any lines into any other lines (property)', () => {
    const lines = fc.array(fc.constantFrom('a: 1', 'b: 2', '  - c', '', 'd: [x]', 'e'), { maxLength: 30 });
    const text = lines.chain((ls) => fc.boolean().map((nl) => ls.join('\n') + (nl ? '\n' : '')));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const edits = lineEdits(a, b);
        expect(applyEdits(a, edits)).toBe(b);
        for (let k = 1; k < edits.length; k++) expect(edits[k]!.start).toBeGreaterThanOrEqual(edits[k - 1]!.end);
      }),
      { numRuns: 300 },
    );
  });
});

describe('text formats', () => {
  it('tells JSON from YAML by the opening brace', () => {
    expect(textFormat('  {"format": 1}')).toBe('json');
    expect(textFormat('# comment\nformat: x')).toBe('yaml');
  });

  it('writes a design as JSON or YAML that loads back to the same design', () => {
    const loaded = loadDesign(readFileSync(new URL('../../../examples/chat-messages.yaml', import.meta.url), 'utf8'));
    if (!loaded.ok) throw new Error('example does not load');
    for (const f of ['json', 'yaml'] as const) {
      const text = designAs(loaded.design, f);
      expect(textFormat(text)).toBe(f);
      const back = loadDesign(text);
      expect(back.ok && back.design).toEqual(loaded.design);
    }
  });

  it('finds the 1-based line and column of an offset', () => {
    expect(positionAt('ab\ncd', 4)).toEqual({ lineNumber: 2, column: 2 });
    expect(positionAt('ab', 0)).toEqual({ lineNumber: 1, column: 1 });
  });
});
