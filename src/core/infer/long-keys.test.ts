// Keys of hundreds of kilobytes (by hand, at the format's limits): infer took 23 s on one key of
// 100 KB and minutes on longer ones (the shared prefix was tried one length at a time, each over
// every value), and keys sharing more text than a template holds ended in an internal error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonPrefix, sharedPrefixLength } from './classify';
import { InferError, inferFromText, splitForValue } from './index';

/** The prefix search as it was: a length at a time, each checked over every value. */
function slowPrefix(vs: readonly string[]): number {
  const first = vs.find((v) => v.length > 0) ?? '';
  let p = 0;
  for (let len = 1; len < first.length; len++) {
    const pre = first.slice(0, len);
    if (vs.filter((v) => v.startsWith(pre) && v.length > len).length / vs.length >= 0.9) p = len;
    else break;
  }
  return p;
}

const text = (s: string) => new TextEncoder().encode(s);

describe('the common prefix of a column', () => {
  it('is as long as the length-at-a-time search finds', () => {
    const value = fc.oneof(fc.string({ unit: fc.constantFrom('t', 'e', 'n', '_', '0', '1', 'x') }), fc.constantFrom('tenant_0', 'tenant_01', 'ten', ''));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 30 }), (vs) => {
        expect(sharedPrefixLength(vs)).toBe(slowPrefix(vs));
      }),
      { numRuns: 1000 },
    );
    expect(commonPrefix(['tenant_12#a', 'tenant_13#b', 'tenant_99#c', 'tenant_1', 'tenant_2', 'tenant_3', 'tenant_4', 'tenant_5', 'tenant_6', 'other'])).toBe(
      'tenant_',
    );
  });

  it('of keys of 200 KB is found in one pass', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `${'x'.repeat(200_000)}${i}`).join('\n');
    const r = inferFromText(text(keys));
    expect(r.design.tables[0]!.rowKey.template.length).toBeLessThanOrEqual(4096);
  });
});

describe('keys sharing more text than a template holds', () => {
  it('are refused with the reason, not an internal error', () => {
    const keys = Array.from({ length: 50 }, (_, i) => `${'A'.repeat(5000)}#${i}`).join('\n');
    expect(() => inferFromText(text(keys))).toThrow(InferError);
    expect(() => inferFromText(text(keys))).toThrow(/template would be 5,0\d\d characters .* past the 4,096 a row key template holds/);
  });
  it('give field names of at most 32 characters', () => {
    const keys = Array.from({ length: 50 }, (_, i) => `tenant_${'a'.repeat(5000)}${i}`).join('\n');
    const r = inferFromText(text(keys));
    for (const name of Object.keys(r.design.tables[0]!.rowKey.fields)) expect(name.length).toBeLessThanOrEqual(32);
  });
});

describe('the same text in every key', () => {
  // A fuzz round (seed 16632736): every key was one 1,025-character text, which infer made the one
  // value of a string field, over the format's 1,024 characters, and then refused its own design.
  const sameKeys = (key: string) => text(Array.from({ length: 50 }, () => key).join('\n'));

  it('longer than a value holds: the rest goes before the field in the template', () => {
    const r = inferFromText(sameKeys(`r${'q'.repeat(1024)}`));
    const rk = r.design.tables[0]!.rowKey;
    expect(rk.template).toBe('r{field1}');
    expect(rk.fields.field1).toMatchObject({ type: 'string', values: ['q'.repeat(1024)] });
  });

  it('within a value: one value, as before', () => {
    const rk = inferFromText(sameKeys('same')).design.tables[0]!.rowKey;
    expect(rk.template).toBe('{field1}');
    expect(rk.fields.field1).toMatchObject({ type: 'string', values: ['same'] });
  });

  it('is cut between code points, never between the halves of a surrogate pair', () => {
    expect(splitForValue('same')).toEqual(['', 'same']);
    expect(splitForValue(`r${'q'.repeat(1024)}`)).toEqual(['r', 'q'.repeat(1024)]);
    // 1,025 units, '😀' first: a cut after one unit would split it; the value is one unit shorter.
    expect(splitForValue(`😀${'q'.repeat(1023)}`)).toEqual(['😀', 'q'.repeat(1023)]);
    expect(splitForValue(`ab😀${'q'.repeat(1022)}`)).toEqual(['ab', `😀${'q'.repeat(1022)}`]);
  });
});
