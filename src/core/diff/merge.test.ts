import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FC_SEED } from '../../test-support/fc-seed';
import { exampleDesigns } from '../../test-support/examples';
import { validDesign } from '../../test-support/design-arbitrary';
import type { Design } from '../model/schema';
import { merge3, resolveMerge, valueAt } from './merge';
import { sameValue, walk } from './walk';

const chat = exampleDesigns().find((e) => e.file.includes('chat'))!.design;
const edit = (d: Design, f: (x: Design) => void): Design => {
  const c = structuredClone(d);
  f(c);
  return c;
};
const q = (d: Design, name: string) => d.tables[0]!.queries!.find((x) => x.name === name)! as Record<string, unknown>;

describe('three-way merge', () => {
  it('a change made only on one side is taken without asking; my own edit is never a change from theirs', () => {
    const first = chat.tables[0]!.queries![0]!.name;
    const base = edit(chat, (d) => (q(d, first).limit = 1000));
    const mine = edit(base, (d) => (q(d, first).limit = 500));
    const theirs = edit(base, (d) => {
      d.description = 'Reviewed by the team.';
      d.tables[0]!.load = { ...d.tables[0]!.load, writesPerSecond: 12345 };
    });
    const r = merge3(base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect(r.theirsOnly.map((c) => c.path.join('.')).sort()).toEqual(['description', `tables.${chat.tables[0]!.name}.load.writesPerSecond`]);
    expect(r.mineOnly.map((c) => c.path.join('.'))).toEqual([`tables.${chat.tables[0]!.name}.queries.${first}.limit`]);
    expect(q(r.merged, first).limit).toBe(500);
    expect(r.merged.description).toBe('Reviewed by the team.');
    expect(r.merged.tables[0]!.load!.writesPerSecond).toBe(12345);
  });

  it('only a place both sides changed differently is a conflict; it stays mine until theirs is chosen', () => {
    const first = chat.tables[0]!.queries![0]!.name;
    const mine = edit(chat, (d) => {
      q(d, first).limit = 500;
      d.description = 'same on both sides';
    });
    const theirs = edit(chat, (d) => {
      q(d, first).limit = 2000;
      d.description = 'same on both sides';
    });
    const r = merge3(chat, mine, theirs);
    expect(r.conflicts).toEqual([{ path: ['tables', chat.tables[0]!.name, 'queries', first, 'limit'], base: q(chat, first).limit, mine: 500, theirs: 2000 }]);
    expect(r.both).toEqual([['description']]);
    expect(q(r.merged, first).limit).toBe(500);
    expect(q(resolveMerge(r, theirs, r.conflicts), first).limit).toBe(2000);
  });

  it('an edit inside a table the other side removed is one conflict at the table', () => {
    const t = chat.tables[0]!.name;
    const mine = edit(chat, (d) => (d.tables[0]!.load = { ...d.tables[0]!.load, writesPerSecond: 1 }));
    const theirs = edit(chat, (d) => d.tables.splice(0, 1));
    const r = merge3(chat, mine, theirs);
    expect(r.conflicts.map((c) => c.path)).toEqual([['tables', t]]);
    expect(r.merged.tables.map((x) => x.name)).toEqual(chat.tables.map((x) => x.name));
    expect(resolveMerge(r, theirs, r.conflicts).tables.map((x) => x.name)).toEqual(theirs.tables.map((x) => x.name));
  });

  it('a table added in the middle on one side keeps its place', () => {
    const two = edit(chat, (d) => d.tables.push({ name: 'zz_last', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } }));
    const theirs = edit(two, (d) => d.tables.splice(1, 0, { name: 'middle', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } }));
    const r = merge3(two, two, theirs);
    expect(r.merged.tables.map((x) => x.name)).toEqual(theirs.tables.map((x) => x.name));
  });
});

// ---- property tests: random edits of real and generated designs ----

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNamed = (v: unknown): v is { name: string }[] => Array.isArray(v) && v.length > 0 && v.every((x) => isObj(x) && typeof x.name === 'string');

/** Every place under `root` an edit can touch: [path, container, key] with paths in diff form. */
function places(root: unknown, path: string[] = [], out: { path: string[]; parent: unknown; key: string | number }[] = []) {
  if (isObj(root)) {
    for (const [k, v] of Object.entries(root)) {
      out.push({ path: [...path, k], parent: root, key: k });
      places(v, [...path, k], out);
    }
  } else if (isNamed(root)) {
    root.forEach((x, i) => {
      out.push({ path: [...path, x.name], parent: root, key: i });
      places(x, [...path, x.name], out);
    });
  }
  return out;
}

/** An edit as choices, read against the design it is applied to (so any sequence is valid). */
const editArb = fc.record({ kind: fc.constantFrom('set', 'remove', 'add-key', 'insert'), at: fc.nat(), n: fc.integer({ min: 1, max: 99 }) });
type Edit = { kind: 'set' | 'remove' | 'add-key' | 'insert'; at: number; n: number };

