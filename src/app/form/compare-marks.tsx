// "Show the changes in the form" of the compare view (share/CompareDialog.tsx): while it is on,
// the Form tab of the link's version marks each control whose value the link added or changed,
// marks the tables, families and queries that are new or hold changes, and lists what the link
// removed (the form cannot show it). Marks are view state only: nothing in either design changes.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { markAt, markIn, type FormMarks, type Mark } from '../share/form-marks';
import './compare-marks.css';

interface Shown {
  docId: string;
  marks: FormMarks;
  /** Back to the comparison (the dialog opens again). */
  back: () => void;
}

let shown: Shown | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showChangesInForm(s: Shown): void {
  shown = s;
  emit();
}

export function clearChangesInForm(docId: string): void {
  if (shown?.docId !== docId) return;
  shown = null;
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The comparison shown on this doc's form, or null. */
export function useChangesInForm(docId: string): Shown | null {
  const s = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  return s?.docId === docId ? s : null;
}

export const CompareMarksContext = createContext<FormMarks | null>(null);

/** A control's mark (`data-compare`), undefined outside a comparison. */
export function useCompareMark(path: string | undefined): Mark | undefined {
  return markAt(useContext(CompareMarksContext), path);
}

/** A container's mark: added, or changed when it holds a change. */
export function useCompareMarkIn(path: string): Mark | undefined {
  return markIn(useContext(CompareMarksContext), path);
}

export function CompareBar({ shown: s }: { shown: Shown }) {
  const { added, changed, removed } = s.marks;
  return (
    <div className="compare-bar" role="status" data-testid="compare-bar">
      <p>
        Compared with your version: <mark className="compare-mark-changed">{changed.toLocaleString('en-US')} changed</mark> and{' '}
        <mark className="compare-mark-added">{added.toLocaleString('en-US')} added</mark> in the link&apos;s version are marked below.
      </p>
      {removed.length > 0 && (
        <p data-testid="compare-removed">
          Removed in the link&apos;s version: <del>{removed.join(', ')}</del>.
        </p>
      )}
      <div className="button-row">
        <button type="button" data-testid="compare-back" onClick={s.back}>
          Back to the comparison
        </button>
        <button type="button" data-testid="compare-unmark" onClick={() => clearChangesInForm(s.docId)}>
          Stop marking
        </button>
      </div>
    </div>
  );
}
