import { describe, expect, it } from 'vitest';
import { plural } from './words';

describe('plural', () => {
  it('says 1 error, 0 errors, 2 errors, and takes an irregular plural and a number format', () => {
    expect([0, 1, 2].map((n) => plural(n, 'error'))).toEqual(['0 errors', '1 error', '2 errors']);
    expect(plural(1, 'key that does', 'keys that do')).toBe('1 key that does');
    expect(plural(10000, 'key', 'keys', (n) => n.toLocaleString('en-US'))).toBe('10,000 keys');
  });
});
