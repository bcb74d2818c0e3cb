// lint's "only new findings": the known findings from a baseline file (written by
// --write-baseline) or from the same design file at a git ref (--since), as keys to match.
import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import * as z from 'zod';
import { loadDesign } from '../core/load/load-design';
import { BASELINE_FORMAT, baselineEntry, knownKeys, type Baseline, type BaselineEntry } from '../core/report/baseline';
import { lint, type LintOptions } from '../core/rules/lint';
import { readAtRef } from './git';
import { UserError, writeError } from './io';

/** A design file's name as baselines record it: relative to the working folder, with forward slashes. */
export const baselineName = (file: string): string => relative(process.cwd(), resolve(file)).split(sep).join('/');

const Entry = z.object({ file: z.string(), rule: z.string(), messageId: z.string(), path: z.string(), accepted: z.literal(true).optional() });
const BaselineFile = z.object({ format: z.literal(BASELINE_FORMAT), findings: z.array(Entry).max(1_000_000) });

export async function readBaseline(file: string): Promise<Map<string, number>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(
      `--baseline ${file}: ${code === 'ENOENT' ? 'no such file (write one with btstudio lint --write-baseline FILE)' : (e as Error).message}`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UserError(`--baseline ${file}: not JSON (${(e as Error).message})`);
  }
  const parsed = BaselineFile.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError(
      `--baseline ${file}: ${issue.path.join('.') || '(top)'}: ${issue.message} (a baseline is written by btstudio lint --write-baseline, format ${BASELINE_FORMAT})`,
    );
  }
  return knownKeys(parsed.data.findings);
}

export async function writeBaseline(file: string, entries: BaselineEntry[]): Promise<void> {
  const baseline: Baseline = { format: BASELINE_FORMAT, findings: entries };
  try {
    await writeFile(file, `${JSON.stringify(baseline, null, 2)}\n`);
  } catch (e) {
    throw writeError(file, e);
  }
}

/**
 * The known findings of `file` at `ref`, as keys; a note when there are none to compare with
 * (the file is new at that ref, or was not a valid design there): every finding is then new.
 */
export async function findingsAtRef(file: string, ref: string, options: LintOptions): Promise<{ known: Map<string, number>; note?: string }> {
  const at = await readAtRef(file, ref);
  if (!at.ok) return { known: new Map(), note: `${at.missing}: every finding is new` };
  const loaded = loadDesign(at.text, `${file}@${ref}`);
  if (!loaded.ok) return { known: new Map(), note: `${file} was not a valid design at ${ref}: every finding is new` };
  const name = baselineName(file);
  return { known: knownKeys(lint(loaded.design, options).findings.map((f) => baselineEntry(loaded.design, name, f))) };
}
