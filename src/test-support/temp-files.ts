// Files for the CLI's tests: a fresh folder under the system's temporary folder per test file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempFolder {
  dir: string;
  /** Writes `text` to `name` in the folder and returns its path. */
  write(name: string, text: string): string;
  /** Writes a design file: the format line, `name: <title>`, then `body` (its `tables:` and the rest). */
  writeDesign(name: string, title: string, body: string): string;
}

/** A new folder `btstudio-<what>-XXXXXX` under the temporary folder. */
export function tempFolder(what: string): TempFolder {
  const dir = mkdtempSync(join(tmpdir(), `btstudio-${what}-`));
  const write = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  return {
    dir,
    write,
    writeDesign: (name, title, body) => write(name, `format: bigtable-studio/v1\nname: ${title}\n${body}`),
  };
}
