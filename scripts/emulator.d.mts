// Types for scripts/emulator.mjs (kept as plain JS so Node runs it without a TS loader).

export interface RunningEmulator {
  /** `127.0.0.1:PORT`, the value for BIGTABLE_EMULATOR_HOST. */
  host: string;
  port: number;
  pid: number | undefined;
  /** SIGTERM, then SIGKILL after 3 s; resolves once the process is gone. Safe to call twice. */
  stop(): Promise<void>;
  /** Resolves when the emulator process ends, for whatever reason. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>;
}

export function startEmulator(options?: { port?: number }): Promise<RunningEmulator>;
export function locateEmulator(): Promise<string>;
export function freePort(): Promise<number>;
