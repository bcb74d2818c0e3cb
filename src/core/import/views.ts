// `gcloud bigtable materialized-views describe`, `logical-views describe` and `authorized-views
// describe` output (--format=json or yaml): the admin API's MaterializedView, LogicalView and
// AuthorizedView, read back as the design's views. Prefixes and qualifiers arrive base64; they
// must be UTF-8 text to be design text.
import { fromUtf8 } from '../keys/bytes';
import type { AuthorizedView, Design, LogicalView, MaterializedView } from '../model/schema';
import { fromBase64 } from '../keys/base64';
import { checkSelect } from '../export/views/check';
import { ImportError, isObj } from './struct';

const VIEW_NAME = /^projects\/[^/]+\/instances\/[^/]+\/(?:(materializedViews|logicalViews)\/([^/]+)|tables\/([^/]+)\/authorizedViews\/([^/]+))$/;

/** Whether a describe output is a view (its name is a view's resource name). */
export function isViewDescribe(value: Record<string, unknown>): boolean {
  return typeof value.name === 'string' && VIEW_NAME.test(value.name);
}

function text(b64: unknown, path: (string | number)[]): string {
  if (typeof b64 !== 'string') throw new ImportError(path, 'expected a base64 string');
  const r = fromBase64(b64, false);
  if (!r.ok) throw new ImportError(path, `"${b64}" is not base64`);
  const s = fromUtf8(r.bytes);
  if (s === null) throw new ImportError(path, 'holds bytes that are not UTF-8 text, which a design cannot hold');
  return s;
}

const strings = (v: unknown, path: (string | number)[]): string[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new ImportError(path, 'expected a list');
  return v.map((x, i) => text(x, [...path, i]));
};

/** The design part of one view's describe output. */
export function viewFromDescribe(value: Record<string, unknown>): {
  part: Pick<Design, 'materializedViews' | 'logicalViews' | 'authorizedViews'>;
  notes: string[];
} {
  const m = VIEW_NAME.exec(value.name as string)!;
  const protect = value.deletionProtection === true ? { deletionProtection: true } : {};
  if (m[1]) {
    if (typeof value.query !== 'string') throw new ImportError(['query'], 'a view has a query (a string)');
    if (m[1] === 'logicalViews') {
      const v: LogicalView = { name: m[2]!, query: value.query, ...protect };
      return { part: { logicalViews: [v] }, notes: [] };
    }
    const table = checkSelect(value.query, null).shape?.table;
    if (!table) throw new ImportError(['query'], 'the query names no FROM table, so the view has no source table');
    const v: MaterializedView = { name: m[2]!, table, query: value.query, ...protect };
    return { part: { materializedViews: [v] }, notes: [`the source table ${table} is not in the imported design: import it too (tables describe)`] };
  }
  const subset = value.subsetView;
  if (!isObj(subset)) throw new ImportError(['subsetView'], 'an authorized view has a subsetView');
  const families: AuthorizedView['families'] = {};
  const fs = subset.familySubsets ?? {};
  if (!isObj(fs)) throw new ImportError(['subsetView', 'familySubsets'], 'expected a mapping of family names');
  for (const [fam, s] of Object.entries(fs)) {
    if (!isObj(s)) throw new ImportError(['subsetView', 'familySubsets', fam], 'expected qualifiers and qualifierPrefixes');
    const qualifiers = strings(s.qualifiers, ['subsetView', 'familySubsets', fam, 'qualifiers']);
    const qualifierPrefixes = strings(s.qualifierPrefixes, ['subsetView', 'familySubsets', fam, 'qualifierPrefixes']);
    const all = qualifierPrefixes.length === 1 && qualifierPrefixes[0] === '' && !qualifiers.length;
    families[fam] = all ? {} : { ...(qualifiers.length ? { qualifiers } : {}), ...(qualifierPrefixes.length ? { qualifierPrefixes } : {}) };
  }
  const rowPrefixes = strings(subset.rowPrefixes, ['subsetView', 'rowPrefixes']);
  const v: AuthorizedView = {
    name: m[4]!,
    table: m[3]!,
    ...(rowPrefixes.length && !(rowPrefixes.length === 1 && rowPrefixes[0] === '') ? { rowPrefixes } : {}),
    families,
    ...protect,
  };
  return { part: { authorizedViews: [v] }, notes: [] };
}
