// Schema design best practices ("Defining the Row Key Template", 3. Delimiter Selection): "Use #, :, or |. Ensure
// delimiters don't appear in the field data." Bigtable's DelimitedBytes struct encoding
// (types.proto) says the same in bytes: encoded field values must not contain delimiter[0].
import type { TableAnalysis } from '../analysis/design';
import { byteSource, keySegments, type KeySegment } from './support/keybytes';
import { chooseDelimiter, describeFirst, firstByte, keyWithDelimiter, replaceKey } from './support/keydelim';
import { defineTableRule } from './types';

const GUIDE = 'Structured row keys: encoded field values must not contain the delimiter';

/** The segments of a delimited key with at least two parts, or null when the rule does not apply. */
function delimited(t: TableAnalysis): { segs: KeySegment[]; delimiter: string; d0: number } | null {
  const l = t.layout;
  if (!l || l.encoding !== 'delimited' || l.delimiter === null || l.segments.length < 2) return null;
  return { segs: keySegments(t), delimiter: l.delimiter, d0: firstByte(l.delimiter) };
}

/** The best other delimiter, free of every field's bytes, and the row key it makes (null when the template or splits forbid the edit). */
function rekey(t: TableAnalysis, segs: KeySegment[]) {
  const best = chooseDelimiter(segs, new Map(t.fields.map((f) => [f.name, f.cardinality])), t.layout?.delimiter ?? null, false);
  return best ? { ...best, rowKey: keyWithDelimiter(t, best.delimiter) } : null;
}

export default defineTableRule({
  meta: {
    id: 'delimiter-in-values',
    severity: 'error',
    description: 'A value, literal or generated alphabet can contain the delimiter, so keys cannot be split back into fields.',
    messages: {
      value: 'field {field} can contain the delimiter {delimiter} ({source}): keys cannot be split back into fields (Structured row keys).',
      lastField: 'the last field {field} can contain the delimiter {delimiter} ({source}): SQL over the row key schema may fail (Structured row keys).',
      literal: "the template's literal text {literal} holds {first}: each key splits into one field more than the schema has (Structured row keys).",
    },
    details: {
      value:
        "field {field} can contain the delimiter {delimiter} ({source}), so its keys cannot be split back into fields: Bigtable's delimited key encoding requires that no field contain {first}, and SQL over the row key schema fails on such rows ({guide}). {advice}",
      lastField:
        "the last field {field} can contain the delimiter {delimiter} ({source}). Everything after the last delimiter still reads as {field}, but Bigtable's delimited key encoding requires that no field contain {first}, so SQL over the row key schema may fail on these rows ({guide}). {advice}",
      literal:
        'the literal text {literal} of the template holds {first}: Bigtable splits keys at that byte, so every key gets one field more than the schema has ({guide}). {advice}',
    },
    fixable: true,
  },
  table(t, { design, report }) {
    const d = delimited(t);
    if (!d) return;
    const hits: { s: KeySegment; hit: NonNullable<ReturnType<typeof byteSource>> }[] = [];
    for (const s of d.segs) {
      const hit = byteSource(s, d.d0);
      if (hit) hits.push({ s, hit });
    }
    if (hits.length === 0) return;
    const best = rekey(t, d.segs);
    const rowKey = best?.rowKey ?? null;
    const fix = best && rowKey ? { fix: { label: `Use "${best.delimiter}" as the delimiter`, apply: () => replaceKey(design, t, rowKey) } } : {};
    const advice = (s: KeySegment) =>
      best
        ? `Use "${best.delimiter}" as the delimiter: no field contains it${best.orderSafe ? ' and keys still sort field by field' : ''}${best.rowKey ? '' : ' (and rewrite the pre-split keys, which hold the old one)'}.`
        : s.binary
          ? 'No delimiter is free of these bytes: write the field as text (decimal or hex), or use encoding: orderedCode, which escapes any byte.'
          : "No single-character delimiter is free of every field's bytes: keep the character out of the values, or use encoding: orderedCode.";
    const first = describeFirst(d.delimiter, d.d0);
    for (const { s, hit } of hits) {
      const literal = hit.literal || !s.name;
      report({
        path: literal ? ['rowKey', 'template'] : ['rowKey', 'fields', s.name!],
        messageId: literal ? 'literal' : s.last ? 'lastField' : 'value',
        data: {
          field: s.name ?? '',
          delimiter: `"${d.delimiter}"`,
          first,
          source: hit.source,
          literal: JSON.stringify(s.prefix + s.suffix),
          advice: advice(s),
          guide: GUIDE,
        },
        ...(s.last && !literal ? { severity: 'warning' as const } : {}),
        ...fix,
      });
    }
  },
});
