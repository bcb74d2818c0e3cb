// Files for the CLI's tests: a fresh folder under the system's temporary folder per test file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempFolder {
  dir: string;
  /** Writes `text` to `name` in the folder and returns its path. */
  write(name: string, text: string): string;
}

/** A new folder `btstudio-<what>-XXXXXX` under the temporary folder. */
export function tempFolder(what: string): TempFolder {
  const dir = mkdtempSync(join(tmpdir(), `btstudio-${what}-`));
  return {
    dir,
    write(name, text) {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
  };
}
