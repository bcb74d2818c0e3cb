// GC rules in words, once: every text of a rule (cbt's expression, the apply plan, the Markdown
// review, the form's summary) is `renderGc` with its own words for the two leaves and the two
// joins; nested unions and intersections of more than one rule go in parentheses.
import type { GcRule } from './schema';

export interface GcWords {
  maxAge(age: string): string;
  maxVersions(n: number): string;
  /** Between the rules of a union (a cell goes when any says so). */
  union: string;
  /** Between the rules of an intersection (a cell goes when all say so). */
  intersection: string;
}

export function renderGc(rule: GcRule, words: GcWords, nested = false): string {
  if ('maxAge' in rule) return words.maxAge(rule.maxAge);
  if ('maxVersions' in rule) return words.maxVersions(rule.maxVersions);
  const [parts, join] = 'union' in rule ? [rule.union, words.union] : [rule.intersection, words.intersection];
  const text = parts.map((p) => renderGc(p, words, true)).join(join);
  return nested && parts.length > 1 ? `(${text})` : text;
}

/** cbt's words (`maxage=10d || (maxversions=2 && maxage=1d)`), which the apply plan prints too. */
export const CBT_GC_WORDS: GcWords = { maxAge: (age) => `maxage=${age}`, maxVersions: (n) => `maxversions=${n}`, union: ' || ', intersection: ' && ' };

/** Unions and intersections of one rule say the same as the rule. */
export function simplifyGc(rule: GcRule): GcRule {
  if ('union' in rule) return rule.union.length === 1 ? simplifyGc(rule.union[0]!) : { union: rule.union.map(simplifyGc) };
  if ('intersection' in rule) return rule.intersection.length === 1 ? simplifyGc(rule.intersection[0]!) : { intersection: rule.intersection.map(simplifyGc) };
  return rule;
}
