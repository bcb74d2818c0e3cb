// Settings of one key field: its name and type, and every option the format has for that type
// (docs/design-format.md §3.4). Options left empty use the format's defaults.
import { memo, useMemo } from 'react';
import { fieldSamples } from '../../core/keys/readable';
import type { Field, FieldType, RowKey } from '../../core/model/schema';
import { FIELD_TYPES } from '../../core/model/schema';
import { CheckField, ListField, NumberField, SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
import { onTable, renameKeyField, setFieldType } from './ops';
import { DescriptionField, IdField, PartFieldset } from './parts';

interface Props {
  ti: number;
  /** The field's position in the key (a rename keeps one undo step per burst). */
  index: number;
  name: string;
  onRenamed(name: string): void;
  field: Field;
  /** The key's fields that are not salts (what a salt may hash). */
  dataFields: readonly string[];
  edit: Edit;
  /** The whole row key: the preview of generated values needs it (salts hash other fields). */
  rowKey?: RowKey;
}

/** A string field left to the default generator writes random letters (kccxnmvd). */
const randomLetters = (f: Field) => f.type === 'string' && !f.values && !f.prefix && (f.alphabet ?? 'lower') === 'lower';

const DISTRIBUTIONS = options(['uniform', 'zipf', 'sequential', 'hot'] as const);

const UUID_VERSIONS = options(['4', '7'] as const, { '4': 'v4, random', '7': 'v7, time-ordered' });

export const FieldSettings = memo(function FieldSettings({ ti, index, name, onRenamed, field, dataFields, edit, rowKey }: Props) {
  const samples = useMemo(() => (rowKey ? fieldSamples(rowKey, name, 4) : []), [rowKey, name]);
  const at = `tables[${ti}].rowKey.fields.${name}`;
  const path = ['tables', ti, 'rowKey', 'fields', name];
  /** Sets one option of this field (undefined removes it). */
  const set = (key: string, value: unknown, label = `Set ${name}.${key}`) =>
    edit(
      onTable(ti, (t) => {
        const f = { ...(t.rowKey.fields[name] as Record<string, unknown>) };
        if (value === undefined) delete f[key];
        else f[key] = value;
        return { ...t, rowKey: { ...t.rowKey, fields: { ...t.rowKey.fields, [name]: f as Field } } };
      }),
      label,
      [...path, key],
    );
  const o = field as Record<string, unknown>;
  const num = (key: string, label: string, integer = true, hint?: string) => (
    <NumberField label={label} path={`${at}.${key}`} value={o[key] as number | undefined} integer={integer} hint={hint} onCommit={(v) => set(key, v)} />
  );
  const choice = <T extends string>(key: string, label: string, values: readonly T[], unset: string) => (
    <SelectField label={label} path={`${at}.${key}`} value={o[key] as T | undefined} unset={unset} options={options(values)} onCommit={(v) => set(key, v)} />
  );
  const check = (key: string, label: string) => (
    <CheckField label={label} path={`${at}.${key}`} checked={o[key] === true} onCommit={(v) => set(key, v ? true : undefined)} />
  );
  const distribution = (
    <>
      <SelectField
        label="Distribution"
        path={`${at}.distribution`}
        value={o.distribution as string | undefined}
        unset="uniform (default)"
        options={DISTRIBUTIONS.slice(1)}
        onCommit={(v) => set('distribution', v)}
      />
      {(o.distribution === 'zipf' || o.skew !== undefined) && num('skew', 'Zipf skew', false, 'default 1.1')}
      {(o.distribution === 'hot' || o.share !== undefined) && num('share', 'Hot share (0-1]', false)}
    </>
  );
  const otherFields = dataFields.filter((n) => n !== name);

  return (
    <PartFieldset kind="Field" name={name} at={at} className="field-settings" testId="field-settings">
      <div className="field-row">
        <IdField
          label="Name"
          path={at}
          value={name}
          onCommit={(v) => {
            const r = edit(
              onTable(ti, (t) => renameKeyField(t, name, v.trim())),
              `Rename key field ${name}`,
              ['tables', ti, 'rowKey', 'rename', index],
            );
            if (r.ok) onRenamed(v.trim());
            return r;
          }}
        />
        <SelectField
          label="Type"
          path={`${at}.type`}
          value={field.type}
          options={options(FIELD_TYPES)}
          onCommit={(v) =>
            edit(
              onTable(ti, (t) => ({ ...t, rowKey: setFieldType(t.rowKey, name, (v ?? 'string') as FieldType) })),
              `Change type of ${name}`,
            )
          }
        />
        {field.type !== 'hash' && (
          <TextField
            label="Example value"
            path={`${at}.example`}
            mono
            value={o.example === undefined ? '' : String(o.example)}
            onCommit={(v) => set('example', v === '' ? undefined : (field.type === 'int' || field.type === 'timestamp') && /^-?\d+$/.test(v) ? Number(v) : v)}
          />
        )}
      </div>
      {samples.length > 0 && (
        <p className="field-samples" data-testid="field-samples">
          Generated values:{' '}
          {samples.map((v, i) => (
            <span key={i}>
              {i > 0 && ', '}
              <code>{v}</code>
            </span>
          ))}
          {o.example !== undefined && (
            <>
              {' '}
              · the example key uses <code>{String(o.example)}</code>
            </>
          )}
        </p>
      )}
      {randomLetters(field) && (
        <p className="field-hint" data-testid="field-samples-hint">
          These read as random letters. For a small closed set (cities, statuses) list the Values; for ids, a Prefix with the digits alphabet reads as{' '}
          <code>drv-0042317</code>.
        </p>
      )}
      <DescriptionField path={`${at}.description`} value={field.description} multiline onCommit={(v) => set('description', v)} />
      <div className="field-row">
        {field.type === 'string' && (
          <>
            <ListField
              label="Values (comma-separated)"
              path={`${at}.values`}
              value={field.values}
              onCommit={(v) => set('values', v.length ? v : undefined)}
              className="grow"
            />
            <ListField
              label="Weights (one per value)"
              path={`${at}.weights`}
              value={field.weights?.map(String)}
              onCommit={(v) => set('weights', v.length ? v.map(Number) : undefined)}
            />
            {num('cardinality', 'Cardinality')}
            {num('length', 'Length', true, 'default 8')}
            <TextField label="Prefix" path={`${at}.prefix`} mono value={field.prefix ?? ''} onCommit={(v) => set('prefix', v === '' ? undefined : v)} />
            {choice('alphabet', 'Alphabet', ['alnum', 'lower', 'hex', 'digits'] as const, 'lower (default)')}
            {distribution}
          </>
        )}
        {field.type === 'int' && (
          <>
            {choice('encoding', 'Encoding', ['bigEndian', 'orderedCode'] as const, 'decimal (default)')}
            {num('min', 'Min', true, 'default 0')}
            {num('max', 'Max')}
            {num('cardinality', 'Cardinality')}
            {num('pad', 'Pad to digits')}
            {distribution}
          </>
        )}
        {field.type === 'timestamp' && (
          <>
            {choice('unit', 'Unit', ['s', 'us'] as const, 'ms (default)')}
            {check('reversed', 'Reversed (newest first)')}
            {choice('bucket', 'Bucket', ['minute', 'hour', 'day', 'week', 'month'] as const, 'none')}
            {choice('format', 'Format', ['iso'] as const, 'epoch (default)')}
            {choice('encoding', 'Encoding', ['bigEndian'] as const, 'decimal (default)')}
            {num('pad', 'Pad to digits')}
          </>
        )}
        {field.type === 'domain' && (
          <>
            {num('cardinality', 'Cardinality')}
            {check('reversed', 'Reversed (com.example.www)')}
            {distribution}
          </>
        )}
        {field.type === 'bytes' && num('length', 'Length in bytes', true, 'default 8')}
        {field.type === 'hash' && (
          <>
            {num('buckets', 'Buckets')}
            {num('pad', 'Pad to digits')}
            <fieldset className="check-group" data-path={`${at}.of`}>
              <legend>Hash of (none checked: every other field)</legend>
              {otherFields.map((n) => (
                <CheckField
                  key={n}
                  label={n}
                  path={`${at}.of.${n}`}
                  checked={field.of?.includes(n) ?? false}
                  onCommit={(on) => {
                    const of = on ? [...(field.of ?? []), n] : (field.of ?? []).filter((x) => x !== n);
                    return set('of', of.length ? of : undefined);
                  }}
                />
              ))}
            </fieldset>
          </>
        )}
        {field.type === 'uuid' && (
          <SelectField
            label="UUID version"
            path={`${at}.version`}
            value={field.version === undefined ? undefined : (String(field.version) as '4' | '7')}
            unset="default (v4)"
            options={UUID_VERSIONS}
            hint={field.version === 7 ? 'time-ordered: new values sort last, like a timestamp' : 'random: writes spread, no order'}
            onCommit={(v) => set('version', v === undefined ? undefined : Number(v))}
          />
        )}
      </div>
    </PartFieldset>
  );
});
