// A garbage-collection rule builder: maxVersions, maxAge, or a union / intersection of rules,
// nested to any depth. Each level edits its own part of the family's `gc` through `onChange`.
import type { GcRule } from '../../core/model/schema';
import { gcSummary } from '../keyview';
import { NumberField, SelectField, TextField, options } from './fields';
import { gcKind, gcOfKind, type GcKind } from './ops';
import type { EditResult } from '../store';

const KINDS = options(['maxVersions', 'maxAge', 'union', 'intersection'] as const, {
  maxVersions: 'keep N versions (maxVersions)',
  maxAge: 'delete older than (maxAge)',
  union: 'any of (union)',
  intersection: 'all of (intersection)',
});

interface Props {
  rule: GcRule | undefined;
  /** The design path of this rule (`tables[0].families[1].gc.union[0]`). */
  path: string;
  onChange(next: GcRule | undefined, coalesce?: string): EditResult;
  depth?: number;
  /** The rule's number among nested rules ("1", "1.2"); empty at the top. */
  num?: string;
  /** Top level only: a family may have no rule (every cell kept). */
  optional?: boolean;
}

const required = (what: string): EditResult => ({ ok: false, issues: [{ file: '', line: 1, column: 1, path: '', message: `required: ${what}` }] });

export function GcRuleEditor({ rule, path, onChange, depth = 0, num = '', optional = false }: Props) {
  const kind = gcKind(rule);
  return (
    <div className={`gc-rule gc-depth-${Math.min(depth, 3)}`} data-path={path}>
      <div className="field-row">
        <SelectField<GcKind>
          label={num === '' ? 'Garbage collection' : `Rule ${num}`}
          path={`${path}.kind`}
          value={kind === 'none' ? undefined : kind}
          {...(optional ? { unset: 'none: keep every cell' } : {})}
          options={KINDS}
          onCommit={(k) => onChange(gcOfKind(k ?? 'none', rule))}
        />
        {rule && 'maxVersions' in rule && (
          <NumberField
            label="Versions to keep"
            path={`${path}.maxVersions`}
            integer
            value={rule.maxVersions}
            onCommit={(v) => (v === undefined ? required('how many versions to keep') : onChange({ maxVersions: v }, 'maxVersions'))}
          />
        )}
        {rule && 'maxAge' in rule && (
          <TextField
            label="Max age (e.g. 30d, 36h)"
            path={`${path}.maxAge`}
            mono
            value={rule.maxAge}
            onCommit={(v) => onChange({ maxAge: v.trim() }, 'maxAge')}
          />
        )}
      </div>
      {rule && ('union' in rule || 'intersection' in rule) && <Children rule={rule} path={path} onChange={onChange} depth={depth} num={num} />}
      {depth === 0 && <p className="gc-summary hint">{gcSummary(rule)}</p>}
    </div>
  );
}

function Children({
  rule,
  path,
  onChange,
  depth,
  num,
}: {
  rule: { union: GcRule[] } | { intersection: GcRule[] };
  path: string;
  onChange: Props['onChange'];
  depth: number;
  num: string;
}) {
  const key = 'union' in rule ? 'union' : 'intersection';
  const list = 'union' in rule ? rule.union : rule.intersection;
  const wrap = (children: GcRule[]): GcRule => (key === 'union' ? { union: children } : { intersection: children });
  return (
    <ol className="gc-children" aria-label={key === 'union' ? 'Delete when any of these' : 'Delete when all of these'}>
      {list.map((child, i) => (
        <li key={i}>
          <GcRuleEditor
            rule={child}
            path={`${path}.${key}[${i}]`}
            depth={depth + 1}
            num={num ? `${num}.${i + 1}` : String(i + 1)}
            onChange={(next, coalesce) =>
              onChange(wrap(next ? list.map((c, j) => (j === i ? next : c)) : list.filter((_, j) => j !== i)), coalesce && `${key}[${i}].${coalesce}`)
            }
          />
          {list.length > 1 && (
            <button
              type="button"
              className="link-button"
              onClick={() => onChange(wrap(list.filter((_, j) => j !== i)))}
              aria-label={`Remove rule ${num ? `${num}.${i + 1}` : i + 1}`}
            >
              Remove
            </button>
          )}
        </li>
      ))}
      <li>
        <button type="button" className="link-button" onClick={() => onChange(wrap([...list, { maxVersions: 1 }]))}>
          Add a rule to this {key}
        </button>
      </li>
    </ol>
  );
}
