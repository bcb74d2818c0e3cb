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

export async function loadSaved(kv: KV, now: number, tabId: string): Promise<Loaded> {
  const raw = await kv.get<unknown>(MANIFEST_KEY);
  const manifest = raw === undefined ? null : readManifest(raw);
  if (raw !== undefined && !manifest) {
    return { docs: [], order: [], manifest: null, newer: null, migratedFrom: null, unreadable: ['(the list of saved designs)'] };
  }
  if (manifest) {
    const ids = Object.keys(manifest.docs);
    const recs = await kv.getMany<DocRecord>(ids.map((id) => docKey(id, manifest.docs[id]!.rev)));
    const docs: DesignDoc[] = [];
    const unreadable: string[] = [];
    recs.forEach((rec, i) => {
      const doc = rec && typeof rec === 'object' ? restoreDoc({ ...rec, id: ids[i]! }) : null;
      if (doc) docs.push(doc);
      else unreadable.push(ids[i]!);
    });
    const newer = manifest.version > STORAGE_VERSION ? `saved by a newer studio (format ${manifest.version})` : null;
    return { docs, order: manifest.order, manifest, newer, migratedFrom: null, unreadable };
  }

  const legacy = await kv.get<unknown>(LEGACY_KEY);
  if (legacy === undefined) return { docs: [], order: [], manifest: null, newer: null, migratedFrom: null, unreadable: [] };
  const mig = migrateLegacy(legacy, now);
  if (!mig.ok) {
    return { docs: [], order: [], manifest: null, newer: mig.reason === 'newer' ? mig.message : null, migratedFrom: null, unreadable: mig.reason === 'newer' ? [] : ['(saved designs of an older studio)'] };
  }
  const docs: DesignDoc[] = [];
  const unreadable: string[] = [];
  for (const d of mig.value.docs) {
    const doc = restoreDoc(d);
    if (doc) docs.push(doc);
    else unreadable.push(d.id);
  }
  // Write the current format, records before the manifest; keep the old record until both landed.
  const rev = `${now.toString(36)}-${tabId}-m`;
  const next: Manifest = { version: STORAGE_VERSION, order: mig.value.order.filter((id) => docs.some((d) => d.id === id)), docs: {}, savedAt: now };
  for (const d of docs) next.docs[d.id] = { rev, updatedAt: d.updatedAt, by: tabId };
  await kv.setMany(docs.map((d) => [docKey(d.id, rev), toRecord(d)]));
  await kv.setMany([[MANIFEST_KEY, next]]);
  if (unreadable.length === 0) await kv.delMany([LEGACY_KEY]);
  return { docs, order: next.order, manifest: next, newer: null, migratedFrom: mig.from, unreadable, ...(mig.value.hash ? { hash: mig.value.hash } : {}) };
}
