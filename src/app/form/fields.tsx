// Labelled form controls for the editor. Text and number inputs keep a draft while the user
// types: each keystroke is offered to the store, which takes it when the design stays valid
// (one undo step per burst, by coalesce key) and otherwise says why beside the input, keeping
// what was typed. A change from elsewhere (undo, the YAML view) replaces the draft.
import { useId, useState, type ReactNode } from 'react';
import type { EditResult } from '../store';
import { useCompareMark } from './compare-marks';

export type Commit<T> = (value: T) => EditResult;

function firstProblem(r: EditResult, path: string): string | null {
  if (r.ok) return null;
  const own = r.issues.find((i) => i.path === path) ?? r.issues[0];
  if (!own) return 'not accepted';
  return own.path && own.path !== path ? `${own.path}: ${own.message}` : own.message;
}

/** Draft state that follows `value` when it changes from outside. */
function useDraft(value: string) {
  const [state, setState] = useState({ draft: value, from: value, error: null as string | null });
  if (state.from !== value && state.draft !== value) setState({ draft: value, from: value, error: null });
  else if (state.from !== value) setState({ ...state, from: value });
  return [state, setState] as const;
}

interface BaseProps {
  label: string;
  /** The design path this control edits (`tables[0].name`): reveal targets and error matching. */
  path: string;
  hint?: ReactNode;
  className?: string;
}

function Shell({ id, label, path, hint, error, className, children }: BaseProps & { id: string; error: string | null; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`} data-path={path} data-compare={useCompareMark(path)}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function TextField(
  props: BaseProps & {
    value: string;
    onCommit: Commit<string>;
    /** The value the store will show for a draft, when it normalises it (a list: "a, b,"  -> "a, b"). */
    format?: (draft: string) => string;
    multiline?: boolean;
    placeholder?: string;
    mono?: boolean;
  },
) {
  const id = useId();
  const [s, setS] = useDraft(props.value);
  const change = (draft: string) => {
    const error = firstProblem(props.onCommit(draft), props.path);
    setS({ draft, from: error ? props.value : (props.format?.(draft) ?? draft), error });
  };
  const common = {
    id,
    value: s.draft,
    placeholder: props.placeholder,
    'aria-invalid': s.error ? true : undefined,
    'aria-describedby': s.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined,
    className: props.mono ? 'mono' : undefined,
    spellCheck: props.mono ? false : undefined,
  };
  return (
    <Shell {...props} id={id} error={s.error}>
      {props.multiline ? (
        <textarea {...common} rows={2} onChange={(e) => change(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => change(e.target.value)} />
      )}
    </Shell>
  );
}

/** A list of names as comma-separated text (`a, b`): shown as the store will keep it, committed as the list. */
export function ListField(props: BaseProps & { value: readonly string[] | undefined; mono?: boolean; onCommit: Commit<string[]> }) {
  return <TextField {...props} value={(props.value ?? []).join(', ')} format={(x) => splitList(x).join(', ')} onCommit={(x) => props.onCommit(splitList(x))} />;
}

/** A number, or empty for "not set" (the format's default). */
export function NumberField(
  props: BaseProps & { value: number | undefined; onCommit: Commit<number | undefined>; integer?: boolean; min?: number; placeholder?: string },
) {
  const id = useId();
  const shown = props.value === undefined ? '' : String(props.value);
  const [s, setS] = useDraft(shown);
  const change = (draft: string) => {
    const t = draft.trim();
    const n = t === '' ? undefined : Number(t);
    let error: string | null = null;
    if (n !== undefined && !Number.isFinite(n)) error = 'a number, e.g. 42 or 0.5';
    else if (n !== undefined && props.integer && !Number.isInteger(n)) error = 'a whole number';
    else error = firstProblem(props.onCommit(n), props.path);
    setS({ draft, from: error ? shown : t === '' ? '' : String(n), error });
  };
  return (
    <Shell {...props} id={id} error={s.error}>
      <input
        id={id}
        type="text"
        inputMode={props.integer ? 'numeric' : 'decimal'}
        value={s.draft}
        placeholder={props.placeholder}
        aria-invalid={s.error ? true : undefined}
        aria-describedby={s.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
        onChange={(e) => change(e.target.value)}
      />
    </Shell>
  );
}

export interface Option<T extends string> {
  value: T;
  label: string;
}

/** A choice; `''` is the "not set" option when `unset` is given. */
export function SelectField<T extends string>(
  props: BaseProps & { value: T | undefined; options: readonly Option<T>[]; unset?: string; onCommit: Commit<T | undefined> },
) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Shell {...props} id={id} error={error}>
      <select
        id={id}
        value={props.value ?? ''}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setError(firstProblem(props.onCommit(e.target.value === '' ? undefined : (e.target.value as T)), props.path))}
      >
        {props.unset !== undefined && <option value="">{props.unset}</option>}
        <Options options={props.options} />
      </select>
    </Shell>
  );
}

/** A select's choices, one `<option>` each, in order (the form's selects and the dialogs' pickers). */
export function Options({ options }: { options: readonly Option<string>[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

export function CheckField(props: BaseProps & { checked: boolean; onCommit: Commit<boolean> }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const mark = useCompareMark(props.path);
  return (
    <div
      className={`field field-check${error ? ' field-invalid' : ''}${props.className ? ` ${props.className}` : ''}`}
      data-path={props.path}
      data-compare={mark}
    >
      <input id={id} type="checkbox" checked={props.checked} onChange={(e) => setError(firstProblem(props.onCommit(e.target.checked), props.path))} />
      <label htmlFor={id}>{props.label}</label>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Comma-separated text <-> a list (of strings, or of numbers with `numbers`). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export const options = <T extends string>(values: readonly T[], labels: Partial<Record<T, string>> = {}): Option<T>[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));
