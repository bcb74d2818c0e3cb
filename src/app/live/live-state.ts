// What the studio shows of its live rooms, small and always loaded: per design, the room's
// status, mode, links and who else is there. The rooms themselves (Yjs, the provider, IndexedDB)
// are in session.ts, loaded only when the user shares live or opens a live link, which keep this
// up to date. Nothing here is saved.
import { create } from 'zustand';

export type LiveStatus = 'connecting' | 'connected' | 'offline';
export type LiveMode = 'edit' | 'view';

export interface LivePeer {
  clientId: number;
  name: string;
  color: string;
  /** The table and the form path (e.g. `tables[0].families[1]`) they are at, when known. */
  table: string | null;
  field: string | null;
}

export interface LiveRoomState {
  room: string;
  mode: LiveMode;
  status: LiveStatus;
  /** The links of the room, when this tab made it (an edit link can hand out both). */
  links: { edit: string; view: string } | null;
  peers: LivePeer[];
  /** The server's last refusal (a bad link, a limit), shown as is. */
  problem: string | null;
  /** Edits not yet acknowledged by the server (kept in IndexedDB meanwhile). */
  unsynced: number;
}

export const useLive = create<{ rooms: Record<string, LiveRoomState> }>()(() => ({ rooms: {} }));

export function setLiveRoom(docId: string, state: LiveRoomState | null): void {
  useLive.setState((s) => {
    const rooms = { ...s.rooms };
    if (state) rooms[docId] = state;
    else delete rooms[docId];
    return { rooms };
  });
}

export function patchLiveRoom(docId: string, patch: Partial<LiveRoomState>): void {
  const cur = useLive.getState().rooms[docId];
  if (cur) setLiveRoom(docId, { ...cur, ...patch });
}

/** Undo and redo of one person's own changes in a room; each says whether it did anything. */
export interface LiveHistory {
  undo(): boolean;
  redo(): boolean;
}

const histories = new Map<string, LiveHistory>();

export function setLiveHistory(docId: string, h: LiveHistory | null): void {
  if (h) histories.set(docId, h);
  else histories.delete(docId);
}

export const liveHistory = (docId: string): LiveHistory | undefined => histories.get(docId);

/** Typing in the code view not yet handed to the store, per design (the room merges it before a remote change lands). */
const pendingTyping = new Map<string, () => string | null>();
export function setPendingTyping(docId: string, read: (() => string | null) | null): void {
  if (read) pendingTyping.set(docId, read);
  else pendingTyping.delete(docId);
}
export const readPendingTyping = (docId: string): string | null => pendingTyping.get(docId)?.() ?? null;
