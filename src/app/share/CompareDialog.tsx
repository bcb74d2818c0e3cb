// "Compare with my version": a link's design beside the user's own of the same name, the
// changes listed with what Bigtable allows for each (src/core/diff), the YAML side by side with
// changed lines marked, and on request the changes marked on the Form tab of the link's version
// (form/compare-marks.tsx). Take the link's version, take chosen changes, or keep mine; each
// taking is one undo step (the caller's editDesign). Nothing changes until one is chosen, and
// closing or "Keep mine" leaves both designs as they were.
// With a base (the version the link came from, when this browser holds it) it is a three-way
// merge (core/diff/merge.ts): the link's own changes are taken without asking, my own edits are
// kept and never offered as changes to take, and only true conflicts ask.
import { plural } from '../../core/units';
import { type ReactNode, useMemo, useState } from 'react';
import { CLASS_LABEL, diffDesigns, type Change } from '../../core/diff';
import { applyChanges } from '../../core/diff/apply';
import { merge3, resolveMerge, type MergeConflict } from '../../core/diff/merge';
import type { RawChange } from '../../core/diff/walk';
import type { Design } from '../../core/model/schema';
import { designText } from '../documents/docs';
import { changedLines } from './compare';
import { Modal } from './Modal';
import './dialogs.css';

export interface CompareDialogProps {
  mine: Design;
  theirs: Design;
  /** Write `design` into my design (one undo step); returns the problems when it is not valid. */
  onTake(design: Design, label: string): string[];
  onClose(): void;
  /** Mark these changes on the form of the link's version instead (the dialog closes; nothing changes). */
  onShowInForm?(changes: Change[]): void;
  /** The version the link came from, when this browser holds it: the comparison is then a three-way merge. */
  base?: { design: Design; label: string } | null;
  /** The link names a version this browser does not hold (the comparison is two-way). */
  baseMissing?: boolean;
}

const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));

export function CompareDialog(props: CompareDialogProps) {
  return props.base ? <MergeDialog {...props} base={props.base} /> : <TwoWayDialog {...props} />;
}

const changeText = (c: Pick<RawChange, 'kind' | 'before' | 'after'>) =>
  c.kind === 'added' ? `added ${show(c.after)}` : c.kind === 'removed' ? `removed ${show(c.before)}` : `${show(c.before)} → ${show(c.after)}`;

function MergeDialog({ mine, theirs, onTake, onClose, base }: CompareDialogProps & { base: { design: Design; label: string } }) {
  const theirsNamed = useMemo(() => ({ ...theirs, name: mine.name }), [theirs, mine.name]);
  const baseNamed = useMemo(() => ({ ...base.design, name: mine.name }), [base.design, mine.name]);
  const result = useMemo(() => merge3(baseNamed, mine, theirsNamed), [baseNamed, mine, theirsNamed]);
  const [taken, setTaken] = useState<Set<number>>(new Set());
  const chosen: MergeConflict[] = useMemo(() => result.conflicts.filter((_, i) => taken.has(i)), [result, taken]);
  const merged = useMemo(() => resolveMerge(result, theirsNamed, chosen), [result, theirsNamed, chosen]);
  const texts = useSideTexts(mine, merged);
  const { problems, take } = useTake(onTake, onClose);
  const nothing = result.theirsOnly.length === 0 && result.conflicts.length === 0;
  return (
    <CompareModal
      title="Merge the link into my version"
      onClose={onClose}
      subtitle={`From the version both came from (${base.label}): the link's own changes apply without asking, your edits stay, and only changes both made differently ask.`}
    >
      <div data-testid="merge-view" data-conflicts={result.conflicts.length} data-theirs={result.theirsOnly.length} data-mine={result.mineOnly.length}>
        {nothing ? (
          <p role="status" data-testid="merge-nothing">
            The link has no change you do not have.
          </p>
        ) : null}
        <TakenChanges side="theirs" label="The link's changes" heading="The link's changes, taken" changes={result.theirsOnly} />
        {result.conflicts.length > 0 && (
          <section aria-label="Conflicts">
            <h3>Changed on both sides ({result.conflicts.length}): choose</h3>
            <ul className="compare-changes merge-conflicts" data-testid="merge-conflicts">
              {result.conflicts.map((c, i) => (
                <li key={c.path.join('\u0000')} data-testid="merge-conflict">
                  <fieldset>
                    <legend>
                      <code>{c.path.join('.')}</code> (was {show(c.base)})
                    </legend>
                    {(['mine', 'theirs'] as const).map((side) => (
                      <label key={side} className="merge-choice">
                        <input
                          type="radio"
                          name={`conflict-${i}`}
                          checked={side === 'theirs' ? taken.has(i) : !taken.has(i)}
                          data-testid={`merge-take-${side}`}
                          onChange={() => {
                            const next = new Set(taken);
                            if (side === 'theirs') next.add(i);
                            else next.delete(i);
                            setTaken(next);
                          }}
                        />{' '}
                        {side === 'mine' ? 'Mine' : "The link's"}: {show(side === 'mine' ? c.mine : c.theirs)}
                      </label>
                    ))}
                  </fieldset>
                </li>
              ))}
            </ul>
          </section>
        )}
        <TakenChanges side="mine" label="Your edits" heading="Your edits since, kept" changes={result.mineOnly} />
      </div>
      <SideBySide texts={texts} other="After the merge" otherLabel="The merged YAML" />
      <Problems lead="The merge does not make a valid design, so nothing was changed:" problems={problems} />
      <Buttons onClose={onClose}>
        <button type="button" className="primary" data-testid="merge-apply" disabled={nothing} onClick={() => take(merged, 'Merge a link')}>
          Merge
        </button>
      </Buttons>
    </CompareModal>
  );
}

