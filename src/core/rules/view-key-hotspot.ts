// A materialized view is a second table whose row key is its GROUP BY or ORDER BY ("Continuous
// materialized views"), so its key gets the same hotspot rules as a table's key: the view's key
// fields that are key fields of the source table form a key template, checked by the rules
// timestamp-leading, sequential-leading and low-cardinality-prefix with the source table's load.
// A key that leads with _timestamp or TIMESTAMP_TRUNC is a time-leading key too.
import { keyLayoutOf } from '../export/common';
import type { Design, Table } from '../model/schema';
import { checkMaterializedView } from '../views/check';
import { materializedViewSql } from '../views/sql';
import { lintWith } from './engine/lint-engine';
import lowCardinalityPrefix from './low-cardinality-prefix';
import sequentialLeading from './sequential-leading';
import timestampLeading from './timestamp-leading';
import { defineRule } from './types';

const KEY_RULES = [timestampLeading, sequentialLeading, lowCardinalityPrefix];

/** The view's key as a table of the source's fields, or null when no key item is a source field. */
export function viewKeyTable(source: Table, viewName: string, key: string[], exprs: Record<string, string>): Table | null {
  const segments = keyLayoutOf(source).segments;
  const fields: Table['rowKey']['fields'] = {};
  const names: string[] = [];
  for (const k of key) {
    const e = exprs[k] ?? k;
    const name = k in source.rowKey.fields && (e === k || e === `\`${k}\``) ? k : Object.keys(source.rowKey.fields).find((f) => e === f || e === `\`${f}\`` || e.endsWith(`[SAFE_OFFSET(${segments.findIndex((s) => s.field === f)})]`));
    if (!name || source.rowKey.fields[name]!.type === 'hash') break;
    fields[name] = source.rowKey.fields[name]!;
    names.push(name);
  }
  if (!names.length) return null;
  return { name: viewName, rowKey: { template: names.map((n) => `{${n}}`).join('#'), delimiter: '#', fields }, ...(source.load ? { load: source.load } : {}) };
}

export default defineRule({
  meta: {
    id: 'view-key-hotspot',
    severity: 'warning',
    description: "A materialized view's key (its GROUP BY or ORDER BY) would be a hotspot as a table key.",
    messages: {
      key: 'materialized view {view} keyed by its {form} ({key}) is a hotspot as a table key would be ({rule}).',
      time: 'materialized view {view} is keyed first by {item}, a time: every new cell lands at one end of the view ("Schema design best practices", hotspots).',
    },
    details: {
      key: 'materialized view {view} is keyed by its {form} ({key}); as a table key: {finding}',
    },
    fixable: false,
  },
  check({ design, report }) {
    (design.materializedViews ?? []).forEach((v, vi) => {
      const built = materializedViewSql(design, v);
      const source = design.tables.find((t) => t.name === v.table);
      if (!built.ok || !source) return;
      const { shape } = checkMaterializedView(built.sql, design);
      if (!shape || shape.form === 'plain' || !shape.key.length) return;
      const at = ['materializedViews', vi, v.query !== undefined ? 'query' : v.groupBy ? 'groupBy' : 'index'];
      const exprs: Record<string, string> = {};
      shape.aliases.forEach((a, i) => (exprs[a] = shape.exprs[i]!));
      const first = exprs[shape.key[0]!] ?? shape.key[0]!;
      if (/\b_timestamp\b|TIMESTAMP_TRUNC|TIMESTAMP_MICROS/i.test(first)) {
        report({ path: at, messageId: 'time', data: { view: v.name, item: shape.key[0]! } });
        return;
      }
      const table = viewKeyTable(source, v.name, shape.key, exprs);
      if (!table) return;
      const probe: Design = { format: design.format, name: design.name, tables: [table], ...(design.cluster ? { cluster: design.cluster } : {}) };
      // The table rules themselves, run by the engine on the view's key as a table (no fixes:
      // a view's key is its SQL's to change).
      for (const f of lintWith(KEY_RULES, probe, { verifyFixes: false }).findings) {
        report({ path: at, messageId: 'key', severity: f.severity, data: { view: v.name, form: shape.form === 'group' ? 'GROUP BY' : 'ORDER BY', key: shape.key.join(', '), finding: `${f.message} (${f.rule})`, rule: f.rule } });
      }
    });
  },
});
