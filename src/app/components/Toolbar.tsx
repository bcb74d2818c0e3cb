// The header's commands (undo, redo, new design, the palette) and the save status. Labels,
// shortcuts and whether a button applies come from the command registry.
import { COMMANDS, isMac } from '../commands/app-commands';
import { shortcutText, type CommandId } from '../commands/registry';
import { selectRedoLabel, selectUndoLabel, useStudio } from '../store';

function ToolButton({ id, text }: { id: CommandId; text?: string }) {
  const cmd = COMMANDS.find((c) => c.id === id)!;
  const enabled = useStudio((s) => cmd.enabled(s));
  const detail = useStudio((s) => (id === 'edit.undo' ? selectUndoLabel(s) : id === 'edit.redo' ? selectRedoLabel(s) : null));
  const keys = cmd.shortcut ? shortcutText(cmd.shortcut, isMac) : null;
  const title = [detail ? `${cmd.label}: ${detail}` : cmd.label, keys && `(${keys})`].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className="tool"
      disabled={!enabled}
      title={title}
      aria-keyshortcuts={keys?.replace('Ctrl', 'Control') ?? undefined}
      onClick={() => cmd.perform(useStudio.getState())}
      data-command={id}
    >
      {text ?? cmd.label}
    </button>
  );
}

function SaveStatus() {
  const persist = useStudio((s) => s.persist);
  // A design another tab changed is not saved here until the user chooses (the conflict banner says so): the header agrees.
  const conflicts = useStudio((s) => Object.keys(s.conflicts).length);
  const modeText = {
    loading: 'Opening your designs…',
    saving: 'Saving…',
    saved: 'Saved in this browser',
    memory: 'Not saved',
    readonly: 'Not saved (read-only)',
  }[persist.mode];
  const text =
    conflicts > 0 && (persist.mode === 'saved' || persist.mode === 'saving')
      ? `Not saved: ${conflicts === 1 ? 'a design' : `${conflicts} designs`} changed in another tab`
      : modeText;
  return (
    <span
      className={`save-status save-${persist.mode}`}
      data-testid="save-status"
      data-mode={persist.mode}
      data-conflicts={conflicts}
      data-history={persist.historyPending ? 'pending' : 'saved'}
      role="status"
    >
      {text}
    </span>
  );
}

export function Toolbar() {
  return (
    <div className="toolbar" role="toolbar" aria-label="Studio">
      <ToolButton id="edit.undo" />
      <ToolButton id="edit.redo" />
      <ToolButton id="design.new" />
      <ToolButton id="palette.open" text="Commands" />
      <SaveStatus />
    </div>
  );
}
