// The row-key builder: fields as chips in key order (add, remove, reorder by drag or Alt+Left /
// Alt+Right), the template, delimiter and encoding, the live example key coloured by segment
// with its byte length, and the selected field's settings.
import { useContext, useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { layoutOf, type KeyLayout } from '../../core/keys/template';
import { FIELD_TYPES, type FieldType, type Table } from '../../core/model/schema';
import { KeyExample } from '../components/KeyExample';
import { colourSlot } from '../keyview';
import { useStudio } from '../store';
import { FieldSettings } from './FieldSettings';
import { SelectField, TextField, options } from './fields';
import type { Edit } from './hooks';
import { addKeyField, freshName, moveKeyField, onTable, removeKeyField, setDelimiter, setOpt } from './ops';
import { markIn } from '../share/form-marks';
import { CompareMarksContext } from './compare-marks';

interface Props {
  docId: string;
  ti: number;
  table: Table;
  edit: Edit;
}

function layoutOrNull(t: Table): KeyLayout | null {
  try {
    return layoutOf(t.rowKey);
  } catch {
    return null;
  }
}

/**
 * The field a reveal request points into, when it is new: read during render (not in an
 * effect), so the field's settings are on screen in the same commit that the form scrolls in.
 */
function useRevealedField(docId: string, ti: number): string | null {
  const target = useStudio((s) => s.revealTarget);
  const [seen, setSeen] = useState(0);
  if (!target || target.seq === seen) return null;
  setSeen(target.seq);
  const p = target.docId === docId ? target.path : null;
  return p && p[0] === 'tables' && p[1] === ti && p[2] === 'rowKey' && p[3] === 'fields' && typeof p[4] === 'string' ? p[4] : null;
}

export function KeyBuilder({ docId, ti, table, edit }: Props) {
  const rk = table.rowKey;
  const layout = layoutOrNull(table);
  const names = layout?.fields ?? Object.keys(rk.fields);
  const [selected, setSelected] = useState<string | null>(names[0] ?? null);
  const compared = useContext(CompareMarksContext);
  const [problem, setProblem] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [newType, setNewType] = useState<FieldType>('string');
  const [dragging, setDragging] = useState<string | null>(null);
  const revealed = useRevealedField(docId, ti);
  if (revealed !== null && revealed !== selected) setSelected(revealed);
  const dataFields = useMemo(() => Object.keys(rk.fields).filter((n) => rk.fields[n]?.type !== 'hash'), [rk.fields]);
  const current = selected && rk.fields[selected] ? selected : (names[0] ?? null);
  const base = ['tables', ti, 'rowKey'] as const;

  const run = (recipe: (t: Table) => Table, label: string, key?: string) => {
    const r = edit(onTable(ti, recipe), label, key ? [...base, key] : undefined);
    setProblem(r.ok ? null : (r.issues[0]?.message ?? 'not accepted'));
    return r;
  };
  const moveBy = (name: string, delta: number) => run((t) => ({ ...t, rowKey: moveKeyField(t.rowKey, name, delta) }), `Move key field ${name}`, `move:${name}`);
  const segIndex = (name: string) => layout?.segments.findIndex((s) => s.field === name) ?? -1;

  const onChipKey = (e: KeyboardEvent, name: string) => {
    if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    moveBy(name, e.key === 'ArrowLeft' ? -1 : 1);
  };
  const onDrop = (e: DragEvent, target: string) => {
    e.preventDefault();
    const from = dragging ?? e.dataTransfer.getData('text/plain');
    setDragging(null);
    if (from && from !== target) moveBy(from, segIndex(target) - segIndex(from));
  };
  const add = () => {
    const name = newName.trim() || freshName('field', Object.keys(rk.fields));
    if (rk.fields[name]) return setProblem(`the key already has a field "${name}"`);
    const r = run((t) => ({ ...t, rowKey: addKeyField(t.rowKey, name, newType) }), `Add key field ${name}`);
    if (r.ok) {
      setNewName('');
      setSelected(name);
    }
  };

  return (
    <div className="key-builder">
      <ol className="chips" aria-label="Key fields in key order (Alt+Left and Alt+Right move the focused field)" data-path={`tables[${ti}].rowKey.fields`}>
        {names.map((name, i) => (
          <li
            key={name}
            className={`chip seg-${layout ? colourSlot(layout, name) : i % 8}${dragging === name ? ' chip-dragging' : ''}`}
            draggable
            data-testid="key-chip"
            data-field={name}
            data-compare={markIn(compared, `tables[${ti}].rowKey.fields.${name}`)}
            onDragStart={(e) => {
              e.dataTransfer.setData('text/plain', name);
              e.dataTransfer.effectAllowed = 'move';
              setDragging(name);
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, name)}
          >
            <button type="button" className="chip-main" aria-pressed={name === current} onClick={() => setSelected(name)} onKeyDown={(e) => onChipKey(e, name)}>
              <span className="chip-pos">{i + 1}</span> {name} <span className="chip-type">{rk.fields[name]?.type ?? '?'}</span>
            </button>
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove key field ${name}`}
              onClick={() => run((t) => removeKeyField(t, name), `Remove key field ${name}`)}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <form
        className="inline-form"
        aria-label="Add a key field"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label>
          New field name
          <input type="text" value={newName} onChange={(e) => setNewName(e.target.value)} placeholder="e.g. device" spellCheck={false} />
        </label>
        <label>
          Type
          <select value={newType} onChange={(e) => setNewType(e.target.value as FieldType)}>
            {FIELD_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <button type="submit">Add field</button>
      </form>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="field-row">
        <TextField
          label="Template"
          path={`tables[${ti}].rowKey.template`}
          mono
          value={rk.template}
          onCommit={(v) => run((t) => ({ ...t, rowKey: { ...t.rowKey, template: v } }), 'Edit key template', 'template')}
          className="grow"
        />
        <TextField
          label="Delimiter"
          path={`tables[${ti}].rowKey.delimiter`}
          mono
          value={rk.delimiter ?? layout?.delimiter ?? ''}
          hint={rk.delimiter === undefined && layout?.delimiter ? 'inferred' : undefined}
          onCommit={(v) => run((t) => ({ ...t, rowKey: setDelimiter(t.rowKey, v) }), 'Change delimiter', 'delimiter')}
        />
        <SelectField
          label="Encoding"
          path={`tables[${ti}].rowKey.encoding`}
          value={rk.encoding}
          unset="delimited (default)"
          options={options(['orderedCode', 'singleton'] as const)}
          onCommit={(v) => run((t) => ({ ...t, rowKey: setOpt(t.rowKey, 'encoding', v) }), 'Change key encoding')}
        />
      </div>
      <KeyExample rowKey={rk} />
      {current && rk.fields[current] && (
        <FieldSettings
          key={names.indexOf(current)}
          ti={ti}
          index={names.indexOf(current)}
          name={current}
          onRenamed={setSelected}
          field={rk.fields[current]}
          dataFields={dataFields}
          edit={edit}
          rowKey={rk}
        />
      )}
    </div>
  );
}
