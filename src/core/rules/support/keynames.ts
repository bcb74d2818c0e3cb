// Batch B helpers for names: turning an invalid table or family id into a valid one, and the
// pure renames (table, family, key field) that the name rules' fixes apply everywhere the name
// is referenced.
import type { Design, Field, Query } from '../../model/schema';
import { printTokens, tokenize } from '../../keys/template';
import { updateTable } from '../edit';

/** Bigtable ids: a letter, digit or _ first, then letters, digits, _ - . (table.proto). */
export const ID_PATTERN = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;
export const RESERVED_COLUMNS = ['_key', '_timestamp'] as const;

/** Characters of `name` that no Bigtable id may hold, each once. */
export function invalidChars(name: string): string[] {
  return [...new Set([...name].filter((c) => !/[-_.a-zA-Z0-9]/.test(c)))];
}

/**
 * A valid id close to `name`: accents dropped, other runs of invalid characters as one `_`,
 * no leading - or ., at most `max` characters, and none of `taken`. Null when nothing of the
 * name survives (no letter or digit), since an invented id would mean nothing to its owner.
 */
export function validId(name: string, max: number, taken: ReadonlySet<string>): string | null {
  let s = name.normalize('NFKD').replace(/\p{M}/gu, '');
  s = s
    .replace(/[^-_.a-zA-Z0-9]+/g, '\u0000')
    .replace(/^[\u0000.-]+/, '')
    .replace(/\u0000+$/, '')
    .replace(/\u0000/g, '_');
  if (!/[a-zA-Z0-9]/.test(s)) return null;
  const base = s.slice(0, max);
  s = base;
  for (let n = 2; taken.has(s) && n < 1000; n++) s = `${base.slice(0, max - String(n).length - 1)}_${n}`;
  return taken.has(s) || !ID_PATTERN.test(s) ? null : s;
}

export function renameTable(design: Design, index: number, name: string): Design {
  return updateTable(design, index, (t) => ({ ...t, name }));
}

/** Renames a family and the query filters (`family:qualifier`) that name it. */
export function renameFamily(design: Design, index: number, family: number, name: string): Design {
  return updateTable(design, index, (t) => {
    const old = t.families?.[family]?.name;
    if (old === undefined) return t;
    const filter = (f: string) => (f === old ? name : f.startsWith(`${old}:`) ? `${name}${f.slice(old.length)}` : f);
    return {
      ...t,
      families: t.families!.map((f, i) => (i === family ? { ...f, name } : f)),
      ...(t.queries ? { queries: t.queries.map((q) => (q.filter ? { ...q, filter: q.filter.map(filter) } : q)) } : {}),
    };
  });
}

const renameKeys = <V>(rec: Record<string, V>, from: string, to: string): Record<string, V> =>
  Object.fromEntries(Object.entries(rec).map(([k, v]) => [k === from ? to : k, v]));

/** Renames a key field in the template, the fields, the salts that hash it and the queries that match it. */
export function renameField(design: Design, index: number, from: string, to: string): Design {
  return updateTable(design, index, (t) => {
    const template = printTokens(tokenize(t.rowKey.template).map((tok) => (tok.kind === 'field' && tok.name === from ? { ...tok, name: to } : tok)));
    const fields = Object.fromEntries(
      Object.entries(t.rowKey.fields).map(([k, f]): [string, Field] => [
        k === from ? to : k,
        f.type === 'hash' && f.of ? { ...f, of: f.of.map((n) => (n === from ? to : n)) } : f,
      ]),
    );
    const query = (q: Query): Query => (q.match && from in q.match ? { ...q, match: renameKeys(q.match, from, to) } : q);
    return { ...t, rowKey: { ...t.rowKey, template, fields }, ...(t.queries ? { queries: t.queries.map(query) } : {}) };
  });
}
