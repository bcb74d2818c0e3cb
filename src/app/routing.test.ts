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

  it('reads the design tab from ?view=', () => {
    expect(parseHash('#/design/iot?view=yaml')).toEqual({ view: 'design', designId: 'iot', table: null, tab: 'yaml' });
    expect(parseHash('#/design/iot/readings?view=sorter')).toEqual({ view: 'design', designId: 'iot', table: 'readings', tab: 'sorter' });
    expect(parseHash('#/design/iot?view=form')).toEqual({ view: 'design', designId: 'iot', table: null });
    expect(parseHash('#/design/iot?view=nope').view).toBe('notFound');
  });

  it('round-trips ids that need escaping, with and without a tab', () => {
    expect(parseHash(designHref('a b/c?d', 't.1'))).toEqual({ view: 'design', designId: 'a b/c?d', table: 't.1' });
    expect(parseHash(designHref('x?y', null, 'simulate'))).toEqual({ view: 'design', designId: 'x?y', table: null, tab: 'simulate' });
    expect(designHref('x', null, 'form')).toBe('#/design/x');
  });

  it('calls anything else not found, including broken escapes', () => {
    expect(parseHash('#/nope').view).toBe('notFound');
    expect(parseHash('#/design').view).toBe('notFound');
    expect(parseHash('#/design/%E0%A4%A').view).toBe('notFound');
    expect(parseHash('#/design/x/y/z').view).toBe('notFound');
    expect(parseHash('#?view=yaml').view).toBe('notFound');
  });
});
