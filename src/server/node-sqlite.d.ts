// The part of Node's built-in SQLite (node:sqlite, Node 22.13+) the room store uses; the
// project's @types/node predates it.
declare module 'node:sqlite' {
  type SqlValue = null | number | bigint | string | Uint8Array;
  export class StatementSync {
    run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
    get(...params: SqlValue[]): Record<string, SqlValue> | undefined;
    all(...params: SqlValue[]): Record<string, SqlValue>[];
  }
  export class DatabaseSync {
    constructor(path: string, options?: { open?: boolean; timeout?: number });
    exec(sql: string): void;
    prepare(sql: string): StatementSync;
    close(): void;
  }
}
