import { describe, expect, it } from 'vitest';
import { designHref, parseHash } from './routing';

describe('parseHash', () => {
  it('opens the gallery for an empty hash, # and #/', () => {
    for (const h of ['', '#', '#/', '#//']) expect(parseHash(h)).toEqual({ view: 'gallery' });
  });

  it('reads a design and an optional table', () => {
    expect(parseHash('#/design/iot')).toEqual({ view: 'design', designId: 'iot', table: null });
    expect(parseHash('#/design/iot/readings')).toEqual({ view: 'design', designId: 'iot', table: 'readings' });
    expect(parseHash('#/design/iot/readings/')).toEqual({ view: 'design', designId: 'iot', table: 'readings' });
  });

  it('round-trips ids that need escaping', () => {
    const href = designHref('a b/c', 't.1');
    expect(parseHash(href)).toEqual({ view: 'design', designId: 'a b/c', table: 't.1' });
  });

  it('calls anything else not found, including broken escapes', () => {
    expect(parseHash('#/nope').view).toBe('notFound');
    expect(parseHash('#/design').view).toBe('notFound');
    expect(parseHash('#/design/%E0%A4%A').view).toBe('notFound');
    expect(parseHash('#/design/x/y/z').view).toBe('notFound');
  });
});
