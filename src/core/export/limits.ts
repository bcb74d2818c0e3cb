// Exports refuse what Bigtable would refuse, naming the limit, instead of writing a
// script that fails half-way or a module that fails at apply: the structured key delimiter
// (1-50 bytes), split keys (a row key, at most 4 KiB), the production settings' ranges
// (model/production-limits.ts), tiered storage on HDD, and the instance's ids and references.
import { utf8 } from '../keys/bytes';
import { layoutOf } from '../keys/template';
import { instanceOf } from '../model/instance';
import { instanceIssues } from '../model/instance-semantic';
import { settingsOutOfRange } from '../model/production-limits';
import type { Design, Table } from '../model/schema';
import { ExportError } from './common';

const ROW_KEY_MAX = 4096;

function tableProblems(design: Design, table: Table): string[] {
  const out: string[] = [];
  // The delimiter the key uses: written, or read from the template.
  let d: string | null | undefined = table.rowKey.delimiter;
  try {
    d = layoutOf(table.rowKey).delimiter;
  } catch {
    // A template check refuses the design first; keep the written one.
  }
  if (d !== undefined && d !== null && (utf8(d).length < 1 || utf8(d).length > 50)) {
    out.push(`table ${table.name}: the key delimiter is ${utf8(d).length} bytes; Bigtable's row key schema allows 1 to 50`);
  }
  for (const s of table.splits ?? []) {
    if (utf8(s).length > ROW_KEY_MAX) out.push(`table ${table.name}: a split key is ${utf8(s).length} bytes; a row key is at most 4 KiB (4,096 bytes)`);
  }
  if (table.tieredStorage && instanceOf(design).storage === 'hdd') {
    out.push(`table ${table.name}: tiered storage needs an SSD instance and this one is HDD`);
  }
  return out;
}

/**
 * Throws one ExportError listing every limit the export would break. `tables` are the tables
 * exported; `withInstance` adds the instance's clusters and app profiles (whole-design exports).
 */
export function refuseLimits(design: Design, tables: readonly Table[], withInstance: boolean): void {
  const indexes = new Set(tables.map((t) => design.tables.indexOf(t)));
  const problems = tables.flatMap((t) => tableProblems(design, t));
  for (const p of settingsOutOfRange(design)) {
    if (p.table === undefined ? !withInstance : !indexes.has(p.table)) continue;
    const where = p.table === undefined ? 'instance' : `table ${design.tables[p.table]!.name}`;
    problems.push(`${where}: ${p.what} ${p.value} is outside what Bigtable accepts (${p.allowed}, "${p.page}")`);
  }
  if (withInstance) for (const i of instanceIssues(design)) problems.push(`${i.path.join('.')}: ${i.message}`);
  if (problems.length) throw new ExportError(`Bigtable would refuse this design: ${problems.join('; ')}`, problems);
}
