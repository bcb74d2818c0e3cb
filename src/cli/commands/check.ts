// btstudio check DESIGN...: validate design files against the format.
import { formatIssue, loadDesign } from '../../core/load/load-design';
import { parseFlags, readBytes, UserError, write, type Io } from '../io';

export const usage = `usage: btstudio check DESIGN... [--json]

Validates each design file (YAML or JSON) against the design format v1. Problems are printed as
  file:line:column: path: message
and the exit code is 2 when any file is invalid.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } });
  if (positionals.length === 0) throw new UserError('name at least one design file');
  let bad = 0;
  const report: { file: string; ok: boolean; tables?: number; issues?: unknown[] }[] = [];
  for (const file of positionals) {
    const result = loadDesign(await readBytes(file), file);
    if (result.ok) {
      report.push({ file, ok: true, tables: result.design.tables.length });
      if (!values.json) await write(io.stdout, `${file}: ok (${result.design.tables.length} table${result.design.tables.length === 1 ? '' : 's'})\n`);
    } else {
      bad++;
      report.push({ file, ok: false, issues: result.issues });
      if (!values.json) await write(io.stderr, result.issues.map(formatIssue).join('\n') + '\n');
    }
  }
  if (values.json) await write(io.stdout, JSON.stringify(report, null, 2) + '\n');
  return bad ? 2 : 0;
}
