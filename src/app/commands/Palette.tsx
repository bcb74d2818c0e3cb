// The command palette (Ctrl+K): every command that applies now, filtered as you type, chosen
// with the arrow keys and Enter, each with its shortcut. A modal <dialog>: focus stays inside,
// Escape closes it and focus returns where it was.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { closeThroughParent } from '../components/native-dialog';
import { useStudio } from '../store';
import { isMac } from './app-commands';
import { filterCommands, shortcutText, type Command } from './registry';
import './palette.css';

export function Palette({ commands }: { commands: readonly Command[] }) {
  const open = useStudio((s) => s.paletteOpen);
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  // Which commands apply follows the store while the palette is open (a view that finishes
  // loading after Ctrl+K enables its commands): the ids as one string, so only a change re-renders.
  const enabledIds = useStudio((s) =>
    open
      ? commands
          .filter((c) => c.id !== 'palette.open' && c.enabled(s))
          .map((c) => c.id)
          .join(' ')
      : '',
  );
  const shown = useMemo(() => {
    const enabled = new Set(enabledIds.split(' '));
    return filterCommands(commands, query).filter((c) => enabled.has(c.id));
  }, [commands, query, enabledIds]);

  // Each opening starts from an empty query: on the store's own transition, so a close and a
  // reopen that React renders as one (Escape, then Ctrl+K at once) still start afresh.
  useEffect(
    () =>
      useStudio.subscribe((s, prev) => {
        if (s.paletteOpen && !prev.paletteOpen) {
          setQuery('');
          setActive(0);
        }
      }),
    [],
  );
  // The <dialog> follows the store after every render, whatever the order of events.
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  });

  const close = () => useStudio.getState().setPaletteOpen(false);
  const run = (c: Command | undefined) => {
    if (!c) return;
    close();
    c.perform(useStudio.getState());
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = shown.length || 1;
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : Math.max(0, shown.length - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(shown[active]);
    }
  };
  const current = Math.min(active, Math.max(0, shown.length - 1));

  return (
    <dialog
      ref={ref}
      className="palette"
      aria-label="Command palette"
      {...closeThroughParent(ref, close, () => useStudio.getState().paletteOpen)}
      data-testid="palette"
    >
      <input
        type="text"
        role="combobox"
        aria-label="Type a command"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={shown[current] ? `${listId}-${current}` : undefined}
        aria-autocomplete="list"
        placeholder="Type a command…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKey}
        autoFocus
      />
      <ul id={listId} role="listbox" aria-label="Commands">
        {shown.map((c, i) => (
          <li
            key={c.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === current}
            className={i === current ? 'active' : undefined}
            onMouseMove={() => setActive(i)}
            onClick={() => run(c)}
            data-command={c.id}
          >
            <span className="palette-group">{c.group}</span>
            <span className="palette-label">{c.label}</span>
            {c.shortcut && <kbd>{shortcutText(c.shortcut, isMac)}</kbd>}
          </li>
        ))}
        {shown.length === 0 && (
          <li role="option" aria-selected="false" aria-disabled="true" className="muted">
            No command matches
          </li>
        )}
      </ul>
    </dialog>
  );
}
