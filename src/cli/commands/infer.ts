// btstudio infer KEYS.txt: a design whose key template explains the sampled keys (docs/infer.md).
import { readFile } from 'node:fs/promises';
import { exportDesign } from '../../core/export/design';
import { InferError, inferFromText, type InferResult } from '../../core/infer';
import { intFlag, parseFlags, readStdin, terminalSafe, UserError, write, type Io } from '../io';

export const usage = `usage: btstudio infer [KEYS.txt] [--format yaml|json] [--table NAME] [--sample N]

Reads row keys, one a line (\\xNN for any byte, \\\\ for a backslash, as "btstudio sort
--escaped" reads them), from KEYS.txt or standard input ("-" or nothing), and prints a design
whose key template explains them: the delimiter (or ordered-code / fixed-width layout), each
field's type and options, its cardinality and distribution, a salt checked against the FNV-1a
rule. Types are inferred from N keys spread over the input (default 20000); every key is then
checked against the template, and the ones that do not fit are listed with their line numbers
on standard error (YAML) or in the "misfits" of the JSON. --format json prints
{"design", "report"}. Exit 0, or 1 when more than 1% of the keys do not fit.`;

const MAX_INPUT = 1024 * 1024 * 1024;

async function input(file: string | undefined, io: Io): Promise<{ name: string; bytes: Uint8Array }> {
  if (file === undefined || file === '-') {
    return { name: 'stdin', bytes: await readStdin(io.stdin, MAX_INPUT, 'stdin: more than 1 GB of keys; give a sample (btstudio pull samples a table)') };
  }
  try {
    return { name: file, bytes: await readFile(file) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`${file}: no such file`);
    if (code === 'EISDIR') throw new UserError(`${file}: is a directory, not a file of keys`);
    if (code === 'EACCES') throw new UserError(`${file}: permission denied`);
    throw new UserError(`${file}: cannot read (${(e as Error).message})`);
  }
}

/** The report beside the design: what was inferred, how sure, and what did not fit. */
export function reportOf(r: InferResult) {
  return {
    keys: r.keys,
    sampled: r.sampled,
    fitted: r.fitted,
    misfitCount: r.misfitCount,
    encoding: r.encoding,
    delimiter: r.delimiter,
    template: r.table.rowKey.template,
    fields: r.fields,
    notes: r.notes,
    misfits: r.misfits,
  };
}

/** Summary lines as YAML comments over the design. */
export function summaryComment(r: InferResult, source: string): string {
  const lines = [
    `Inferred by btstudio from ${r.keys} keys in ${source} (${r.sampled} sampled): ${r.fitted} fit the template, ${r.misfitCount} do not.`,
    ...r.fields.map((f) => `${f.name}: ${f.type}, confidence ${f.confidence}: ${f.note}`),
    ...r.notes,
  ];
  return lines.map((l) => `# ${terminalSafe(l)}`).join('\n') + '\n';
}

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    format: { type: 'string' },
    table: { type: 'string', short: 't' },
    sample: { type: 'string' },
  });
  if (positionals.length > 1) throw new UserError(`takes one file of keys, got ${positionals.length}`);
  const format = values.format ?? 'yaml';
  if (format !== 'yaml' && format !== 'json') throw new UserError(`--format must be yaml or json (got "${format}")`);
  const sample = intFlag(values.sample, '--sample', 20_000, 10, 1_000_000);
  const { name, bytes } = await input(positionals[0], io);
  let r: InferResult;
  try {
    r = inferFromText(bytes, { sample, ...(values.table ? { table: values.table } : {}) });
  } catch (e) {
    if (e instanceof InferError) throw new UserError(`${name}: ${e.message}`);
    throw e;
  }
  if (format === 'json') {
    await write(io.stdout, `${JSON.stringify({ design: r.design, report: reportOf(r) }, null, 2)}\n`);
  } else {
    const yaml = exportDesign(r.design, null, { as: 'yaml' }).text;
    const [modeline, ...rest] = yaml.split('\n');
    await write(io.stdout, `${modeline}\n${summaryComment(r, name)}${rest.join('\n')}`);
    const shown = r.misfits.slice(0, 20);
    for (const m of shown) await write(io.stderr, `${name}:${m.line}: ${terminalSafe(m.reason)}: ${m.key}\n`);
    if (r.misfitCount > shown.length)
      await write(io.stderr, `... and ${r.misfitCount - shown.length} more keys that do not fit (--format json lists up to 1000)\n`);
  }
  return r.misfitCount > r.keys * 0.01 ? 1 : 0;
}
