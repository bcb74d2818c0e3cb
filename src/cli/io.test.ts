import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readStdin, UserError } from './io';

describe('readStdin', () => {
  it('reads every chunk, strings and buffers, up to the cap', async () => {
    const bytes = await readStdin(Readable.from(['ab', Buffer.from('cd'), 'é']), 6, 'too much');
    expect(new TextDecoder().decode(bytes)).toBe('abcdé');
  });

  it('refuses with the caller’s words as soon as the input passes the cap', async () => {
    let pulled = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          pulled++;
          yield Buffer.alloc(1000);
        }
      })(),
    );
    const r = readStdin(endless, 4500, 'stdin: more than 4.5 KB');
    await expect(r).rejects.toThrow(UserError);
    await expect(r).rejects.toThrow('stdin: more than 4.5 KB');
    expect(pulled).toBeLessThan(10);
  });
});
