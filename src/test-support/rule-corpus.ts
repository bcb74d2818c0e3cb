// The rule corpus (src/core/rules/corpus/good and bad: realistic designs that corpus.test.ts
// lints end to end) for the tests that run other checks over the same designs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Design } from '../core/model/schema';
import { parseCase } from '../core/rules/tester';

const CORPUS_DIR = fileURLToPath(new URL('../core/rules/corpus/', import.meta.url));

/** Every corpus file's text, the good ones then the bad, each in name order; `name` is `good/<file>.yaml`. */
export function corpusTexts(): { name: string; text: string }[] {
  return ['good', 'bad'].flatMap((kind) =>
    readdirSync(join(CORPUS_DIR, kind))
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => ({ name: `${kind}/${f}`, text: readFileSync(join(CORPUS_DIR, kind, f), 'utf8') })),
  );
}

/** Every corpus design, loaded (a file that does not load fails the test that asked); `file` is `corpus/good/<file>.yaml`. */
export function corpusDesigns(): { file: string; design: Design }[] {
  return corpusTexts().map((c) => ({ file: `corpus/${c.name}`, design: parseCase(c.text) }));
}
