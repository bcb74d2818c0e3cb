// The pieces every list editor of the form repeats: a fieldset per part of the design (a
// cluster, a family, a view) whose legend names it, the part's id field, a choice among the
// names of other parts (and the lists of names to choose from), a list's "deletion protection"
// box, a description, a duration, and the binders that tie a field to one key of a part (its
// path, its value and the edit that sets it), so a field says only its label and its own props.
import type { ReactNode } from 'react';
import type { EditResult } from '../store';
import { CheckField, type Commit, options, type Option, SelectField, TextField } from './fields';
import { setOpt } from './ops';

/** The names the shown table's fields may refer to, each list in design order. */
export interface DesignNames {
  /** Every table's (a query can move to any other, a table can be written with another). */
  tables: readonly string[];
  /** The materialized views over the shown table (a query may be served by one). */
  views: readonly string[];
  /** The instance's app profile ids (traffic may name one). */
  profiles: readonly string[];
}

/** The names to offer, with `current` added when it names none of them (a reference to a part that is gone stays shown). */
export const choicesWith = (names: readonly string[], current: string | undefined): Option<string>[] =>
  options(current === undefined || names.includes(current) ? names : [...names, current]);

/** One part in a list editor: `<kind> <name>` in the legend (and `badge` after it), the fields inside. */
export function PartFieldset(props: {
  kind: string;
  name: string;
  /** The part's design path (`instance.clusters[0]`). */
  at: string;
  className: string;
  testId: string;
  compare?: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className={props.className} data-path={props.at} data-testid={props.testId} data-compare={props.compare}>
      <legend>
        {props.kind} <code>{props.name}</code>
        {props.badge && <> {props.badge}</>}
      </legend>
      {props.children}
    </fieldset>
  );
}

/** The id (or name) of a part: monospaced text. */
export function IdField(props: { label: string; path: string; value: string; hint?: string; onCommit: Commit<string> }) {
  return <TextField label={props.label} path={props.path} mono value={props.value} hint={props.hint} onCommit={props.onCommit} />;
}

/**
 * A choice among the names of other parts (tables, views, app profiles), `unset` for none;
 * shown only when there is one to choose or one is set.
 */
export function RefField(props: {
  label: string;
  path: string;
  value: string | undefined;
  names: readonly string[];
  unset: string;
  onCommit: Commit<string | undefined>;
}) {
  if (props.names.length === 0 && props.value === undefined) return null;
  return (
    <SelectField
      label={props.label}
      path={props.path}
      value={props.value}
      unset={props.unset}
      options={choicesWith(props.names, props.value)}
      onCommit={props.onCommit}
    />
  );
}

/**
 * Binds a field to one optional key of a part, as react-hook-form's `register` does: the field's
 * design path and value, and the edit that sets the key (undefined leaves it out). `undo` names
 * the edit (from the new value, when a function); with `coalesce`, a typing burst is one undo step.
 * `on` edits the part; its `key`, when given, is the coalescing path inside the part.
 */
export function keyBinder<T extends object>(at: string, part: T, on: (fn: (o: T) => T, undo: string, key?: string) => EditResult) {
  return <K extends keyof T & string>(key: K, undo: string | ((v: T[K] | undefined) => string), coalesce = false) => ({
    path: `${at}.${key}`,
    value: part[key],
    onCommit: (v: T[K] | undefined) => on((o) => setOpt(o, key, v), typeof undo === 'string' ? undo : undo(v), coalesce ? key : undefined),
  });
}

/** `keyBinder` for a check box: set stores `true`, cleared leaves the key out. */
export function flagBinder<T extends object>(at: string, part: T, on: (fn: (o: T) => T, undo: string, key?: string) => EditResult) {
  const bind = keyBinder(at, part, on);
  return <K extends keyof T & string>(key: K, undo: string | ((v: T[K] | undefined) => string), coalesce = false) => {
    const { path, value, onCommit } = bind(key, undo, coalesce);
    return { path, checked: value === true, onCommit: (v: boolean) => onCommit((v || undefined) as T[K] | undefined) };
  };
}

/** A part's deletion protection (set: true; cleared: the key is left out). */
export function DeletionProtectionField(props: { at: string; checked: boolean | undefined; onCommit: Commit<boolean> }) {
  return <CheckField label="Deletion protection" path={`${props.at}.deletionProtection`} checked={props.checked === true} onCommit={props.onCommit} />;
}

/** A part's description: free text (`multiline` for the larger parts); empty leaves the key out. */
export function DescriptionField(props: { path: string; value: string | undefined; multiline?: boolean; onCommit: Commit<string | undefined> }) {
  return (
    <TextField label="Description" path={props.path} multiline={props.multiline} value={props.value ?? ''} onCommit={(v) => props.onCommit(v || undefined)} />
  );
}

/** A duration in the format's notation (`30s`, `90d`), monospaced; trimmed, and empty clears it. */
export function DurationField(props: { label: string; path: string; value: string | undefined; hint?: string; onCommit: Commit<string | undefined> }) {
  return (
    <TextField label={props.label} path={props.path} mono value={props.value ?? ''} hint={props.hint} onCommit={(v) => props.onCommit(v.trim() || undefined)} />
  );
}
