// GoogleSQL for Bigtable lexical pieces ("Lexical structure and syntax"): identifiers are
// unquoted when they are letters, digits and _ (not first a digit) and not a reserved keyword;
// otherwise they are quoted with backticks, with the escapes of string literals.

/** GoogleSQL's reserved keywords ("Lexical structure and syntax", Reserved keywords). */
export const RESERVED = new Set(
  `ALL AND ANY ARRAY AS ASC ASSERT_ROWS_MODIFIED AT BETWEEN BY CASE CAST COLLATE CONTAINS CREATE CROSS CUBE CURRENT
  DEFAULT DEFINE DESC DISTINCT ELSE END ENUM ESCAPE EXCEPT EXCLUDE EXISTS EXTRACT FALSE FETCH FOLLOWING FOR FROM FULL
  GROUP GROUPING GROUPS HASH HAVING IF IGNORE IN INNER INTERSECT INTERVAL INTO IS JOIN LATERAL LEFT LIKE LIMIT LOOKUP
  MERGE NATURAL NEW NO NOT NULL NULLS OF ON OR ORDER OUTER OVER PARTITION PRECEDING PROTO QUALIFY RANGE RECURSIVE
  RESPECT RIGHT ROLLUP ROWS SELECT SET SOME STRUCT TABLESAMPLE THEN TO TREAT TRUE UNBOUNDED UNION UNNEST USING WHEN
  WHERE WINDOW WITH WITHIN`.split(/\s+/),
);

const UNQUOTED = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Escapes shared by string literals and quoted identifiers. */
function escapeBody(s: string, quote: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(new RegExp(quote, 'g'), `\\${quote}`)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** An identifier as GoogleSQL reads it: backticks for reserved words and other characters. */
export function sqlId(name: string): string {
  return UNQUOTED.test(name) && !RESERVED.has(name.toUpperCase()) ? name : `\`${escapeBody(name, '`')}\``;
}

/** A GoogleSQL string literal. */
export function sqlString(s: string): string {
  return `'${escapeBody(s, "'")}'`;
}

/** A GoogleSQL bytes literal of UTF-8 text. */
export function sqlBytes(s: string): string {
  return `b${sqlString(s)}`;
}

/** A query parameter name (@name) from any text: letters, digits and _. */
export function paramName(s: string): string {
  const n = s.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Za-z_]/.test(n) ? n : `p_${n}`;
}

/** Long.MAX_VALUE, which a reversed timestamp is subtracted from. */
export const LONG_MAX_SQL = '9223372036854775807';
