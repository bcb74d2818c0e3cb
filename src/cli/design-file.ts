// Loading a design file for a command: read, parse, validate, or a user error that lists
// every problem as file:line:column lines.
import { formatIssue, loadDesign } from '../core/load/load-design';
import type { Design, Table } from '../core/model/schema';
import { readBytes, UserError } from './io';

export async function readDesign(file: string): Promise<Design> {
  const result = loadDesign(await readBytes(file), file);
  if (!result.ok) throw new UserError(result.issues.map(formatIssue).join('\n'));
  return result.design;
}

export function pickTable(design: Design, name: string | undefined, file: string): Table {
  const names = design.tables.map((t) => t.name).join(', ') || '(none)';
  if (name === undefined) {
    if (design.tables.length === 1) return design.tables[0]!;
    throw new UserError(`${file} has ${design.tables.length} tables; choose one with --table (${names})`);
  }
  const t = design.tables.find((x) => x.name === name);
  if (!t) throw new UserError(`${file} has no table "${name}" (tables: ${names})`);
  return t;
}