function TwoWayDialog({ mine, theirs, onTake, onClose, onShowInForm, baseMissing }: CompareDialogProps) {
  const theirsNamed = useMemo(() => ({ ...theirs, name: mine.name }), [theirs, mine.name]);
  const diff = useMemo(() => diffDesigns(mine, theirsNamed), [mine, theirsNamed]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const texts = useSideTexts(mine, theirsNamed);
  const { problems, take } = useTake(onTake, onClose);
  return (
    <CompareModal
      title="Compare with my version"
      onClose={onClose}
      subtitle={`${plural(diff.changes.length, 'change')} between your "${mine.name}" and the link's version. Nothing changes until you choose.`}
    >
      {baseMissing && (
        <p className="muted small" data-testid="compare-no-base">
          The link names the version it came from, but this browser does not hold it: every difference is listed, your own edits included.
        </p>
      )}
      {diff.headline.map((h) => (
        <p key={h} className="compare-headline" data-testid="compare-headline">
          {h}
        </p>
      ))}
      {diff.changes.length === 0 ? (
        <p role="status">The link holds the same design as yours.</p>
      ) : (
        <ul className="compare-changes" aria-label="Changes">
          {diff.changes.map((c: Change, i) => (
            <li key={c.path.join('\u0000')} data-testid="compare-change" data-class={c.class}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.has(i)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(i);
                    else next.delete(i);
                    setChosen(next);
                  }}
                />{' '}
                <span className={`compare-class compare-${c.class}`}>{CLASS_LABEL[c.class]}</span> <code>{c.path.join('.')}</code>: {changeText(c)}
              </label>
              <div className="compare-why">{c.why}</div>
            </li>
          ))}
        </ul>
      )}
      <SideBySide texts={texts} other="The link's" otherLabel="The link's YAML" testIds />
      <Problems lead="These changes together do not make a valid design, so nothing was changed:" problems={problems} />
      <Buttons onClose={onClose}>
        <button
          type="button"
          className="primary"
          data-testid="compare-take-theirs"
          disabled={diff.changes.length === 0}
          onClick={() => take(theirsNamed, "Take the link's version")}
        >
          Take the link&apos;s version
        </button>
        <button
          type="button"
          data-testid="compare-take-chosen"
          disabled={chosen.size === 0}
          onClick={() =>
            take(
              applyChanges(
                mine,
                theirsNamed,
                diff.changes.filter((_, i) => chosen.has(i)),
              ),
              `Take ${plural(chosen.size, 'change')} from a link`,
            )
          }
        >
          Take the chosen changes ({chosen.size})
        </button>
        {onShowInForm && diff.changes.length > 0 && (
          <button type="button" data-testid="compare-show-form" onClick={() => onShowInForm(diff.changes)}>
            Show the changes in the form
          </button>
        )}
      </Buttons>
    </CompareModal>
  );
}

