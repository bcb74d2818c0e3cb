import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const View = () => null;

describe('preloadable', () => {
  it('loads its module once however often it is asked (the prefetch, then the render)', async () => {
    let calls = 0;
    const p = preloadable(async () => {
      calls++;
      return { default: View };
    });
    await Promise.all([p.load(), p.load()]);
    await p.load();
    expect(calls).toBe(1);
  });

  it('tries again after a failed load (offline, a missing chunk)', async () => {
    let calls = 0;
    const p = preloadable(async () => {
      calls++;
      if (calls === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: View };
    });
    await expect(p.load()).rejects.toThrow('Failed to fetch');
    await expect(p.load()).resolves.toEqual({ default: View });
    expect(calls).toBe(2);
  });
});
