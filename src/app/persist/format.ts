// What the studio saves in the browser, versioned, with migrations from every older shape.
//
// Version 2 (current) never overwrites a saved design in place. Each save of a design writes a
// new record `doc:<id>:<rev>`; then one small `manifest` record, switched in a single
// transaction, points at the current revision of every design. Old revisions are deleted only
// after the manifest points past them. A failed write (quota, private mode) leaves the
// manifest, and so every design saved before, as it was.
//
//   manifest            {version: 2, order, docs: {id: {rev, updatedAt, by}}, savedAt}
//   doc:<id>:<rev>      {version: 2, id, design, text?, updatedAt} - text: the user's own (typed, a
//                       file's); absent after a form edit, when the design is what was saved
//   session:<sid>       {version: 2, hash, history, savedAt}  - one tab's undo history
//   sessions            {sid: savedAt}                        - to prune old sessions
//   last-view           {hash, at}                            - where a fresh tab reopens
//   versions:<id>       {version: 1, docId, origin?, list}    - a design's versions (history/versions-store.ts)
// A tab's session record is also written in the manifest's transaction on every save of the
// designs (kv.commit), so the undo history and the designs it undoes are stored together.
//
// Older shapes, from the studio's first builds, kept everything in one record under `btstudio`:
//   v0  {designs: [{id, yaml, title?}]}                       - texts only, no version field
//   v1  {version: 1, order: [id], docs: {id: {id, text, updatedAt}}, hash?}
import type { History, HistoryEntry } from '../commands/history';
import type { DesignDoc } from '../studio/contract';
import { model } from '../model';

export const STORAGE_VERSION = 2;
export const MANIFEST_KEY = 'manifest';
export const LEGACY_KEY = 'btstudio';
export const SESSIONS_KEY = 'sessions';
export const LAST_VIEW_KEY = 'last-view';
export const docKey = (id: string, rev: string) => `doc:${id}:${rev}`;
export const sessionKey = (sid: string) => `session:${sid}`;

export interface ManifestEntry {
  rev: string;
  updatedAt: number;
  /** The tab that wrote it. */
  by: string;
}

export interface Manifest {
  version: number;
  order: string[];
  docs: Record<string, ManifestEntry>;
  savedAt: number;
}

export interface DocRecord {
  version: number;
  id: string;
  design: unknown;
  /** The user's own text; absent when the doc has none (a form edit): the design is then the record. */
  text?: string;
  updatedAt: number;
  /** Optional: (the doc was opened from a link); never written, kept for forward compatibility. */
  shared?: boolean;
}

export interface SessionRecord {
  version: number;
  hash: string;
  history: History;
  savedAt: number;
}

/** Saved designs as texts (what older versions kept), before they are loaded into docs. */
export interface MigratedDocs {
  docs: { id: string; text: string; updatedAt: number }[];
  order: string[];
  hash?: string;
}

export type Migration = { ok: true; from: number; value: MigratedDocs } | { ok: false; reason: 'newer' | 'unreadable'; message: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';

/** Reads the single-record formats v0 and v1 (under LEGACY_KEY) into texts to load. */
export function migrateLegacy(raw: unknown, now: number): Migration {
  if (!isObj(raw)) return { ok: false, reason: 'unreadable', message: 'the saved data is not a record' };
  const version = raw.version === undefined ? 0 : raw.version;
  if (typeof version !== 'number') return { ok: false, reason: 'unreadable', message: 'the saved data has no readable version' };
  if (version > STORAGE_VERSION) return { ok: false, reason: 'newer', message: `saved by a newer studio (format ${version})` };
  if (version === 0) {
    const designs = Array.isArray(raw.designs) ? raw.designs : [];
    const docs = designs
      .filter((d): d is { id: string; yaml: string } => isObj(d) && str(d.id) && str(d.yaml))
      .map((d) => ({ id: d.id, text: d.yaml, updatedAt: now }));
    return { ok: true, from: 0, value: { docs, order: docs.map((d) => d.id) } };
  }
  if (version === 1) {
    const byId = isObj(raw.docs) ? raw.docs : {};
    const docs = Object.values(byId)
      .filter((d): d is { id: string; text: string; updatedAt?: unknown } => isObj(d) && str(d.id) && str(d.text))
      .map((d) => ({ id: d.id, text: d.text, updatedAt: typeof d.updatedAt === 'number' ? d.updatedAt : now }));
    const order = Array.isArray(raw.order) ? raw.order.filter(str) : docs.map((d) => d.id);
    return { ok: true, from: 1, value: { docs, order, ...(str(raw.hash) ? { hash: raw.hash } : {}) } };
  }
  return { ok: false, reason: 'unreadable', message: `format ${version} is not a single-record format` };
}

/**
 * A saved design back as a doc: the text when it loads (the text is what the user wrote), else
 * the saved design with the text's issues; null when neither is a valid design. It needs the
 * design model (restore.ts), so it runs once that is loaded (../model.ts).
 */
export const restoreDoc = (rec: { id: string; text?: unknown; design?: unknown; updatedAt: number }): DesignDoc | null => model().restoreDoc(rec);

export function toRecord(doc: DesignDoc): DocRecord {
  // The text only when it is the user's own: a form edit saves the design, no YAML dump per keystroke.
  return { version: STORAGE_VERSION, id: doc.id, design: doc.design, ...(doc.text === undefined ? {} : { text: doc.text }), updatedAt: doc.updatedAt };
}

export function readManifest(raw: unknown): Manifest | null {
  if (!isObj(raw) || typeof raw.version !== 'number' || !isObj(raw.docs)) return null;
  const docs: Record<string, ManifestEntry> = {};
  for (const [id, e] of Object.entries(raw.docs))
    if (isObj(e) && str(e.rev)) docs[id] = { rev: e.rev, updatedAt: Number(e.updatedAt) || 0, by: str(e.by) ? e.by : '' };
  const order = Array.isArray(raw.order) ? raw.order.filter(str) : Object.keys(docs);
  return { version: raw.version, order, docs, savedAt: Number(raw.savedAt) || 0 };
}

const isDocSnap = (d: unknown): boolean =>
  d === null || (isObj(d) && str(d.id) && (d.text === undefined || str(d.text)) && isObj(d.design) && Array.isArray(d.textIssues));
const isSnapshot = (s: unknown): boolean =>
  isObj(s) && isObj(s.docs) && Object.values(s.docs).every(isDocSnap) && (s.order === undefined || Array.isArray(s.order));
const isEntry = (e: unknown): e is HistoryEntry => isObj(e) && str(e.label) && typeof e.at === 'number' && isSnapshot(e.before) && isSnapshot(e.after);

/** A saved session's undo history, or null when it is not one this version understands. */
export function readSession(raw: unknown): { hash: string; history: History } | null {
  if (!isObj(raw) || raw.version !== STORAGE_VERSION || !isObj(raw.history)) return null;
  const { past, future } = raw.history;
  if (!Array.isArray(past) || !Array.isArray(future) || !past.every(isEntry) || !future.every(isEntry)) return null;
  return { hash: str(raw.hash) ? raw.hash : '', history: { past, future, sealed: true } };
}

/** The history as saved: at most `limit` steps back, so a long session stays small. */
export function sessionRecord(hash: string, history: History, now: number, limit = 100): SessionRecord {
  return { version: STORAGE_VERSION, hash, history: { past: history.past.slice(-limit), future: history.future.slice(-limit), sealed: true }, savedAt: now };
}