/** Both dialogs' frame: the wide modal the tests know as the compare dialog. */
function CompareModal({ title, subtitle, onClose, children }: { title: string; subtitle: string; onClose(): void; children: ReactNode }) {
  return (
    <Modal title={title} onClose={onClose} testId="compare-dialog" className="modal-wide" subtitle={subtitle}>
      {children}
    </Modal>
  );
}

/** A dialog's buttons, then "Keep mine", which closes it with both designs as they were. */
function Buttons({ onClose, children }: { onClose(): void; children: ReactNode }) {
  return (
    <div className="button-row">
      {children}
      <button type="button" data-testid="compare-keep-mine" onClick={onClose}>
        Keep mine
      </button>
    </div>
  );
}

/** My design's YAML and the other one's, a line an entry, with the changed lines of each. */
function useSideTexts(mine: Design, other: Design): SideTexts {
  return useMemo(() => {
    const a = designText(mine).split('\n');
    const b = designText(other).split('\n');
    return { a, b, changed: changedLines(a, b) };
  }, [mine, other]);
}

/**
 * Taking a design: `onTake` writes it (one undo step) and the dialog closes, or it is not valid
 * and `problems` says why (the dialog stays open, nothing changed).
 */
function useTake(onTake: CompareDialogProps['onTake'], onClose: () => void) {
  const [problems, setProblems] = useState<string[]>([]);
  const take = (design: Design, label: string) => {
    const p = onTake(design, label);
    if (p.length) setProblems(p);
    else onClose();
  };
  return { problems, take };
}

interface SideTexts {
  a: string[];
  b: string[];
  changed: { a: boolean[]; b: boolean[] };
}

/** My YAML beside the other one (`other`, its text `otherLabel`), each changed line marked. */
function SideBySide({ texts, other, otherLabel, testIds }: { texts: SideTexts; other: string; otherLabel: string; testIds?: boolean }) {
  return (
    <div className="compare-sides">
      {(['a', 'b'] as const).map((side) => (
        <section key={side} aria-label={side === 'a' ? 'Mine' : other} data-testid={testIds ? (side === 'a' ? 'compare-mine' : 'compare-theirs') : undefined}>
          <h3>{side === 'a' ? 'Mine' : other}</h3>
          <pre className="compare-text" tabIndex={0} aria-label={side === 'a' ? 'My YAML' : otherLabel}>
            {texts[side].map((line, i) =>
              texts.changed[side][i] ? (
                <mark key={i} data-changed="true" className={side === 'a' ? 'compare-del' : 'compare-add'}>
                  {line || ' '}
                </mark>
              ) : (
                <span key={i}>
                  {line}
                  {'\n'}
                </span>
              ),
            )}
          </pre>
        </section>
      ))}
    </div>
  );
}

/** Why the chosen changes were refused (the first five reasons), after `lead`. */
function Problems({ lead, problems }: { lead: string; problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" data-testid="compare-problems">
      <p>{lead}</p>
      <ul>
        {problems.slice(0, 5).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

/** The changes one side made alone, which the merge keeps (`side` names the test ids). */
function TakenChanges({ side, label, heading, changes }: { side: 'mine' | 'theirs'; label: string; heading: string; changes: readonly RawChange[] }) {
  if (changes.length === 0) return null;
  return (
    <section aria-label={label}>
      <h3>
        {heading} ({changes.length})
      </h3>
      <ul className="compare-changes" data-testid={`merge-${side}`}>
        {changes.map((c) => (
          <li key={c.path.join('\u0000')} data-testid={`merge-${side}-change`}>
            <code>{c.path.join('.')}</code>: {changeText(c)}
          </li>
        ))}
      </ul>
    </section>
  );
}
