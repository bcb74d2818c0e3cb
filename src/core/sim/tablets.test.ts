import { describe, expect, it } from 'vitest';
import { utf8 } from '../keys/bytes';
import { balance } from './balance';
import { newTablet, splitTablet, TabletSet, type Tablet } from './tablets';

const text = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString('latin1'));

/** A tablet over [start, end) that saw `keys` written in this order. */
function tabletWith(keys: string[], start = '', end: string | null = null): Tablet {
  const set = new TabletSet([], 1, 1);
  const t = newTablet(utf8(start), end === null ? null : utf8(end), 0);
  keys.forEach((k, i) => set.write(t, utf8(k), 1, i));
  t.load = keys.length;
  t.windowRate = keys.length;
  return t;
}

describe('tablets', () => {
  it('routes a key to the tablet whose range holds it, pre-split keys sorted and deduplicated', () => {
    const set = new TabletSet([utf8('m'), utf8('c'), utf8('m'), utf8('')], 2, 1);
    expect(set.tablets.map((t) => [text(t.start), text(t.end), t.node])).toEqual([
      ['', 'c', 0],
      ['c', 'm', 1],
      ['m', null, 0],
    ]);
    const at = (k: string) => text(set.route(utf8(k)).start);
    expect([at(''), at('b'), at('c'), at('c\x00'), at('lzzz'), at('m'), at('\xff')]).toEqual(['', '', 'c', 'c', 'c', 'm', 'm']);
  });

  it('splits at the median key of recent writes', () => {
    const halves = splitTablet(tabletWith(['a', 'b', 'c', 'd', 'e', 'f', 'g']))!;
    expect(halves.map((t) => [text(t.start), text(t.end)])).toEqual([
      ['', 'd'],
      ['d', null],
    ]);
  });

  it('never splits a tablet that holds a single row', () => {
    expect(splitTablet(tabletWith(Array(31).fill('row')))).toBeNull();
    const isolated = tabletWith(Array(31).fill('row'), 'row', 'row\x00');
    expect(splitTablet(isolated)).toBeNull();
  });

  it('cuts a hot row away from its neighbours, down to the single-row range [row, row + 0x00)', () => {
    const t = tabletWith(['a', ...Array(30).fill('m'), 'z']);
    const [left, right] = splitTablet(t)!;
    expect([text(left.end), text(right.start)]).toEqual(['m', 'm']);
    // All recent writes in the right half went to its first row: the split now isolates it.
    const hot = tabletWith(Array(31).fill('m'), 'm');
    hot.maxKey = utf8('z');
    const [row, rest] = splitTablet(hot)!;
    expect([text(row.start), text(row.end), text(rest.start)]).toEqual(['m', 'm\x00', 'm\x00']);
    expect(splitTablet(tabletWith(Array(31).fill('m'), 'm', 'm\x00'))).toBeNull();
  });

  it('gives the newer half the load when the newest writes are all above the split (a rising edge)', () => {
    const keys = Array.from({ length: 31 }, (_, i) => `t${String(i).padStart(3, '0')}`);
    const [left, right] = splitTablet(tabletWith(keys))!;
    expect(left.load).toBe(0);
    expect(right.load).toBe(31);
  });

  it('splits an edge right after its newest write when the last split did not relieve it', () => {
    // Writes alternate between a rising edge (a…) and steady rows above it (x…, y…).
    const keys: string[] = [];
    for (let i = 0; i < 31; i++) keys.push(i % 3 === 2 ? (i % 2 ? 'x' : 'y') + i : `a${String(i).padStart(3, '0')}`);
    const t = tabletWith(keys);
    expect(text(splitTablet(t)![0].end)).toMatch(/^a/); // the median is inside the edge
    t.edge = true;
    const [edge, steady] = splitTablet(t)!;
    expect(text(edge.end)).toMatch(/^x/); // the cut is right above the newest a… key
    expect(edge.load).toBeGreaterThan(steady.load);
  });
});

describe('balancer', () => {
  const on = (node: number, load: number, start = String(load)) => {
    const t = newTablet(utf8(start), null, node);
    t.load = load;
    return t;
  };

  it('moves tablets from the busiest node to the idlest until they are within 10%', () => {
    const tablets = [on(0, 10, 'a'), on(0, 10, 'b'), on(0, 10, 'c'), on(0, 10, 'd'), on(1, 10, 'e'), on(2, 0, 'f')];
    const moves = balance(tablets, 3);
    const load = [0, 0, 0];
    for (const t of tablets) load[t.node]! += t.load;
    expect(moves.length).toBeGreaterThan(0);
    expect(Math.max(...load)).toBe(20);
  });

  it('never moves a tablet that carries most of its node: that would only move the hotspot', () => {
    const tablets = [on(0, 100, 'hot'), on(0, 1, 'a'), on(0, 1, 'b'), on(1, 0, 'c'), on(2, 0, 'd')];
    const moves = balance(tablets, 3);
    expect(moves.map((m) => text(m.tablet.start)).sort()).toEqual(['a', 'b']);
    expect(tablets[0]!.node).toBe(0);
  });

  it('does nothing on one node or without load', () => {
    expect(balance([on(0, 5)], 1)).toEqual([]);
    expect(balance([on(0, 0), on(0, 0)], 3)).toEqual([]);
  });
});
