// Printing templates back: escapeLiteral, printTokens and printSegments are the inverses of
// tokenize and layoutOf, so an edit that rebuilds a template keeps every literal brace.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLiteral, layoutOf, printSegments, printTokens, tokenize } from './template';

describe('printing templates', () => {
  it('doubles braces in literal text', () => {
    expect(escapeLiteral('a{b}c')).toBe('a{{b}}c');
    expect(escapeLiteral('')).toBe('');
  });

  it('prints tokens back to the same template', () => {
    for (const t of ['{tenant}#{device}#{ts}', 'week{{n}}{n}', '{a}}}x{{{b}', 'const', '{{}}']) expect(printTokens(tokenize(t))).toBe(t);
  });

  it('prints segments joined by the delimiter, escaping literal text', () => {
    expect(
      printSegments(
        [
          { prefix: 'v{1}', field: 'a', suffix: '' },
          { prefix: 'x', field: null, suffix: '' },
        ],
        '#',
      ),
    ).toBe('v{{1}}{a}#x');
    expect(printSegments([{ prefix: '', field: 'a', suffix: '' }], null)).toBe('{a}');
  });

  it('round-trips layouts: layoutOf(printSegments(segments)) has the same segments (fast-check, seed 20)', () => {
    const text = fc.stringMatching(/^[a-z{}_.-]{0,4}$/);
    let checked = 0;
    const seg = fc.record({ prefix: text, field: fc.option(fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/), { nil: null }), suffix: text });
    fc.assert(
      fc.property(fc.array(seg, { minLength: 2, maxLength: 4 }), (segs) => {
        const named = segs.map((s, i) => ({ ...s, field: s.field === null ? null : `${s.field}${i}`, suffix: s.field === null ? '' : s.suffix }));
        const template = printSegments(named, '#');
        let layout;
        try {
          layout = layoutOf({ template, delimiter: '#' });
        } catch {
          return true; // e.g. a segment with no field and no text: not a template any edit writes
        }
        expect(layout.segments).toEqual(named);
        checked++;
        return true;
      }),
      { seed: 20, numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});
