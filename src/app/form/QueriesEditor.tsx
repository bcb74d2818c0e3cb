// The queries of a table: name, description, how it matches each key field, value filters,
// order, limit and rate, how the application runs it (kind, latency target, lookback, app
// profile, Data Boost); each with the plan badge the validator computes (point, prefix,
// range, N scans, full scan).
import { memo, useContext } from 'react';
import type { Query } from '../../core/model/schema';
import type { QueryPlan } from '../../core/analysis/query-plan';
import { QueryPlanBadge } from '../panels/QueryPlanBadge';
import { CheckField, NumberField, SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
import { newQuery, onTable, replaceAt, setMatch, setOpt } from './ops';
import { markIn } from '../share/form-marks';
import { CompareMarksContext } from './compare-marks';
import { DescriptionField, type DesignNames, DurationField, flagBinder, keyBinder, PartFieldset, RefField } from './parts';

interface Props {
  ti: number;
  queries: readonly Query[] | undefined;
  /** The key fields in key order. */
  keyFields: readonly string[];
  plans: readonly QueryPlan[];
  edit: Edit;
  names: DesignNames;
  onMove(from: number, qi: number, to: number): void;
}

const KIND = options(['serving', 'batch'] as const, { serving: 'serving', batch: 'batch (export, analytics)' });
const MATCH = options(['eq', 'prefix', 'range'] as const, { eq: 'equals (eq)', prefix: 'prefix', range: 'range' });

/** The other parts a query may name: its app profile, and the table or view that serves it (`unset`: what none means). */
const REFS: readonly { key: 'appProfile' | 'servedBy'; label: string; unset: string; undo: (v: string | undefined) => string }[] = [
  {
    key: 'appProfile',
    label: 'App profile',
    unset: "the table's, else the default",
    undo: (v) => (v ? `Route query through ${v}` : 'Route query through the default profile'),
  },
  { key: 'servedBy', label: 'Served by', unset: "this table's key", undo: (v) => (v ? `Serve query from ${v}` : 'Serve query from its table') },
];

const sameList = <T,>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean) => a.length === b.length && a.every((x, i) => eq(x, b[i]!));
const samePlan = (a: QueryPlan, b: QueryPlan) => a.index === b.index && a.kind === b.kind && a.scans === b.scans && a.start === b.start && a.end === b.end;

/** Re-renders when the queries, the key's fields or a plan changed, not on every edit of the table. */
function propsEqual(a: Props, b: Props): boolean {
  return (
    a.ti === b.ti &&
    a.edit === b.edit &&
    a.onMove === b.onMove &&
    a.queries === b.queries &&
    sameList(a.keyFields, b.keyFields, Object.is) &&
    sameList(a.plans, b.plans, samePlan) &&
    sameList(a.names.tables, b.names.tables, Object.is) &&
    sameList(a.names.views, b.names.views, Object.is) &&
    sameList(a.names.profiles, b.names.profiles, Object.is)
  );
}

