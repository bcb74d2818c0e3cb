// A live room in the studio: a Y.Doc holding the design's YAML, kept in IndexedDB (y-indexeddb)
// so edits made while disconnected survive a reload and merge on reconnect, and a Hocuspocus
// provider that connects to the server that serves the page, reconnects by itself, and carries
// presence (awareness). Loaded only when the user shares live or opens a live link: until then
// no request leaves the page.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { blankDesign } from '../documents/docs';
import { useStudio } from '../store';
import { bindDoc, type DocBinding } from './binding';
import { type LiveLink, liveHref, liveRoomsUrl, liveSocketUrl } from './link';
import { patchLiveRoom, setLiveHistory, setLiveRoom, useLive, type LivePeer } from './live-state';

const COLORS = ['#1a73e8', '#d93025', '#188038', '#e37400', '#9334e6', '#007b83', '#b06000', '#c5221f'];
const NAME_KEY = 'btstudio-live-name';

/** The name others see: the one this browser was given, else a guest name. */
export function myName(): string {
  try {
    const saved = localStorage.getItem(NAME_KEY);
    if (saved) return saved;
  } catch {
    // storage refused: a guest name for this page
  }
  return `Guest ${Math.floor(100 + Math.random() * 900)}`;
}

interface Session {
  docId: string;
  link: LiveLink;
  ydoc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  idb: IndexeddbPersistence;
  binding: DocBinding | null;
  stop: (() => void)[];
}

const sessions = new Map<string, Session>();
const pageUrl = () => window.location.href;

/** Makes a room on the server that serves this page, from the open design; returns its links. */
export async function shareLive(docId: string): Promise<{ edit: string; view: string }> {
  const existing = sessions.get(docId);
  const links = existing && useLive.getState().rooms[docId]?.links;
  if (links) return links;
  let res: Response;
  try {
    res = await fetch(liveRoomsUrl(pageUrl()), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  } catch {
    throw new Error('No collaboration server answered. Live rooms need the studio served by "npm start" or "btstudio serve" (docs/live.md).');
  }
  if (res.status === 404 || res.status === 405)
    throw new Error(
      'This address serves the studio without a collaboration server. Serve it with "npm start" or "btstudio serve" to share live (docs/live.md).',
    );
  const body = (await res.json().catch(() => ({}))) as { room?: string; edit?: string; view?: string; error?: string };
  if (!res.ok || !body.room || !body.edit || !body.view) throw new Error(body.error ?? `The collaboration server refused to make a room (HTTP ${res.status}).`);
  const made = { edit: liveHref(pageUrl(), body.room, body.edit), view: liveHref(pageUrl(), body.room, body.view) };
  start(docId, { room: body.room, token: body.edit, mode: 'edit' }, made);
  return made;
}

/** Opens a live link: the room as a shared design (in memory; the room keeps it); returns the doc's id. */
export async function joinLive(link: LiveLink): Promise<string> {
  for (const s of sessions.values()) if (s.link.room === link.room && useStudio.getState().docs[s.docId]) return s.docId;
  const docId = useStudio.getState().openShared(blankDesign('Live design'));
  const s = start(docId, link, null);
  // The room's text from this browser's copy (offline) or the server, whichever comes first.
  await new Promise<void>((resolve) => {
    const text = s.ydoc.getText('design');
    if (text.length > 0) return resolve();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      text.unobserve(check);
      s.provider.off('synced', check);
      s.provider.off('authenticationFailed', finish);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (text.length > 0 || s.provider.isSynced) finish();
    };
    text.observe(check);
    s.provider.on('synced', check);
    s.provider.on('authenticationFailed', finish);
    const timer = setTimeout(finish, 15_000);
  });
  return docId;
}

/** Leaves a room: the design stays as it is now, no longer live. */
export function leaveLive(docId: string): void {
  const s = sessions.get(docId);
  if (!s) return;
  sessions.delete(docId);
  for (const f of s.stop) f();
  s.binding?.dispose();
  s.provider.destroy();
  s.socket.destroy();
  void s.idb.destroy();
  setLiveHistory(docId, null);
  setLiveRoom(docId, null);
}

export function setMyName(name: string): void {
  const clean = name.replace(/\s+/g, ' ').trim().slice(0, 40);
  if (!clean) return;
  try {
    localStorage.setItem(NAME_KEY, clean);
  } catch {
    // kept for this page only
  }
  for (const s of sessions.values()) s.provider.awareness?.setLocalStateField('user', { ...(s.provider.awareness.getLocalState()?.user ?? {}), name: clean });
}

