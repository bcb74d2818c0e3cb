import { describe, expect, it } from 'vitest';
import { splitOffer } from './split';

describe('splitOffer', () => {
  it('splits one line at spaces, tabs and commas', () => {
    expect(splitOffer('device#1 device#10 device#2')).toEqual(['device#1', 'device#10', 'device#2']);
    expect(splitOffer('  a, b,,c\t d \n')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('offers nothing for several lines, one key, or an empty paste', () => {
    expect(splitOffer('a b\nc d')).toBeNull();
    expect(splitOffer('device#1')).toBeNull();
    expect(splitOffer('  \n ')).toBeNull();
  });
});
