// Reading what was saved: the manifest and the records it points at, or an older single-record
// format migrated forward (written as the current format first; the old record is deleted only
// after that write succeeded).
import type { DesignDoc } from '../studio/contract';
import { docKey, LEGACY_KEY, MANIFEST_KEY, migrateLegacy, readManifest, restoreDoc, STORAGE_VERSION, toRecord, type DocRecord, type Manifest } from './format';
import type { KV } from './kv';

export interface Loaded {
  docs: DesignDoc[];
  order: string[];
  /** The manifest the docs came from (null when nothing was saved yet or it was just migrated). */
  manifest: Manifest | null;
  /** Set when the saved data was written by a newer studio: this one must not write. */
  newer: string | null;
  /** The format version migrated from, when a migration ran. */
  migratedFrom: number | null;
  /** Saved designs that could not be read back (named, never silently dropped). */
  unreadable: string[];
  /** Where the user was, from an older format that saved it. */
  hash?: string;
}

/** What storage holds, read but not yet validated (that needs the design model, loaded after the first paint). */
export type RawSaved =
  | { kind: 'manifest'; manifest: Manifest; ids: string[]; recs: unknown[] }
  | { kind: 'legacy'; docs: { id: string; text: string; updatedAt: number }[]; order: string[]; from: number; hash?: string }
  | { kind: 'done'; loaded: Loaded };

/** Reads the saved records without validating them (no design model needed). */
export async function readSaved(kv: KV, now: number): Promise<RawSaved> {
  const raw = await kv.get<unknown>(MANIFEST_KEY);
  const manifest = raw === undefined ? null : readManifest(raw);
  if (raw !== undefined && !manifest) {
    return { kind: 'done', loaded: { docs: [], order: [], manifest: null, newer: null, migratedFrom: null, unreadable: ['(the list of saved designs)'] } };
  }
  if (manifest) {
    const ids = Object.keys(manifest.docs);
    const recs = await kv.getMany<unknown>(ids.map((id) => docKey(id, manifest.docs[id]!.rev)));
    return { kind: 'manifest', manifest, ids, recs };
  }
  const legacy = await kv.get<unknown>(LEGACY_KEY);
  if (legacy === undefined) return { kind: 'done', loaded: { docs: [], order: [], manifest: null, newer: null, migratedFrom: null, unreadable: [] } };
  const mig = migrateLegacy(legacy, now);
  if (!mig.ok) {
    const newer = mig.reason === 'newer';
    return {
      kind: 'done',
      loaded: {
        docs: [],
        order: [],
        manifest: null,
        newer: newer ? mig.message : null,
        migratedFrom: null,
        unreadable: newer ? [] : ['(saved designs of an older studio)'],
      },
    };
  }
  return { kind: 'legacy', docs: mig.value.docs, order: mig.value.order, from: mig.from, ...(mig.value.hash ? { hash: mig.value.hash } : {}) };
}

/** The saved designs' names as stored (unvalidated, for the first screen's list), in their saved order. */
export function savedNames(raw: RawSaved): { id: string; name: string }[] {
  const named = (id: string, rec: unknown) => {
    const design = rec && typeof rec === 'object' ? (rec as { design?: unknown }).design : undefined;
    const name = design && typeof design === 'object' ? (design as { name?: unknown }).name : undefined;
    return { id, name: typeof name === 'string' && name.trim() ? name : id };
  };
  if (raw.kind === 'manifest') {
    const all = raw.ids.map((id, i) => named(id, raw.recs[i]));
    const at = (id: string) => {
      const i = raw.manifest.order.indexOf(id);
      return i < 0 ? Infinity : i;
    };
    return all.sort((a, b) => at(a.id) - at(b.id));
  }
  if (raw.kind === 'legacy') return raw.docs.map((d) => ({ id: d.id, name: /^name:\s*["']?([^"'\n]+?)["']?\s*$/m.exec(d.text)?.[1] ?? d.id }));
  return [];
}

/** The records validated into docs (needs the design model: ../model.ts); an older format is written forward. */
export async function restoreSaved(kv: KV, raw: RawSaved, now: number, tabId: string): Promise<Loaded> {
  if (raw.kind === 'done') return raw.loaded;
  if (raw.kind === 'manifest') {
    const { manifest, ids, recs } = raw;
    const docs: DesignDoc[] = [];
    const unreadable: string[] = [];
    recs.forEach((rec, i) => {
      const doc = rec && typeof rec === 'object' ? restoreDoc({ ...(rec as DocRecord), id: ids[i]! }) : null;
      if (doc) docs.push(doc);
      else unreadable.push(ids[i]!);
    });
    const newer = manifest.version > STORAGE_VERSION ? `saved by a newer studio (format ${manifest.version})` : null;
    return { docs, order: manifest.order, manifest, newer, migratedFrom: null, unreadable };
  }
  const docs: DesignDoc[] = [];
  const unreadable: string[] = [];
  for (const d of raw.docs) {
    const doc = restoreDoc(d);
    if (doc) docs.push(doc);
    else unreadable.push(d.id);
  }
  // Write the current format, records before the manifest; keep the old record until both landed.
  const rev = `${now.toString(36)}-${tabId}-m`;
  const next: Manifest = { version: STORAGE_VERSION, order: raw.order.filter((id) => docs.some((d) => d.id === id)), docs: {}, savedAt: now };
  for (const d of docs) next.docs[d.id] = { rev, updatedAt: d.updatedAt, by: tabId };
  await kv.setMany(docs.map((d) => [docKey(d.id, rev), toRecord(d)]));
  await kv.setMany([[MANIFEST_KEY, next]]);
  if (unreadable.length === 0) await kv.delMany([LEGACY_KEY]);
  return { docs, order: next.order, manifest: next, newer: null, migratedFrom: raw.from, unreadable, ...(raw.hash ? { hash: raw.hash } : {}) };
}

/** Both steps at once (tests, and callers that have the model already). */
export async function loadSaved(kv: KV, now: number, tabId: string): Promise<Loaded> {
  return restoreSaved(kv, await readSaved(kv, now), now, tabId);
}
