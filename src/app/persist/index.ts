// Wires the store to storage: reads what was saved (then the app starts routing), saves every
// change, keeps this tab's undo history for reloads, listens for other tabs (BroadcastChannel,
// and the manifest's revisions when the tab regains focus), and resolves conflicts.
import type { StudioStore } from '../store';
import { LAST_VIEW_KEY, readSession, SESSIONS_KEY, sessionKey, sessionRecord } from './format';
import { idbKV, isQuotaError, type KV } from './kv';
import { loadModel, untilLoaded, type Pause } from '../model';
import { readSaved, restoreSaved, savedNames, type RawSaved } from './read-saved';
import { Saver, type Channel, type SyncMessage } from './saver';

const SESSION_DELAY_MS = 400;
const SESSION_MAX_AGE_MS = 3 * 86_400_000;

export interface PersistHandle {
  /** Where the user last was (a hash), saved by any tab; null when unknown. */
  lastView: string | null;
  /** Resolves when the designs and history are in storage (or storage failed). */
  flush(): Promise<void>;
  /** Conflict resolution: take the other tab's version, or keep this tab's as a new design (returns its id). */
  resolve(id: string, how: 'reload' | 'fork'): Promise<string | null>;
  stop(): void;
}

export interface PersistOptions {
  kv?: KV | null;
  channel?: Channel | null;
  win?: Window | null;
  tabId?: string;
  sessionId?: string;
  now?: () => number;
  /**
   * Called once storage has been read (and the address set to where a fresh tab reopens), before
   * the design model is asked for: the first screen can show the saved designs' names and paint
   * first. Resolves when the model may be fetched. Default: at once.
   */
  beforeModel?: (names: { id: string; name: string }[]) => Promise<void>;
  /** For tests: the design model's fetch (default: model.ts's loadModel) and the pause between tries. */
  loadModel?: () => Promise<unknown>;
  pause?: Pause;
}

const randomId = () => globalThis.crypto.randomUUID().slice(0, 8);

export function broadcastChannel(name = 'bigtable-schema-studio'): Channel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const bc = new BroadcastChannel(name);
  return {
    post: (msg) => bc.postMessage(msg),
    listen: (fn) => {
      const h = (e: MessageEvent<SyncMessage>) => fn(e.data);
      bc.addEventListener('message', h);
      return () => bc.removeEventListener('message', h);
    },
  };
}

/**
 * This tab's session id (its undo history's key): kept in sessionStorage, so it survives
 * reloads but not a new tab. A duplicated tab copies sessionStorage, and with it the id; two
 * live tabs writing one history would each restore the other's on reload. So the id is held
 * with a Web Lock for the life of the page: when another live tab holds it, this tab starts
 * its own session, beginning from a copy of that history (as a duplicated tab should).
 * Returns the id to write under and the id to read the history from.
 */
async function claimSession(win: Window | null): Promise<{ sid: string; readFrom: string }> {
  let ss: Storage | undefined;
  try {
    ss = win?.sessionStorage;
  } catch {
    ss = undefined; // storage blocked: a new id every load
  }
  const stored = (() => {
    try {
      return ss?.getItem(SESSION_ITEM) ?? null;
    } catch {
      return null;
    }
  })();
  if (stored && (await holdSession(win, stored, SESSION_LOCK_WAIT_MS))) return { sid: stored, readFrom: stored };
  const sid = randomId();
  try {
    ss?.setItem(SESSION_ITEM, sid);
  } catch {
    // not kept across reloads; the history is still saved under this id
  }
  void holdSession(win, sid, SESSION_LOCK_WAIT_MS);
  return { sid, readFrom: stored ?? sid };
}

const SESSION_ITEM = 'btstudio.session';
/** How long a reloading tab waits for its previous page to let go of the session's lock. */
const SESSION_LOCK_WAIT_MS = 500;

/** Takes the session's lock and keeps it until the page goes; false if another tab holds it. */
function holdSession(win: Window | null, sid: string, waitMs: number): Promise<boolean> {
  const locks = win?.navigator?.locks;
  if (!locks) return Promise.resolve(true); // no Web Locks: behave as before (the id is kept)
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(waitMs);
    locks
      .request(`btstudio.session.${sid}`, { signal }, () => {
        resolve(true);
        return new Promise<never>(() => undefined); // held until the page is gone
      })
      .catch(() => resolve(false));
  });
}

