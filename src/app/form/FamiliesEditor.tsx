// Column families of a table: name, description, GC rule (nested builder), aggregate type, and
// columns (qualifier, dynamic, perRow, valueBytes, versions, counter, value type).
import { memo } from 'react';
import { COLUMN_TYPES, type Column, type Family, type GcRule } from '../../core/model/schema';
import { CheckField, NumberField, SelectField, TextField, options } from './fields';
import { GcRuleEditor } from './GcRuleEditor';
import type { Edit } from './hooks';
import { move, newFamily, onTable, replaceAt, setOpt } from './ops';
import { useCompareMarkIn } from './compare-marks';
import { DescriptionField, flagBinder, IdField, keyBinder, PartFieldset } from './parts';

interface Props {
  ti: number;
  families: readonly Family[] | undefined;
  edit: Edit;
}

export const FamiliesEditor = memo(function FamiliesEditor({ ti, families = [], edit }: Props) {
  const onFamilies = (fn: (fs: Family[]) => Family[], label: string, path?: (string | number)[]) =>
    edit(
      onTable(ti, (t) => setOpt(t, 'families', fn(t.families ?? []))),
      label,
      path && ['tables', ti, 'families', ...path],
    );
  return (
    <div className="families-editor">
      {families.length === 0 && <p className="notice">No column families yet: a table needs at least one to hold data.</p>}
      {families.map((f, fi) => (
        <FamilyEditor key={fi} ti={ti} fi={fi} family={f} count={families.length} onFamilies={onFamilies} />
      ))}
      <button type="button" onClick={() => onFamilies((fs) => [...fs, newFamily(fs)], 'Add family')}>
        Add family
      </button>
    </div>
  );
});

type OnFamilies = (fn: (fs: Family[]) => Family[], label: string, path?: (string | number)[]) => ReturnType<Edit>;