/** Applies `edits` to a copy of `d`, only at places under `within` (a diff path). */
function applyEdits(d: Design, edits: readonly Edit[], within: string[], tag: string): Design {
  const out = structuredClone(d) as unknown as Json;
  let fresh = 0;
  for (const e of edits) {
    const all = places(valueAt(out, within), within).filter((p) => p.path.length > within.length);
    if (!all.length) continue;
    const p = all[e.at % all.length]!;
    const parent = p.parent as Record<string | number, unknown>;
    const v = parent[p.key];
    if (e.kind === 'set') {
      if (typeof v === 'number') parent[p.key] = v + e.n;
      else if (typeof v === 'string' && p.key !== 'name') parent[p.key] = `${v}~${tag}${e.n}`;
      else if (typeof v === 'boolean') parent[p.key] = !v;
    } else if (e.kind === 'remove') {
      if (Array.isArray(parent)) parent.splice(p.key as number, 1);
      else if (p.key !== 'name') delete parent[p.key];
    } else if (e.kind === 'add-key') {
      if (isObj(v)) v[`note_${tag}${fresh++}`] = e.n;
    } else if (Array.isArray(parent) && isObj(v)) {
      parent.splice((p.key as number) + 1, 0, { ...structuredClone(v), name: `${String(v.name)}_${tag}${fresh++}` });
    }
  }
  return out as unknown as Design;
}

const designs = fc.oneof(fc.constantFrom(...exampleDesigns().map((e) => e.design)), validDesign);
const edits = fc.array(editArb, { maxLength: 6 });

/** A law of a design and one side's random edits of it (`side` tags the values the edits write), tried `numRuns` times. */
const law = (side: string, numRuns: number, holds: (base: Design, edited: Design) => void) => () =>
  fc.assert(
    fc.property(designs, edits, (base, es) => {
      holds(base, applyEdits(base, es, [], side));
    }),
    { numRuns },
  );

/** merge3(base, mine, theirs) is `expected`, with no conflict and no change listed in `none`. */
const mergesTo = (base: Design, mine: Design, theirs: Design, expected: Design, none: 'mineOnly' | 'theirsOnly') => {
  const r = merge3(base, mine, theirs);
  expect(r.conflicts).toEqual([]);
  expect(r[none]).toEqual([]);
  expect(sameValue(r.merged, expected)).toBe(true);
};

describe(`three-way merge laws (fast-check seed ${FC_SEED})`, () => {
  it(
    'merge(base, a, a) is a, with nothing to ask',
    law('a', 150, (base, a) => mergesTo(base, a, a, a, 'theirsOnly')),
  );

  it(
    'merge(base, base, b) is b: every change of theirs is taken, in place',
    law('b', 150, (base, b) => mergesTo(base, base, b, b, 'mineOnly')),
  );

  it(
    'merge(base, a, base) is a',
    law('a', 100, (base, a) => expect(sameValue(merge3(base, a, base).merged, a)).toBe(true)),
  );

  it('edits of different tables (and mine of the description) are both kept, with no conflict', () => {
    const twoTables = designs.filter((d) => d.tables.length >= 2);
    fc.assert(
      fc.property(twoTables, edits, edits, fc.nat(), fc.string({ maxLength: 20 }), (base, mineEdits, theirEdits, pick, description) => {
        const i = pick % base.tables.length;
        const j = (i + 1) % base.tables.length;
        const mine = applyEdits(base, mineEdits, ['tables', base.tables[i]!.name], 'm');
        if (description !== (base.description ?? '')) mine.description = description;
        const theirs = applyEdits(base, theirEdits, ['tables', base.tables[j]!.name], 't');
        // The expected result, built without the merge: theirs' table edits replayed onto mine.
        const expected = applyEdits(mine, theirEdits, ['tables', base.tables[j]!.name], 't');
        const r = merge3(base, mine, theirs);
        expect(r.conflicts).toEqual([]);
        expect(sameValue(r.merged, expected)).toBe(true);
        for (const c of walk(base, mine)) expect(sameValue(valueAt(r.merged, c.path), valueAt(mine, c.path))).toBe(true);
        for (const c of walk(base, theirs)) expect(sameValue(valueAt(r.merged, c.path), valueAt(theirs, c.path))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('every conflict is a place both sides changed to different values', () => {
    fc.assert(
      fc.property(designs, edits, edits, (base, ea, eb) => {
        const a = applyEdits(base, ea, [], 'a');
        const b = applyEdits(base, eb, [], 'b');
        const r = merge3(base, a, b);
        for (const c of r.conflicts) {
          expect(sameValue(c.mine, c.theirs)).toBe(false);
          expect(sameValue(c.mine, c.base) && sameValue(c.theirs, c.base)).toBe(false);
        }
        // Taking theirs everywhere gives theirs, up to list order.
        const all = resolveMerge(r, b, r.conflicts);
        for (const c of walk(base, b)) expect(sameValue(valueAt(all, c.path), valueAt(b, c.path))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