const noop: PersistHandle = { lastView: null, flush: async () => undefined, resolve: async () => null, stop: () => undefined };

export async function startPersistence(store: StudioStore, options: PersistOptions = {}): Promise<PersistHandle> {
  const win = options.win === undefined ? (typeof window === 'undefined' ? null : window) : options.win;
  const now = options.now ?? Date.now;
  const tabId = options.tabId ?? randomId();
  const { sid, readFrom } = options.sessionId ? { sid: options.sessionId, readFrom: options.sessionId } : await claimSession(win);
  const kv = options.kv === undefined ? idbKV() : options.kv;
  const s = store.getState();
  // Docs are only hydrated validated: the design model first (after the first screen's paint).
  // A failed fetch of it is said, and tried again until it loads; nothing is hydrated, written
  // or changed meanwhile.
  let modelAsked: Promise<unknown> | null = null;
  const modelFailed = (e: unknown) =>
    store.getState().setPersist({
      problem: {
        kind: 'error',
        message: `The studio could not load its design checks (${String((e as Error | null)?.message ?? e).slice(0, 80)}): trying again; your saved designs are untouched.`,
      },
    });
  const withModel = (names: { id: string; name: string }[]) =>
    (modelAsked ??= (async () => {
      await options.beforeModel?.(names);
      let failed = false;
      await untilLoaded(
        options.loadModel ?? loadModel,
        (e) => {
          failed = true;
          modelFailed(e);
        },
        options.pause,
      );
      if (failed) store.getState().setPersist({ problem: null });
    })());
  const unavailable = async (why: string) => {
    await withModel([]);
    store.getState().hydrate({ docs: [], order: [] });
    store.getState().setPersist({
      mode: 'memory',
      problem: {
        kind: 'unavailable',
        message: `This browser does not let the studio save (${why}): your designs are kept in this tab only, until it closes.`,
      },
    });
    return noop;
  };
  if (!kv) return unavailable('no IndexedDB');

  let sessionTimer: ReturnType<typeof setTimeout> | null = null;
  let raw: RawSaved;
  let session: ReturnType<typeof readSession> = null;
  let savedView: unknown;
  try {
    raw = await readSaved(kv, now());
    session = readSession(await kv.get(sessionKey(readFrom)));
    savedView = (await kv.get<{ hash?: unknown }>(LAST_VIEW_KEY).catch(() => undefined))?.hash ?? (raw.kind === 'legacy' ? raw.hash : undefined);
  } catch (e) {
    return unavailable(isQuotaError(e) ? 'storage is full' : 'storage cannot be opened');
  }
  // A fresh tab with no address reopens where the user last was.
  const lastView = typeof savedView === 'string' && savedView.startsWith('#/') && savedView !== '#/' ? savedView : null;
  if (win && lastView && (win.location.hash === '' || win.location.hash === '#')) win.history.replaceState(null, '', lastView);

  await withModel(savedNames(raw));
  let loaded;
  try {
    loaded = await restoreSaved(kv, raw, now(), tabId);
  } catch (e) {
    return unavailable(isQuotaError(e) ? 'storage is full' : 'storage cannot be opened');
  }
  s.hydrate({ docs: loaded.docs, order: loaded.order, ...(session ? { history: session.history } : {}) });
  const channel = options.channel === undefined ? broadcastChannel() : options.channel;
  // The undo history goes with every save of the designs, in the manifest's transaction: a
  // reload right after an edit finds the edit and its undo step together.
  const saver = new Saver(kv, store, {
    tabId,
    channel,
    now,
    alongside: (st) => [[sessionKey(sid), sessionRecord(win?.location.hash ?? '', st.history, now())]],
    wroteAlongside: (st) => {
      if (!sessionTimer && store.getState().history === st.history) store.getState().setPersist({ historyPending: false });
    },
  });
  saver.adopt(loaded.docs, loaded.manifest);
  if (loaded.newer)
    s.setPersist({
      mode: 'readonly',
      problem: { kind: 'newer', message: `Your saved designs were ${loaded.newer}; this version will not change them. Edits here are kept in this tab only.` },
    });
  else if (loaded.unreadable.length)
    s.setPersist({
      mode: 'saved',
      problem: { kind: 'error', message: `Some saved designs could not be read and were left untouched: ${loaded.unreadable.join(', ')}.` },
    });
  else s.setPersist({ mode: 'saved' });

  const saveSession = async () => {
    sessionTimer = null;
    const st = store.getState();
    if (st.persist.mode === 'readonly' || st.persist.problem?.kind === 'unavailable') {
      st.setPersist({ historyPending: false }); // nothing will be written: nothing to wait for
      return;
    }
    const hash = win?.location.hash ?? '';
    // Only studio routes are "where the user was" (not a share link, which is not saved).
    const view: [string, unknown][] = hash.startsWith('#/') ? [[LAST_VIEW_KEY, { hash, at: now() }]] : [];
    const history = st.history;
    try {
      await kv.setMany([[sessionKey(sid), sessionRecord(hash, history, now())], ...view]);
      await kv.update<Record<string, number>>(SESSIONS_KEY, (idx) => ({ ...(idx ?? {}), [sid]: now() }));
      if (!st.persist.historySaved) st.setPersist({ historySaved: true });
      // Written what is current: nothing pending (a newer change has scheduled its own save).
      if (!sessionTimer && store.getState().history === history) store.getState().setPersist({ historyPending: false });
    } catch {
      store.getState().setPersist({ historyPending: false });
      if (st.persist.historySaved) store.getState().setPersist({ historySaved: false });
    }
  };
  const scheduleSession = () => {
    if (!store.getState().persist.historyPending) store.getState().setPersist({ historyPending: true });
    if (!sessionTimer) sessionTimer = setTimeout(() => void saveSession(), SESSION_DELAY_MS);
  };
  let queued = false;
  const scheduleSave = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      void saver.save();
    });
  };

  const unsubscribe = store.subscribe((st, prev) => {
    if (st.docs !== prev.docs || st.docOrder !== prev.docOrder || st.conflicts !== prev.conflicts) scheduleSave();
    if (st.history !== prev.history || st.openDesignId !== prev.openDesignId || st.selectedTable !== prev.selectedTable || st.designTab !== prev.designTab)
      scheduleSession();
  });
  const stopListening = channel?.listen((msg) => {
    if (msg.type === 'saved' && msg.from !== tabId) void saver.sync(msg.ids);
  });
  const onFocus = () => void saver.sync();
  const onVisible = () => {
    if (win?.document.visibilityState === 'visible') void saver.sync();
    else void flush();
  };
  const flush = async () => {
    await saver.save();
    if (sessionTimer) clearTimeout(sessionTimer);
    await saveSession();
  };
  win?.addEventListener('focus', onFocus);
  win?.document.addEventListener('visibilitychange', onVisible);
  const onHide = () => void flush();
  win?.addEventListener('pagehide', onHide);
  void pruneSessions(kv, sid, now());
  if (saver.pending()) scheduleSave();

  return {
    lastView,
    flush,
    resolve: async (id, how) => {
      const copy = how === 'fork' && store.getState().docs[id] ? store.getState().forkDoc(id) : null;
      if (how === 'fork' && !store.getState().docs[id]) store.getState().setConflict(id, null);
      else await saver.reload(id);
      return copy;
    },
    stop: () => {
      unsubscribe();
      stopListening?.();
      win?.removeEventListener('focus', onFocus);
      win?.removeEventListener('pagehide', onHide);
      win?.document.removeEventListener('visibilitychange', onVisible);
    },
  };
}

async function pruneSessions(kv: KV, current: string, now: number): Promise<void> {
  try {
    const idx = (await kv.get<Record<string, number>>(SESSIONS_KEY)) ?? {};
    const old = Object.entries(idx)
      .filter(([sid, at]) => sid !== current && now - at > SESSION_MAX_AGE_MS)
      .map(([sid]) => sid);
    if (!old.length) return;
    await kv.delMany(old.map(sessionKey));
    await kv.update<Record<string, number>>(SESSIONS_KEY, (cur) => Object.fromEntries(Object.entries(cur ?? {}).filter(([sid]) => !old.includes(sid))));
  } catch {
    // Pruning is housekeeping; the next start tries again.
  }
}