function peersOf(s: Session): LivePeer[] {
  const awareness = s.provider.awareness;
  if (!awareness) return [];
  const out: LivePeer[] = [];
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
    const at = (state as { at?: { table?: unknown; field?: unknown } }).at;
    if (!user || typeof user.name !== 'string') continue;
    out.push({
      clientId,
      name: user.name.slice(0, 40),
      color: typeof user.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#5f6368',
      table: typeof at?.table === 'string' ? at.table.slice(0, 100) : null,
      field: typeof at?.field === 'string' ? at.field.slice(0, 200) : null,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
}

function start(docId: string, link: LiveLink, links: { edit: string; view: string } | null): Session {
  const ydoc = new Y.Doc();
  const idb = new IndexeddbPersistence(`btstudio-live-${link.room}`, ydoc);
  const socket = new HocuspocusProviderWebsocket({ url: liveSocketUrl(pageUrl()), delay: 500, minDelay: 500, maxDelay: 4000, factor: 1.5 });
  let readOnly = link.mode === 'view';
  setLiveRoom(docId, { room: link.room, mode: link.mode, status: 'connecting', links, peers: [], problem: null, unsynced: 0 });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: link.room,
    document: ydoc,
    token: link.token,
    onAuthenticated: ({ scope }) => {
      readOnly = scope === 'readonly';
      patchLiveRoom(docId, { mode: readOnly ? 'view' : 'edit', problem: null });
    },
    onAuthenticationFailed: ({ reason }) => {
      patchLiveRoom(docId, { problem: `The server refused this link: ${reason}`, status: 'offline' });
      socket.disconnect(); // a refused link stays refused; no retries
    },
    onClose: ({ event }) => {
      if (event.reason && !/provider_initiated/.test(event.reason)) patchLiveRoom(docId, { problem: `The server closed the connection: ${event.reason}` });
    },
    onStatus: ({ status }) => patchLiveRoom(docId, { status: status === 'connected' ? 'connected' : status === 'connecting' ? 'connecting' : 'offline' }),
    onUnsyncedChanges: ({ number }) => patchLiveRoom(docId, { unsynced: number }),
    onAwarenessChange: () => patchLiveRoom(docId, { peers: peersOf(s) }),
  });
  provider.attach();
  const s: Session = { docId, link, ydoc, provider, socket, idb, binding: null, stop: [] };
  sessions.set(docId, s);

  const me = myName();
  provider.awareness?.setLocalStateField('user', { name: me, color: COLORS[ydoc.clientID % COLORS.length] });
  const where = () => {
    const st = useStudio.getState();
    const active = document.activeElement?.closest?.('[data-path]')?.getAttribute('data-path') ?? null;
    const here = st.openDesignId === docId;
    const table = here ? (st.selectedTable ?? st.docs[docId]?.design.tables[0]?.name ?? null) : null;
    const prev = provider.awareness?.getLocalState()?.at as { table?: string | null; field?: string | null } | undefined;
    const field = here ? active : null;
    if (prev?.table !== table || prev?.field !== field) provider.awareness?.setLocalStateField('at', { table, field });
  };
  document.addEventListener('focusin', where);
  const unsub = useStudio.subscribe((st, prev) => {
    if (st.selectedTable !== prev.selectedTable || st.openDesignId !== prev.openDesignId) where();
  });
  s.stop.push(() => document.removeEventListener('focusin', where), unsub);
  where();

  // Bind once this browser's copy is read: its offline edits are part of the room.
  const bind = () => {
    if (s.binding || !sessions.has(docId)) return;
    s.binding = bindDoc(useStudio, docId, ydoc.getText('design'), {
      share: links !== null,
      readOnly: () => readOnly,
      onRefused: () => useStudio.getState().say('This is a view link: changes are not sent to the room.'),
    });
    const um = s.binding.undoManager;
    setLiveHistory(docId, { undo: () => um.undo() !== null, redo: () => um.redo() !== null });
  };
  // Sharing puts the doc into the new, empty room; joining takes the room's text (from this
  // browser's copy or the server) when it comes.
  bind();

  // The browser says when the network goes: show it and stop trying; reconnect when it is back.
  // The bar says so at once: a socket closed while offline may report its close many seconds
  // later (Chromium, seen in e2e), and the bar would say Live meanwhile.
  const offline = () => {
    socket.disconnect();
    patchLiveRoom(docId, { status: 'offline' });
  };
  const online = () => void socket.connect();
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  s.stop.push(
    () => window.removeEventListener('offline', offline),
    () => window.removeEventListener('online', online),
  );
  return s;
}
