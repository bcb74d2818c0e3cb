// Autosave: every change to the user's designs is written to storage as soon as the current
// write finishes (changes made meanwhile go in the next write). New revision records first,
// then the manifest pointer in one transaction, which also checks that no other tab moved the
// pointer since this tab last read or wrote it (a compare-and-swap). Old revisions are
// deleted last. A design another tab changed is never overwritten: it becomes a conflict the
// user resolves (reload theirs, or keep this tab's version as a copy).
import { hasEdits } from '../commands/history';
import type { Conflict, StudioStore } from '../store';
import type { DesignDoc } from '../studio/contract';
import { docKey, MANIFEST_KEY, readManifest, restoreDoc, STORAGE_VERSION, toRecord, type DocRecord, type Manifest } from './format';
import { isQuotaError, type KV } from './kv';

export interface SyncMessage {
  type: 'saved';
  from: string;
  ids: string[];
}

export interface Channel {
  post(msg: SyncMessage): void;
  listen(fn: (msg: SyncMessage) => void): () => void;
}

export interface SaverOptions {
  tabId: string;
  channel?: Channel | null;
  now?: () => number;
  /**
   * Records written in the same transaction as the manifest (this tab's undo history, for the
   * state the saved designs come from), so a reload right after an edit finds both or neither.
   */
  alongside?: (state: ReturnType<StudioStore['getState']>) => [string, unknown][];
  /** Called after a save that wrote `alongside`'s records. */
  wroteAlongside?: (state: ReturnType<StudioStore['getState']>) => void;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** This tab's order, then designs only the stored manifest knows (made in another tab). */
function mergeOrder(local: readonly string[], stored: readonly string[], docs: Record<string, unknown>): string[] {
  const out = local.filter((id) => id in docs);
  for (const id of stored) if (id in docs && !out.includes(id)) out.push(id);
  for (const id of Object.keys(docs)) if (!out.includes(id)) out.push(id);
  return out;
}

export class Saver {
  /** The revision of each design this tab last read or wrote: what the manifest must still say before we move it. */
  readonly baseRev = new Map<string, string>();
  /** The doc object last written or read per id: a doc whose object differs has changes to save. */
  readonly lastSaved = new Map<string, DesignDoc>();
  private lastOrder: string[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private counter = 0;
  private readonly now: () => number;

  constructor(
    private readonly kv: KV,
    private readonly store: StudioStore,
    private readonly opts: SaverOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Marks what was just read from storage as saved. */
  adopt(docs: DesignDoc[], manifest: Manifest | null): void {
    for (const d of docs) {
      this.lastSaved.set(d.id, d);
      const rev = manifest?.docs[d.id]?.rev;
      if (rev) this.baseRev.set(d.id, rev);
    }
    this.lastOrder = docs.map((d) => d.id);
  }

  /** Whether the docs state differs from what was saved (a save is due). */
  pending(): boolean {
    const s = this.store.getState();
    const saved = s.docOrder.filter((id) => !s.docs[id]?.shared);
    if (!sameList(saved, this.lastOrder)) return true;
    return saved.some((id) => s.docs[id] !== this.lastSaved.get(id) && !s.conflicts[id]);
  }

  /** Saves now, or right after the write in flight; resolves when storage holds the current state. */
  save(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.cycle();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private newRev(): string {
    return `${this.now().toString(36)}-${this.opts.tabId}-${(this.counter++).toString(36)}`;
  }

  private async cycle(): Promise<void> {
    const s = this.store.getState();
    if (s.persist.mode === 'readonly' || s.persist.problem?.kind === 'unavailable') return;
    const order = s.docOrder.filter((id) => !s.docs[id]?.shared);
    const changed = order.map((id) => s.docs[id]!).filter((d) => d !== this.lastSaved.get(d.id) && !s.conflicts[d.id]);
    const removed = [...this.lastSaved.keys()].filter((id) => !s.docs[id] && !s.conflicts[id]);
    if (!changed.length && !removed.length && sameList(order, this.lastOrder)) return;
    if (s.persist.mode !== 'saving') s.setPersist({ mode: 'saving' });

    const revs = new Map(changed.map((d) => [d.id, this.newRev()] as const));
    const records: [string, DocRecord][] = changed.map((d) => [docKey(d.id, revs.get(d.id)!), toRecord(d)]);
    const conflicts: Conflict[] = [];
    const switched: DesignDoc[] = [];
    const stale: string[] = [];
    try {
      await this.kv.setMany(records);
      await this.kv.commit<Manifest>(
        MANIFEST_KEY,
        (raw) => {
          conflicts.length = switched.length = stale.length = 0;
          const m = readManifest(raw) ?? { version: STORAGE_VERSION, order: [], docs: {}, savedAt: 0 };
          if (m.version > STORAGE_VERSION) throw Object.assign(new Error(`saved by a newer studio (format ${m.version})`), { name: 'NewerFormat' });
          const docs = { ...m.docs };
          for (const d of changed) {
            const stored = docs[d.id];
            if (stored?.rev !== this.baseRev.get(d.id)) {
              conflicts.push({ docId: d.id, kind: stored ? 'changed' : 'deleted' });
              stale.push(docKey(d.id, revs.get(d.id)!));
              continue;
            }
            if (stored) stale.push(docKey(d.id, stored.rev));
            docs[d.id] = { rev: revs.get(d.id)!, updatedAt: d.updatedAt, by: this.opts.tabId };
            switched.push(d);
          }
          for (const id of removed) {
            const stored = docs[id];
            if (stored) stale.push(docKey(id, stored.rev));
            delete docs[id];
          }
          return { version: STORAGE_VERSION, order: mergeOrder(order, m.order, docs), docs, savedAt: this.now() };
        },
        () => this.opts.alongside?.(s) ?? [],
      );
    } catch (e) {
      // The manifest still points at the records saved before: nothing saved is lost. Try to
      // drop the records this attempt wrote; a failure here only leaves unreferenced records.
      await this.kv.delMany(records.map(([k]) => k)).catch(() => undefined);
      this.fail(e);
      return;
    }
    for (const d of switched) {
      this.baseRev.set(d.id, revs.get(d.id)!);
      this.lastSaved.set(d.id, d);
    }
    for (const id of removed) {
      this.baseRev.delete(id);
      this.lastSaved.delete(id);
    }
    this.lastOrder = order;
    await this.kv.delMany(stale).catch(() => undefined);
    const ids = [...switched.map((d) => d.id), ...removed];
    if (ids.length) this.opts.channel?.post({ type: 'saved', from: this.opts.tabId, ids });
    this.opts.wroteAlongside?.(s);
    const st = this.store.getState();
    st.setPersist({ mode: 'saved', problem: null });
    for (const c of conflicts) await this.conflict(c);
  }

  private fail(e: unknown): void {
    const s = this.store.getState();
    if ((e as Error | null)?.name === 'NewerFormat') {
      s.setPersist({ mode: 'readonly', problem: { kind: 'newer', message: (e as Error).message } });
    } else if (isQuotaError(e)) {
      s.setPersist({
        mode: 'memory',
        problem: { kind: 'quota', message: 'The browser has no room left for the studio: your latest changes are kept in this tab only.' },
      });
    } else {
      s.setPersist({
        mode: 'memory',
        problem: { kind: 'error', message: `Saving failed (${String((e as Error | null)?.message ?? e)}): your latest changes are kept in this tab only.` },
      });
    }
  }

  /** A design another tab moved: follow it when this tab has not edited it, else ask the user. */
  private async conflict(c: Conflict): Promise<void> {
    const s = this.store.getState();
    if (!hasEdits(s.history, c.docId)) await this.reload(c.docId);
    else s.setConflict(c.docId, c);
  }

  /** Replaces this tab's version of a design with the stored one (or removes it when storage has none). */
  async reload(id: string): Promise<void> {
    const m = readManifest(await this.kv.get(MANIFEST_KEY));
    const entry = m?.docs[id];
    let doc: DesignDoc | null = null;
    if (entry) {
      const rec = await this.kv.get<DocRecord>(docKey(id, entry.rev));
      doc = rec ? restoreDoc(rec) : null;
      if (!doc) return;
      this.baseRev.set(id, entry.rev);
      this.lastSaved.set(id, doc);
    } else {
      this.baseRev.delete(id);
      this.lastSaved.delete(id);
    }
    const s = this.store.getState();
    s.setConflict(id, null);
    if (doc || s.docs[id]) s.replaceExternal({ [id]: doc });
  }

  /** Reads the manifest and follows designs other tabs changed (all, or the named ones). */
  async sync(ids?: readonly string[]): Promise<void> {
    const m = readManifest(await this.kv.get(MANIFEST_KEY));
    if (!m) return;
    const candidates = ids ?? [...new Set([...Object.keys(m.docs), ...this.baseRev.keys()])];
    for (const id of candidates) {
      const stored = m.docs[id]?.rev;
      const base = this.baseRev.get(id);
      if (stored === base) continue;
      if (!stored && base === undefined) continue;
      const s = this.store.getState();
      if (s.conflicts[id]) continue;
      await this.conflict({ docId: id, kind: stored ? 'changed' : 'deleted' });
      const open = this.store.getState().openDesignId === id;
      if (open && !this.store.getState().conflicts[id]) this.store.getState().say('This design was updated from another tab');
    }
  }
}
