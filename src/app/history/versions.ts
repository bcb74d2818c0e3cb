// A design's versions: automatic snapshots, named versions, the versions sent and received as
// share links. Pure functions over a "book" (one per design); versions-store.ts keeps the
// books in storage. A version's id is its content (core/diff/version-id.ts), so the version a
// link names can be found in any browser that holds the same design.
import { versionId } from '../../core/diff/version-id';
import type { Design } from '../../core/model/schema';

export type VersionKind = 'auto' | 'named' | 'shared' | 'link' | 'restore';

export interface Version {
  id: string;
  at: number;
  kind: VersionKind;
  /** The user's name for a named version. */
  name?: string;
  design: Design;
}

export interface VersionBook {
  version: 1;
  docId: string;
  /** The version last exchanged by link (sent first, or received): what this design's links name as their base. */
  origin?: string;
  /** Oldest first. */
  list: Version[];
}

/** Automatic snapshots kept per design (named and link versions are kept apart from this cap). */
export const MAX_AUTO = 50;
/** Every version kept per design, at most. */
export const MAX_VERSIONS = 200;

export const KIND_LABEL: Record<VersionKind, string> = {
  auto: 'Automatic snapshot',
  named: 'Named version',
  shared: 'Sent as a link',
  link: 'From a link',
  restore: 'Before a restore',
};

export const emptyBook = (docId: string): VersionBook => ({ version: 1, docId, list: [] });

/** The book with `design` added as a version, unless the newest version already holds it (a named one always goes in). */
export function addVersion(book: VersionBook, design: Design, kind: VersionKind, at: number, name?: string): { book: VersionBook; version: Version } {
  const id = versionId(design);
  const last = book.list[book.list.length - 1];
  if (last && last.id === id && kind !== 'named') return { book, version: last };
  const version: Version = { id, at, kind, ...(name ? { name } : {}), design };
  return { book: { ...book, list: trim([...book.list, version]) }, version };
}

/** Drops the oldest automatic snapshots past MAX_AUTO, then the oldest of any kind past MAX_VERSIONS. */
function trim(list: Version[]): Version[] {
  let autos = list.filter((v) => v.kind === 'auto' || v.kind === 'restore').length;
  const out = list.filter((v) => !((v.kind === 'auto' || v.kind === 'restore') && autos-- > MAX_AUTO));
  return out.slice(Math.max(0, out.length - MAX_VERSIONS));
}

/** Two tabs' books of one design as one: every version of either (by id and time), oldest first; this tab's origin wins. */
export function mergeBooks(stored: VersionBook | undefined, mine: VersionBook): VersionBook {
  if (!stored || stored.docId !== mine.docId || !Array.isArray(stored.list)) return mine;
  const seen = new Map<string, Version>();
  for (const v of [...stored.list, ...mine.list]) seen.set(`${v.id}@${v.at}@${v.name ?? ''}`, v);
  const list = trim([...seen.values()].sort((a, b) => a.at - b.at));
  const origin = mine.origin ?? stored.origin;
  return { version: 1, docId: mine.docId, ...(origin ? { origin } : {}), list };
}

/** A stored value as a book, or null when it is not one. */
export function readBook(raw: unknown, docId: string): VersionBook | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Partial<VersionBook>;
  if (r.version !== 1 || r.docId !== docId || !Array.isArray(r.list)) return null;
  const list = r.list.filter(
    (v): v is Version =>
      typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.at === 'number' && typeof v.design === 'object' && v.design !== null,
  );
  return { version: 1, docId, ...(typeof r.origin === 'string' ? { origin: r.origin } : {}), list };
}

/** What a link made from this design names as its base: the version last exchanged, else the design itself. */
export function shareBase(book: VersionBook | undefined, design: Design): string {
  return book?.origin ?? versionId(design);
}

/** The version with this id in any of the books (the newest copy), or null. */
export function findVersion(books: Iterable<VersionBook>, id: string): Version | null {
  let found: Version | null = null;
  for (const b of books) for (const v of b.list) if (v.id === id && (!found || v.at > found.at)) found = v;
  return found;
}

/** "Named version "before launch"", "Automatic snapshot", ...: how a version is listed. */
export function versionLabel(v: Version): string {
  return v.kind === 'named' && v.name ? v.name : KIND_LABEL[v.kind];
}