export const QueriesEditor = memo(function QueriesEditor({ ti, queries = [], keyFields, plans, edit, names, onMove }: Props) {
  const tableNames = names.tables;
  /** What each of a query's references may name. */
  const choices = { appProfile: names.profiles, servedBy: [...tableNames.filter((_, i) => i !== ti), ...names.views] };
  const onQueries = (fn: (qs: Query[]) => Query[], label: string, path?: (string | number)[]) =>
    edit(
      onTable(ti, (t) => setOpt(t, 'queries', fn(t.queries ?? []))),
      label,
      path && ['tables', ti, 'queries', ...path],
    );
  const compared = useContext(CompareMarksContext);
  return (
    <div className="queries-editor">
      {queries.length === 0 && <p className="notice">No queries yet: add the reads your application will make, to see how each one scans.</p>}
      {queries.map((q, qi) => {
        const at = `tables[${ti}].queries[${qi}]`;
        const onQuery = (fn: (q: Query) => Query, label: string, key?: string) =>
          onQueries((qs) => replaceAt(qs, qi, fn), label, key === undefined ? undefined : [qi, key]);
        const bind = keyBinder(at, q, onQuery);
        const plan = plans.find((p) => p.index === qi);
        /** One of the query's numbers: empty clears it. */
        const num = (key: 'limit' | 'perSecond' | 'latencyMs', label: string, undo: string, integer?: boolean) => (
          <NumberField label={label} {...bind(key, undo, true)} integer={integer} />
        );
        return (
          <PartFieldset
            key={qi}
            kind="Query"
            name={q.name}
            at={at}
            className="query"
            testId="query-editor"
            compare={markIn(compared, at)}
            badge={plan && <QueryPlanBadge plan={plan} />}
          >
            <div className="field-row">
              <TextField label="Query name" path={`${at}.name`} value={q.name} onCommit={(v) => onQuery((x) => ({ ...x, name: v }), 'Rename query', 'name')} />
              <SelectField label="Order" {...bind('order', 'Change query order')} unset="not set" options={options(['newest', 'oldest', 'any'] as const)} />
              {num('limit', 'Limit (rows)', 'Set query limit', true)}
              {num('perSecond', 'Runs per second', 'Set query rate')}
              {REFS.map((r) => (
                <RefField key={r.key} label={r.label} {...bind(r.key, r.undo)} names={choices[r.key]} unset={r.unset} />
              ))}
            </div>
            <div className="field-row" data-testid="query-workload">
              <SelectField label="Kind" {...bind('kind', 'Change query kind', true)} unset="serving (default)" options={KIND} />
              {num('latencyMs', 'Latency target (p99 ms)', 'Set latency target')}
              <DurationField label="Looks back (e.g. 90d)" {...bind('lookback', 'Set lookback', true)} />
              <CheckField className="compact" label="May run on Data Boost" {...flagBinder(at, q, onQuery)('dataBoost', 'Toggle Data Boost', true)} />
            </div>
            <fieldset className="match" data-path={`${at}.match`}>
              <legend>Match on key fields</legend>
              <div className="field-row">
                {keyFields.map((f) => (
                  <SelectField
                    key={f}
                    label={f}
                    path={`${at}.match.${f}`}
                    value={q.match?.[f]}
                    unset="any value"
                    options={MATCH}
                    onCommit={(v) => onQuery((x) => setMatch(x, f, v), `Match ${f} in ${q.name}`)}
                  />
                ))}
              </div>
            </fieldset>
            <TextField
              label="Filters on column values (one per line, e.g. m:temp > 30)"
              path={`${at}.filter`}
              multiline
              value={(q.filter ?? []).join('\n')}
              format={(v) => lines(v).join('\n')}
              onCommit={(v) => onQuery((x) => setOpt(x, 'filter', lines(v).length ? lines(v) : undefined), 'Edit query filters', 'filter')}
            />
            <DescriptionField {...bind('description', 'Edit query description', true)} multiline />
            <button type="button" className="danger" onClick={() => onQueries((qs) => qs.filter((_, j) => j !== qi), `Remove query ${q.name}`)}>
              Remove query
            </button>
            {tableNames.length > 1 && (
              <label className="query-move">
                {' '}
                Move to table{' '}
                <select
                  value=""
                  data-testid="query-move"
                  onChange={(e) => {
                    if (e.target.value !== '') onMove(ti, qi, Number(e.target.value));
                  }}
                >
                  <option value="">choose…</option>
                  {tableNames.map((n, i) =>
                    i === ti ? null : (
                      <option key={`${i}:${n}`} value={i}>
                        {n}
                      </option>
                    ),
                  )}
                </select>
              </label>
            )}
          </PartFieldset>
        );
      })}
      <button type="button" onClick={() => onQueries((qs) => [...qs, newQuery(qs)], 'Add query')}>
        Add query
      </button>
    </div>
  );
}, propsEqual);

const lines = (v: string) =>
  v
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '');