function FamilyEditor({ ti, fi, family, count, onFamilies }: { ti: number; fi: number; family: Family; count: number; onFamilies: OnFamilies }) {
  const at = `tables[${ti}].families[${fi}]`;
  const onFamily = (fn: (f: Family) => Family, label: string, key?: string) =>
    onFamilies((fs) => replaceAt(fs, fi, fn), label, key === undefined ? undefined : [fi, key]);
  const bind = keyBinder(at, family, onFamily);
  const flag = flagBinder(at, family, onFamily);
  const columns = family.columns ?? [];
  const onColumns = (fn: (cs: Column[]) => Column[], label: string, key?: string) => onFamily((f) => setOpt(f, 'columns', fn(f.columns ?? [])), label, key);
  return (
    <PartFieldset kind="Family" name={family.name} at={at} className="family" testId="family-editor" compare={useCompareMarkIn(at)}>
      <div className="field-row">
        <IdField label="Family name" path={`${at}.name`} value={family.name} onCommit={(v) => onFamily((f) => ({ ...f, name: v }), 'Rename family', 'name')} />
        <SelectField label="Aggregate" {...bind('aggregate', 'Change aggregate')} unset="none" options={options(['sum', 'min', 'max', 'hll'] as const)} />
        <CheckField className="compact" label="Holds personal data" {...flag('personalData', 'Toggle personal data', true)} />
        <div className="row-actions">
          <button
            type="button"
            disabled={fi === 0}
            onClick={() => onFamilies((fs) => move(fs, fi, fi - 1), 'Move family up')}
            aria-label={`Move family ${family.name} up`}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={fi === count - 1}
            onClick={() => onFamilies((fs) => move(fs, fi, fi + 1), 'Move family down')}
            aria-label={`Move family ${family.name} down`}
          >
            ↓
          </button>
          <button type="button" className="danger" onClick={() => onFamilies((fs) => fs.filter((_, j) => j !== fi), `Remove family ${family.name}`)}>
            Remove family
          </button>
        </div>
      </div>
      <DescriptionField {...bind('description', 'Edit family description', true)} multiline />
      <GcRuleEditor
        rule={family.gc}
        path={`${at}.gc`}
        optional
        onChange={(gc: GcRule | undefined, coalesce?: string) => onFamily((f) => setOpt(f, 'gc', gc), 'Change GC rule', coalesce && `gc.${coalesce}`)}
      />
      {/* Scrolls on its own when the form is narrow (1024 px beside the side panel), never under the side panel. */}
      <div className="scroll-x" data-testid="columns-scroll">
        <table className="grid columns-grid" aria-label={`Columns of ${family.name}`}>
          <thead>
            <tr>
              <th scope="col">Qualifier</th>
              <th scope="col">Dynamic</th>
              <th scope="col">Per row</th>
              <th scope="col">Value bytes</th>
              <th scope="col">Versions</th>
              <th scope="col">Counter</th>
              <th scope="col">Type</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {columns.map((c, ci) => {
              const cat = `${at}.columns[${ci}]`;
              const setCol = (fn: (c: Column) => Column, label: string, key?: string) =>
                onColumns((cs) => replaceAt(cs, ci, fn), label, key && `columns[${ci}].${key}`);
              const n = (key: 'perRow' | 'valueBytes' | 'versions', label: string) => (
                <NumberField
                  label={`${label} of ${c.qualifier}`}
                  className="compact"
                  path={`${cat}.${key}`}
                  integer
                  value={c[key]}
                  onCommit={(v) => setCol((x) => setOpt(x, key, v), `Set ${key}`, key)}
                />
              );
              return (
                <tr key={ci} data-path={cat}>
                  <td>
                    <TextField
                      label={`Qualifier ${ci + 1}`}
                      className="compact"
                      path={`${cat}.qualifier`}
                      mono
                      value={c.qualifier}
                      onCommit={(v) => setCol((x) => ({ ...x, qualifier: v }), 'Edit qualifier', 'qualifier')}
                    />
                  </td>
                  <td>
                    <CheckField
                      className="compact"
                      label={`Dynamic (${c.qualifier})`}
                      path={`${cat}.dynamic`}
                      checked={c.dynamic === true}
                      onCommit={(v) => setCol((x) => setOpt(setOpt(x, 'dynamic', v || undefined), 'perRow', v ? x.perRow : undefined), 'Toggle dynamic')}
                    />
                  </td>
                  <td>{c.dynamic ? n('perRow', 'Per row') : <span className="muted">—</span>}</td>
                  <td>{n('valueBytes', 'Value bytes')}</td>
                  <td>{n('versions', 'Versions')}</td>
                  <td>
                    <CheckField className="compact" label={`Counter (${c.qualifier})`} {...flagBinder(cat, c, setCol)('counter', 'Toggle counter')} />
                  </td>
                  <td>
                    <SelectField
                      label={`Type of ${c.qualifier}`}
                      className="compact"
                      path={`${cat}.type`}
                      value={c.type}
                      unset={family.aggregate ? 'int64 (default)' : 'bytes (default)'}
                      options={options(COLUMN_TYPES)}
                      onCommit={(v) =>
                        setCol(
                          (x) => setOpt(setOpt(x, 'type', v), 'message', v === 'proto' ? (x.message ?? 'package.Message') : undefined),
                          'Set column type',
                          'type',
                        )
                      }
                    />
                    {c.type === 'proto' ? (
                      <TextField
                        label={`Message of ${c.qualifier}`}
                        className="compact"
                        path={`${cat}.message`}
                        mono
                        value={c.message ?? ''}
                        onCommit={(v) => setCol((x) => setOpt(x, 'message', v || undefined), 'Set proto message', 'message')}
                      />
                    ) : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Remove column ${c.qualifier}`}
                      onClick={() => onColumns((cs) => cs.filter((_, j) => j !== ci), `Remove column ${c.qualifier}`)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button type="button" className="link-button" onClick={() => onColumns((cs) => [...cs, { qualifier: freshQualifier(cs) }], 'Add column')}>
        Add column to {family.name}
      </button>
    </PartFieldset>
  );
}

function freshQualifier(cs: readonly Column[]): string {
  const taken = new Set(cs.map((c) => c.qualifier));
  for (let n = cs.length + 1; ; n++) if (!taken.has(`col${n}`)) return `col${n}`;
}
