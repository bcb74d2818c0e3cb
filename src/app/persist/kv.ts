// The key-value storage the studio saves into: IndexedDB through idb-keyval in the browser, a
// Map in tests. `update` reads and writes one key in one transaction (a compare-and-swap across
// tabs); `setMany` and `delMany` are each one transaction; `commit` is an `update` that also
// writes other records in the same transaction (the manifest and the undo history together).
import { createStore, delMany, get, getMany, keys, promisifyRequest, setMany, update, type UseStore } from 'idb-keyval';

export interface KV {
  get<T>(key: string): Promise<T | undefined>;
  getMany<T>(keys: string[]): Promise<(T | undefined)[]>;
  setMany(entries: [string, unknown][]): Promise<void>;
  update<T>(key: string, fn: (old: T | undefined) => T): Promise<void>;
  /** `update(key, fn)` and `setMany(extra())` in one transaction: both are stored, or neither. */
  commit<T>(key: string, fn: (old: T | undefined) => T, extra: () => [string, unknown][]): Promise<void>;
  delMany(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
}

export const DB_NAME = 'bigtable-schema-studio';

/** IndexedDB, or null when this browser offers none (some private modes). */
export function idbKV(): KV | null {
  if (typeof indexedDB === 'undefined' || indexedDB === null) return null;
  let store: UseStore;
  try {
    store = createStore(DB_NAME, 'kv');
  } catch {
    return null;
  }
  return {
    get: (k) => get(k, store),
    getMany: (ks) => getMany(ks, store),
    setMany: (entries) => setMany(entries, store),
    update: (k, fn) => update(k, fn, store),
    commit: (k, fn, extra) =>
      store('readwrite', (os) => {
        const tx = os.transaction;
        const done = promisifyRequest(tx);
        let thrown: unknown = null;
        const read = os.get(k);
        read.onsuccess = () => {
          try {
            os.put(fn(read.result), k);
            for (const [ek, v] of extra()) os.put(v, ek);
          } catch (e) {
            // The updater refused (a newer format), or the transaction was already aborted.
            thrown = e;
            try {
              tx.abort();
            } catch {
              // already aborted
            }
          }
        };
        // What aborted the transaction (a full disk) first, else what the updater threw.
        return (done as Promise<unknown>).then(
          () => undefined,
          (err: unknown) => {
            throw tx.error ?? thrown ?? err;
          },
        );
      }),
    delMany: (ks) => delMany(ks, store),
    keys: async () => (await keys(store)).map(String),
  };
}

export interface MemoryKV extends KV {
  data: Map<string, unknown>;
  /** Makes the next writes fail with this error (a full disk), until set back to null. */
  failWrites: Error | null;
}

/** An in-memory KV with the same copy semantics as IndexedDB (values are structured-cloned). */
export function memoryKV(initial: Record<string, unknown> = {}): MemoryKV {
  const data = new Map<string, unknown>(Object.entries(initial).map(([k, v]) => [k, structuredClone(v)]));
  const kv: MemoryKV = {
    data,
    failWrites: null,
    get: async <T>(k: string) => structuredClone(data.get(k)) as T | undefined,
    getMany: async <T>(ks: string[]) => ks.map((k) => structuredClone(data.get(k)) as T | undefined),
    setMany: async (entries) => {
      if (kv.failWrites) throw kv.failWrites;
      for (const [k, v] of entries) data.set(k, structuredClone(v));
    },
    update: async <T>(k: string, fn: (old: T | undefined) => T) => {
      if (kv.failWrites) throw kv.failWrites;
      data.set(k, structuredClone(fn(structuredClone(data.get(k)) as T | undefined)));
    },
    commit: async <T>(k: string, fn: (old: T | undefined) => T, extra: () => [string, unknown][]) => {
      if (kv.failWrites) throw kv.failWrites;
      const value = structuredClone(fn(structuredClone(data.get(k)) as T | undefined));
      const more = extra().map(([ek, v]) => [ek, structuredClone(v)] as const);
      data.set(k, value);
      for (const [ek, v] of more) data.set(ek, v);
    },
    delMany: async (ks) => {
      if (kv.failWrites) throw kv.failWrites;
      for (const k of ks) data.delete(k);
    },
    keys: async () => [...data.keys()],
  };
  return kv;
}

/** A quota error as browsers raise it, for tests and for classifying failures. */
export function quotaError(): Error {
  return typeof DOMException === 'function'
    ? new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    : Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
}

export function isQuotaError(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || /quota/i.test(String((e as Error | null)?.message ?? ''));
}
