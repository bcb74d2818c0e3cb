// For tests (Node only; neither the core nor the app imports it): the example designs of
// examples/, loaded once. A file that does not load fails the test that asked, with its issues.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIssue, loadDesign } from '../core/load/load-design';
import type { Design } from '../core/model/schema';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../examples/', import.meta.url));

/** The example files' names (`chat-messages.yaml`, ...), sorted. */
export function exampleFiles(): string[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}

/** Every example, loaded, with its file name. */
export function exampleDesigns(): { file: string; design: Design }[] {
  return exampleFiles().map((file) => {
    const r = loadDesign(readFileSync(join(EXAMPLES_DIR, file), 'utf8'), file);
    if (!r.ok) throw new Error(`${file} does not load:\n${r.issues.map(formatIssue).join('\n')}`);
    return { file, design: r.design };
  });
}
