// Where rooms live between restarts: one SQLite file (Node's built-in node:sqlite, no native
// build) under the data directory. Every update a room receives is appended, in its own
// transaction, before the server acknowledges it (synchronously, inside the update event), so a
// SIGKILL loses nothing that was acknowledged. Every few seconds the room's whole state is
// written and the updates it already holds are dropped (compaction).
// WAL with synchronous=NORMAL: a committed transaction survives the process being killed (it is
// in the OS's cache); only a power cut can lose the last ones (docs/live.md).
import { mkdirSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { join } from 'node:path';
import { mergeUpdates } from 'yjs';

export const DB_FILE = 'rooms.sqlite';

export class RoomStore {
  readonly file: string;
  private db: DatabaseSync;
  private q: Record<'create' | 'has' | 'append' | 'state' | 'updates' | 'setState' | 'dropUpdates' | 'count' | 'lastSeq', StatementSync>;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.file = join(dataDir, DB_FILE);
    // timeout: two server processes may share the file (one machine, docs/live.md); wait for the other's write.
    this.db = new DatabaseSync(this.file, { timeout: 5000 });
    this.db.exec(`PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, created INTEGER NOT NULL, state BLOB);
      CREATE TABLE IF NOT EXISTS updates (seq INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, data BLOB NOT NULL);
      CREATE INDEX IF NOT EXISTS updates_by_room ON updates (room, seq);`);
    this.q = {
      create: this.db.prepare('INSERT OR IGNORE INTO rooms (id, created) VALUES (?, ?)'),
      has: this.db.prepare('SELECT 1 AS x FROM rooms WHERE id = ?'),
      append: this.db.prepare('INSERT INTO updates (room, data) VALUES (?, ?)'),
      state: this.db.prepare('SELECT state FROM rooms WHERE id = ?'),
      updates: this.db.prepare('SELECT data FROM updates WHERE room = ? ORDER BY seq'),
      lastSeq: this.db.prepare('SELECT MAX(seq) AS seq FROM updates WHERE room = ?'),
      setState: this.db.prepare('INSERT INTO rooms (id, created, state) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state'),
      dropUpdates: this.db.prepare('DELETE FROM updates WHERE room = ? AND seq <= ?'),
      count: this.db.prepare('SELECT COUNT(*) AS n FROM rooms'),
    };
  }

  createRoom(id: string): void {
    this.q.create.run(id, Date.now());
  }

  hasRoom(id: string): boolean {
    return this.q.has.get(id) !== undefined;
  }

  roomCount(): number {
    return Number(this.q.count.get()!.n);
  }

  /** Appends one update (committed when this returns). */
  append(room: string, update: Uint8Array): void {
    this.q.append.run(room, update);
  }

  /** The room's saved state and every update after it, in order (apply all of them). */
  load(room: string): Uint8Array[] {
    const row = this.q.state.get(room);
    const out: Uint8Array[] = [];
    if (row?.state instanceof Uint8Array) out.push(row.state);
    for (const r of this.q.updates.all(room)) if (r.data instanceof Uint8Array) out.push(r.data);
    return out;
  }

  /**
   * Replaces the saved state and the updates appended so far with one state: their union with
   * `state` (the room as this process holds it). A union, not a replacement, because another
   * process sharing the file may have appended updates this one has not received yet.
   */
  compact(room: string, state: Uint8Array): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const last = this.q.lastSeq.get(room)?.seq;
      this.q.setState.run(room, Date.now(), mergeUpdates([...this.load(room), state]));
      if (last !== null && last !== undefined) this.q.dropUpdates.run(room, last);
      this.db.exec('COMMIT');
    } catch (e) {
      this.db.exec('ROLLBACK');
      throw e;
    }
  }

  close(): void {
    this.db.close();
  }
}
