// Findings across a change: each finding's stable key (file, rule, message id and its path by
// names: never its line), a baseline as data, and the findings of a lint that are new against an
// older one. Equal keys are counted, so a second finding of the same kind at the same place is
// new although the first is known. An accepted finding matches only an accepted one, so removing
// an acceptance makes its finding new again.
import type { Design } from '../model/schema';
import { findingTarget, namedPath, type FindingTarget } from '../rules/engine/targets';
import { isAccepted, type Finding } from '../rules/types';

export const BASELINE_FORMAT = 'btstudio-baseline/v1';

export interface BaselineEntry extends FindingTarget {
  file: string;
  rule: string;
  messageId: string;
  /** The finding's path with names for named list entries: `tables["events"].rowKey.fields.ts`. */
  path: string;
  /** The finding was accepted (lint.accept): it matches only an accepted finding. */
  accepted?: true;
  /** For people reading the file; not matched. */
  message: string;
}

export interface Baseline {
  format: typeof BASELINE_FORMAT;
  findings: BaselineEntry[];
}

export function baselineEntry(design: Design, file: string, f: Finding): BaselineEntry {
  return {
    file,
    rule: f.rule,
    messageId: f.messageId,
    path: namedPath(design, f.path),
    ...findingTarget(design, f),
    ...(isAccepted(f) ? { accepted: true as const } : {}),
    message: f.message,
  };
}

type Keyed = Pick<BaselineEntry, 'file' | 'rule' | 'messageId' | 'path' | 'accepted'>;

/** The key a finding is matched by: file, rule, message id, named path, and whether it is accepted. */
export const entryKey = (e: Keyed): string => JSON.stringify([e.file, e.rule, e.messageId, e.path, e.accepted === true]);

/** A multiset of keys: how many findings of each key are known. */
export function knownKeys(entries: readonly Keyed[]): Map<string, number> {
  const known = new Map<string, number>();
  for (const e of entries) known.set(entryKey(e), (known.get(entryKey(e)) ?? 0) + 1);
  return known;
}

/**
 * Splits `items` into the new and the known, consuming `known` (so it is used once). A finding
 * whose acceptance has expired is always new: a baseline must not outlive the acceptance's date.
 */
export function splitNew<T extends { key: string; finding: Finding }>(items: readonly T[], known: Map<string, number>): { fresh: T[]; known: T[] } {
  const left = new Map(known);
  const fresh: T[] = [];
  const old: T[] = [];
  for (const item of items) {
    const n = left.get(item.key) ?? 0;
    if (n > 0 && !item.finding.acceptance?.expired) {
      left.set(item.key, n - 1);
      old.push(item);
    } else fresh.push(item);
  }
  return { fresh, known: old };
}
