// Key builders for application code (keys made in one place, never by hand): per table one
// factory with build(record), parse(key) and one row-range function per declared query, in
// TypeScript, Java, Go or Python. Each file holds a small engine (engines/: the studio's
// encodings: padding, big-endian, ordered code, reversed and bucketed times, ISO text,
// the FNV-1a salt, the ordered-code struct) driven by a spec of the table's key (code-spec.ts),
// so the same bytes come out as from the studio. This module builds that language-neutral spec.
import { utf8 } from '../keys/bytes';
import type { KeyLayout } from '../keys/template';
import { hashPad } from '../keys/values';
import { COLUMN_TYPE_TEXT, columnType } from '../model/column-types';
import type { Field, Table } from '../model/schema';
import { planQuery } from '../analysis/query-plan';
import { fileSafe, keyLayoutOf, requireTable, type Exporter } from './common';
import { BUCKET, ENCODING, END, KIND, ROLE, STEP, UNIT, type FieldSpec, type KeyProgram, type QueryProgram } from './code-spec';
import { paramKind, querySpec, saltOf } from './ranges';
import { generateGo } from './code-go';
import { generateJava } from './code-java';
import { generatePython } from './code-python';
import { generateTs } from './code-ts';

export { BUCKET, ENCODING, END, KIND, ROLE, STEP, UNIT, type FieldSpec, type KeyProgram, type QueryProgram } from './code-spec';

function fieldSpec(name: string, f: Field, layout: KeyLayout, fields: Record<string, Field>): FieldSpec {
  const s: FieldSpec = {
    name,
    kind: KIND[f.type],
    rev: false,
    len: 0,
    enc: 0,
    pad: 0,
    unit: UNIT.ms,
    bucket: 0,
    iso: false,
    buckets: 0,
    of: [],
    value: paramKind(f),
  };
  switch (f.type) {
    case 'domain':
      s.rev = f.reversed === true;
      break;
    case 'bytes':
      s.len = f.length ?? 8;
      break;
    case 'int':
      s.enc = f.encoding === 'bigEndian' ? 1 : f.encoding === 'orderedCode' ? 2 : 0;
      s.pad = f.pad ?? 0;
      break;
    case 'timestamp':
      s.rev = f.reversed === true;
      s.enc = f.encoding === 'bigEndian' ? 1 : 0;
      s.pad = f.pad ?? 0;
      s.unit = UNIT[f.unit ?? 'ms'];
      s.bucket = BUCKET[f.bucket ?? 'none'];
      s.iso = f.format === 'iso';
      break;
    case 'hash':
      s.pad = hashPad(f);
      s.buckets = f.buckets;
      s.of = saltOf(layout, fields, name).map((n) => layout.fields.indexOf(n));
      break;
    case 'string':
    case 'uuid':
      break;
  }
  return s;
}

/** An identifier from a query name: words joined in camelCase (`latestReadingsOfADevice`). */
export function methodName(name: string, taken: Set<string>): string {
  const words = name
    .normalize('NFKD')
    .replace(/['\u2019]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let base = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('') || 'query';
  if (/^[0-9]/.test(base)) base = `q${base}`;
  let n = base;
  for (let i = 2; taken.has(n); i++) n = `${base}${i}`;
  taken.add(n);
  return n;
}

export function keyProgram(table: Table): KeyProgram {
  const layout = keyLayoutOf(table);
  const fields = table.rowKey.fields;
  const specs = layout.fields.map((n) => fieldSpec(n, fields[n]!, layout, fields));
  const index = (n: string) => layout.fields.indexOf(n);
  // Names the factories use themselves (and Python/Go/Java would clash with).
  const taken = new Set<string>(['build', 'parse', 'ranges', 'keys', 'successor', 'record', 'key']);
  const queries = (table.queries ?? []).map((q, qi): QueryProgram => {
    const spec = querySpec(table, layout, q);
    const plan = planQuery(table, layout, q, qi);
    return {
      name: methodName(q.name, taken),
      plan:
        plan.kind === 'full-scan'
          ? 'FULL-SCAN (the whole table)'
          : `${plan.kind.toUpperCase()} ${plan.scans > 1 ? `(${plan.scans} scans) ` : ''}[${plan.start}, ${plan.end})`,
      spec,
      steps: spec.steps.map((s) =>
        s.kind === 'const'
          ? [STEP.const, s.seg, -1, 0]
          : s.kind === 'eq'
            ? [STEP.eq, s.seg, index(s.field), 0]
            : [s.computed ? STEP.saltComputed : STEP.saltFanout, s.seg, index(s.field), s.buckets],
      ),
      end:
        spec.end.kind === 'point'
          ? [END.point, -1, -1]
          : spec.end.kind === 'open'
            ? [END.open, spec.end.seg, -1]
            : [END[spec.end.kind], spec.end.seg, index(spec.end.field)],
      params: spec.params.map((p) => ({ name: p.name, role: ROLE[p.role], field: index(p.field), kind: p.kind })),
    };
  });
  return {
    table: table.name,
    encoding: ENCODING[layout.encoding],
    delimiter: [...utf8(layout.delimiter ?? '')],
    segments: layout.segments.map((s) => ({ prefix: [...utf8(s.prefix)], suffix: [...utf8(s.suffix)], field: s.field ? index(s.field) : -1 })),
    fields: specs,
    queries,
  };
}

/** PascalCase of a table name, for type names (`ad_hourly` -> `AdHourly`). */
export function typeName(table: string): string {
  const words = table
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const n = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('') || 'Table';
  return /^[0-9]/.test(n) ? `T${n}` : n;
}

export const CODE_LANGS = ['ts', 'java', 'go', 'python'] as const;

export const exportCode: Exporter = (design, tableArg, options) => {
  const table = requireTable(design, tableArg);
  const program = keyProgram(table);
  const lang = options.lang ?? 'ts';
  // Column value types (columns[].type): how each declared cell is written and read.
  const cells = (table.families ?? []).flatMap((f) =>
    (f.columns ?? []).map((c) => `${f.name}:${c.qualifier} ${columnType(f, c)}${c.message ? ` ${c.message}` : ''} (${COLUMN_TYPE_TEXT[columnType(f, c)]})`),
  );
  const header = `Row keys of table ${table.name} (design "${design.name}"), by Bigtable Schema Studio. Template: ${table.rowKey.template}${cells.length ? `. Cell values: ${cells.slice(0, 40).join('; ')}${cells.length > 40 ? `; and ${cells.length - 40} more` : ''}` : ''}`;
  const type = typeName(table.name);
  switch (lang) {
    case 'ts':
      return { text: generateTs(program, type, header), filename: `${fileSafe(table.name)}-keys.ts`, mime: 'text/typescript', notes: [] };
    case 'java':
      return { text: generateJava(program, type, header), filename: `${type}Keys.java`, mime: 'text/x-java', notes: [] };
    case 'go':
      return { text: generateGo(program, type, header), filename: `${fileSafe(table.name).toLowerCase()}_keys.go`, mime: 'text/x-go', notes: [] };
    case 'python':
      return { text: generatePython(program, type, header), filename: `${fileSafe(table.name).toLowerCase()}_keys.py`, mime: 'text/x-python', notes: [] };
  }
};
