import { describe, expect, it } from 'vitest';
import { versionId } from '../../core/diff/version-id';
import type { Design } from '../../core/model/schema';
import { memoryKV } from '../persist/kv';
import { createStudioStore } from '../store';
import { addVersion, emptyBook, findVersion, MAX_AUTO, mergeBooks, shareBase } from './versions';
import {
  AUTO_EVERY_MS,
  configureVersions,
  findBase,
  linkBaseFor,
  loadBook,
  recordVersion,
  startAutoSnapshots,
  useVersions,
  versionsKey,
} from './versions-store';

const design = (name: string): Design => ({
  format: 'bigtable-studio/v1',
  name,
  tables: [{ name: 't', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } }],
});
const TEXT = 'format: bigtable-studio/v1\nname: Tiny\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: string}}}\n';
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe("a design's versions", () => {
  it('adds a version unless the newest holds the same design; a named version always goes in', () => {
    let b = emptyBook('d');
    b = addVersion(b, design('a'), 'auto', 1).book;
    expect(addVersion(b, design('a'), 'auto', 2).book).toBe(b);
    b = addVersion(b, design('a'), 'named', 3, 'launch').book;
    expect(b.list.map((v) => [v.kind, v.name ?? null, v.id])).toEqual([
      ['auto', null, versionId(design('a'))],
      ['named', 'launch', versionId(design('a'))],
    ]);
  });

  it(`keeps at most ${MAX_AUTO} automatic snapshots, never dropping named ones for them`, () => {
    let b = addVersion(emptyBook('d'), design('named'), 'named', 0, 'keep me').book;
    for (let i = 1; i <= MAX_AUTO + 10; i++) b = addVersion(b, design(`v${i}`), 'auto', i).book;
    expect(b.list.filter((v) => v.kind === 'auto')).toHaveLength(MAX_AUTO);
    expect(b.list[0]!.name).toBe('keep me');
    expect(b.list[1]!.design.name).toBe('v11');
  });

  it("two tabs' books merge: every version of either, oldest first", () => {
    const a = addVersion(emptyBook('d'), design('a'), 'auto', 1).book;
    const b = addVersion(emptyBook('d'), design('b'), 'auto', 2).book;
    expect(mergeBooks(a, { ...b, origin: 'x' }).list.map((v) => v.design.name)).toEqual(['a', 'b']);
    expect(mergeBooks(a, { ...b, origin: 'x' }).origin).toBe('x');
  });

  it('a link names the version last exchanged, else the design itself; a version is found by id in any book', () => {
    expect(shareBase(undefined, design('a'))).toBe(versionId(design('a')));
    expect(shareBase({ ...emptyBook('d'), origin: 'abc' }, design('a'))).toBe('abc');
    const b1 = addVersion(emptyBook('1'), design('a'), 'auto', 1).book;
    const b2 = addVersion(emptyBook('2'), design('b'), 'shared', 2).book;
    expect(findVersion([b1, b2], versionId(design('b')))?.kind).toBe('shared');
    expect(findVersion([b1, b2], 'ffffffffffffffff')).toBeNull();
  });
});

describe('versions in storage', () => {
  it('snapshots a design before its first edit, then again only after a while; survives a reload', async () => {
    const kv = memoryKV();
    let t = 1_000_000;
    configureVersions({ kv, now: () => t });
    const store = createStudioStore([{ id: 'tiny', title: 'Tiny', summary: '', yaml: TEXT }], { ready: true, now: () => t });
    const stop = startAutoSnapshots(store);
    store.getState().materializeExample('tiny');
    const original = store.getState().docs['tiny']!.design;
    const rename = (name: string) => store.getState().editDesign('tiny', (d) => ({ ...d, name }), { label: 'Rename design' });
    rename('one');
    await settle();
    rename('two');
    await settle();
    t += AUTO_EVERY_MS + 1;
    rename('three');
    await settle();
    stop();
    expect(useVersions.getState().books['tiny']!.list.map((v) => v.design.name)).toEqual([original.name, 'two']);
    configureVersions({ kv, now: () => t }); // a reload: nothing in memory
    expect((await loadBook('tiny')).list.map((v) => v.design.name)).toEqual([original.name, 'two']);
    expect(kv.data.has(versionsKey('tiny'))).toBe(true);
  });

  it('a link sent names the design it sent; a reply naming it finds it as the base', async () => {
    configureVersions({ kv: memoryKV() });
    await loadBook('mine');
    const sent = design('sent');
    const from = linkBaseFor('mine', sent);
    expect(from).toBe(versionId(sent));
    await settle();
    expect(useVersions.getState().books['mine']!.origin).toBe(from);
    // Later links of this design name the same base, whatever the design is now.
    expect(linkBaseFor('mine', design('edited since'))).toBe(from);
    configureVersions({ kv: (await import('../persist/kv')).memoryKV() });
    expect(await findBase(from)).toBeNull();
  });

  it('finds the base only by the id a link names, never by the link having been seen', async () => {
    const kv = memoryKV();
    configureVersions({ kv });
    await recordVersion('a', design('base'), 'shared');
    await recordVersion('b', design('seen'), 'link');
    configureVersions({ kv });
    expect((await findBase(versionId(design('base'))))?.design.name).toBe('base');
    expect((await findBase(versionId(design('seen'))))?.design.name).toBe('seen');
    // A link that names no base gets none, even if its own design was seen: a two-way comparison.
    expect(await findBase(undefined)).toBeNull();
    expect(await findBase(versionId(design('never seen')))).toBeNull();
  });
});
