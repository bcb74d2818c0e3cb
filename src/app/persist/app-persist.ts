// The app's persistence handle: started once by main.tsx, used by the conflict banner.
import { useStudio } from '../store';
import { startPersistence, type PersistHandle, type PersistOptions } from './index';

let handle: PersistHandle | null = null;

export async function startAppPersistence(options: PersistOptions = {}): Promise<void> {
  handle = await startPersistence(useStudio, options);
}

export function resolveConflict(id: string, how: 'reload' | 'fork'): Promise<string | null> {
  return handle ? handle.resolve(id, how) : Promise.resolve(null);
}

/** For tests and the e2e suite: resolves when everything is in storage. */
export function flushPersistence(): Promise<void> {
  return handle ? handle.flush() : Promise.resolve();
}

/** Where the user last was (a hash such as `#/design/chat`), or null. */
export function lastViewHash(): string | null {
  return handle?.lastView ?? null;
}
