// Small hooks shared by the editor panels.
import { useCallback, useMemo } from 'react';
import { formatPath } from '../../core/load/load-design';
import type { PathPart } from '../../core/model/positions';
import type { Design } from '../../core/model/schema';
import type { LintResult } from '../../core/rules/lint';
import { lintOf } from '../lint-cache';
import { useStudio, type EditResult } from '../store';

export type Edit = (recipe: (d: Design) => Design, label: string, path?: readonly PathPart[]) => EditResult;

/**
 * An edit function for one design. With a path, edits coalesce per path (a typing burst in
 * one input is one undo step); without, each edit is its own step (buttons, choices).
 */
export function useEdit(docId: string): Edit {
  return useCallback(
    (recipe, label, path) => useStudio.getState().editDesign(docId, recipe, { label, ...(path ? { coalesceKey: `${docId}:${formatPath(path)}` } : {}) }),
    [docId],
  );
}

/** The validator's findings and analysis of this design object (computed once: lint-cache.ts). */
export function useLint(design: Design): LintResult {
  return useMemo(() => lintOf(design), [design]);
}

export const pathText = (path: readonly PathPart[]) => formatPath(path);
