// The books of versions (versions.ts) in storage, one record per design (`versions:<id>`,
// written with a read-merge-write in one transaction so two tabs add to one book), and the
// automatic snapshots: the design as it was before the first edit of a session, and again
// before an edit once AUTO_EVERY_MS have passed since the last snapshot. A small zustand store
// lets the History panel follow the books.
import { create } from 'zustand';
import { versionId } from '../../core/diff/version-id';
import type { Design } from '../../core/model/schema';
import { idbKV, type KV } from '../persist/kv';
import type { StudioStore } from '../store';
import { addVersion, emptyBook, findVersion, mergeBooks, readBook, shareBase, type Version, type VersionBook, type VersionKind } from './versions';

export const versionsKey = (docId: string) => `versions:${docId}`;
export const AUTO_EVERY_MS = 5 * 60_000;

interface VersionsState {
  books: Record<string, VersionBook>;
}

export const useVersions = create<VersionsState>()(() => ({ books: {} }));

let kv: KV | null | undefined;
let now: () => number = Date.now;
const storage = () => (kv === undefined ? (kv = idbKV()) : kv);
const loading = new Map<string, Promise<VersionBook>>();
/** The version each shared copy's link names (by the copy's doc id). */
const linkBases = new Map<string, string>();

/** For tests: another storage and clock (and forget what was loaded). */
export function configureVersions(opts: { kv: KV | null; now?: () => number }): void {
  kv = opts.kv;
  now = opts.now ?? Date.now;
  loading.clear();
  linkBases.clear();
  useVersions.setState({ books: {} });
}

/** The design's book, read from storage once per page. */
export function loadBook(docId: string): Promise<VersionBook> {
  const have = useVersions.getState().books[docId];
  if (have) return Promise.resolve(have);
  let p = loading.get(docId);
  if (!p) {
    p = (async () => {
      const raw = await storage()
        ?.get(versionsKey(docId))
        .catch(() => undefined);
      const book = readBook(raw, docId) ?? emptyBook(docId);
      const here = useVersions.getState().books[docId];
      const merged = here ? mergeBooks(book, here) : book;
      useVersions.setState((s) => ({ books: { ...s.books, [docId]: merged } }));
      return merged;
    })();
    loading.set(docId, p);
  }
  return p;
}

async function write(docId: string, book: VersionBook): Promise<void> {
  useVersions.setState((s) => ({ books: { ...s.books, [docId]: book } }));
  try {
    await storage()?.update<VersionBook>(versionsKey(docId), (old) => mergeBooks(readBook(old, docId) ?? undefined, book));
  } catch {
    // Versions are a convenience: a full disk keeps them in this tab.
  }
}

/** Adds `design` to the design's versions (skipped when the newest already holds it). */
export async function recordVersion(docId: string, design: Design, kind: VersionKind, name?: string): Promise<Version> {
  const book = await loadBook(docId);
  const r = addVersion(useVersions.getState().books[docId] ?? book, design, kind, now(), name);
  if (r.book !== book) await write(docId, r.book);
  return r.version;
}

/** Marks `design` as the version last exchanged by link (and keeps it as a version of that kind). */
export async function setOrigin(docId: string, design: Design, kind: 'shared' | 'link'): Promise<void> {
  await recordVersion(docId, design, kind);
  const book = useVersions.getState().books[docId] ?? emptyBook(docId);
  const origin = versionId(design);
  if (book.origin !== origin) await write(docId, { ...book, origin });
}

/**
 * The base a new link of this design names: the version last exchanged, or (the first time)
 * the design itself, which is then kept as a version "sent as a link" so a reply can be merged.
 */
export function linkBaseFor(docId: string, design: Design): string {
  const book = useVersions.getState().books[docId];
  const base = shareBase(book, design);
  if (!book?.origin) void setOrigin(docId, design, 'shared');
  else void recordVersion(docId, design, 'shared');
  return base;
}

export function noteLinkBase(sharedDocId: string, from: string | undefined): void {
  if (from) linkBases.set(sharedDocId, from);
}

export function linkBaseOf(sharedDocId: string): string | undefined {
  return linkBases.get(sharedDocId);
}

/** Every book in storage (and this tab's), to look a version up by id. */
async function allBooks(): Promise<VersionBook[]> {
  const keys = (
    (await storage()
      ?.keys()
      .catch(() => [])) ?? []
  ).filter((k) => k.startsWith('versions:'));
  await Promise.all(keys.map((k) => loadBook(k.slice('versions:'.length))));
  return Object.values(useVersions.getState().books);
}

/**
 * The common version for comparing a link with my design: the version the link names (its
 * base) when this browser holds it; else null (a two-way comparison). Having seen the link's own
 * design before does not make it an ancestor of mine (a take may have been partial or undone),
 * so it is never taken as the base: that would drop the link's changes without asking.
 */
export async function findBase(from: string | undefined): Promise<Version | null> {
  if (!from) return null;
  return findVersion(await allBooks(), from);
}

/**
 * Automatic snapshots: the design before the first edit of this session, and before an edit
 * once AUTO_EVERY_MS passed since the last snapshot. Shared copies (not saved) have none.
 */
export function startAutoSnapshots(store: StudioStore): () => void {
  const last = new Map<string, number>();
  return store.subscribe((st, prev) => {
    if (st.docs === prev.docs || prev.persist.mode === 'loading') return;
    for (const [id, doc] of Object.entries(st.docs)) {
      const before = prev.docs[id];
      if (!before || before === doc || doc.shared || before.shared || before.design === doc.design) continue;
      const t = last.get(id);
      if (t !== undefined && now() - t < AUTO_EVERY_MS) continue;
      last.set(id, now());
      void recordVersion(id, before.design, 'auto');
    }
  });
}
