import { describe, expect, it } from 'vitest';
import type { Design } from '../../core/model/schema';
import { takeRunRequest } from '../sim/link';
import { createStudioStore } from '../store';
import { EXPORT_FORMATS, EXPORTERS } from '../../core/outputs';
import {
  commandForKey,
  createCommands,
  EXPORT_COMMAND_LABELS,
  filterCommands,
  matches,
  parseShortcut,
  shortcutText,
  type CommandId,
  type KeyLike,
} from './registry';

const tiny = {
  id: 'tiny',
  title: 'Tiny',
  summary: '',
  yaml: 'format: bigtable-studio/v1\nname: Tiny\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: string}}}\n  - name: u\n    rowKey: {template: "{a}", fields: {a: {type: string}}}\n',
};

function setup() {
  const store = createStudioStore([tiny], { ready: true });
  const went: string[] = [];
  const commands = createCommands({ store, navigate: (h) => went.push(h) });
  const run = (id: CommandId) => {
    const c = commands.find((x) => x.id === id)!;
    const s = store.getState();
    if (!c.enabled(s)) return false;
    c.perform(s);
    return true;
  };
  return { store, s: () => store.getState(), commands, went, run };
}

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('the command registry', () => {
  it('has unique ids and unique, parseable shortcuts, each with a label and group', () => {
    const { commands } = setup();
    expect(new Set(commands.map((c) => c.id)).size).toBe(commands.length);
    const keys = commands.flatMap((c) => [c.shortcut, ...(c.alsoKeys ?? [])]).filter((k): k is string => !!k);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(parseShortcut(k).key).toMatch(/^\S+$/);
    for (const c of commands) expect(c.label.length * c.group.length).toBeGreaterThan(0);
  });

  it('avoids keys the browser keeps for itself', () => {
    const { commands } = setup();
    const keys = commands.flatMap((c) => [c.shortcut, ...(c.alsoKeys ?? [])]).filter((k): k is string => !!k);
    for (const k of keys) expect(k).not.toMatch(/^(Alt\+\d|Alt\+F$|Mod\+[NTW]$)/);
  });

  it('maps keys to commands: Ctrl or Cmd, Shift, and Alt with physical keys', () => {
    const { commands } = setup();
    expect(commandForKey(commands, key('z', { ctrlKey: true }))?.id).toBe('edit.undo');
    expect(commandForKey(commands, key('z', { metaKey: true }))?.id).toBe('edit.undo');
    expect(commandForKey(commands, key('Z', { ctrlKey: true, shiftKey: true }))?.id).toBe('edit.redo');
    expect(commandForKey(commands, key('y', { ctrlKey: true }))?.id).toBe('edit.redo');
    expect(commandForKey(commands, key('k', { ctrlKey: true }))?.id).toBe('palette.open');
    expect(commandForKey(commands, { ...key('Ÿ', { altKey: true, shiftKey: true }), code: 'KeyY' })?.id).toBe('view.yaml');
    expect(commandForKey(commands, key('z'))).toBeUndefined();
    expect(matches(key('z', { ctrlKey: true, altKey: true }), 'Mod+Z')).toBe(false);
  });

  it('says shortcuts the way the keyboard does', () => {
    expect(shortcutText('Mod+Shift+Z')).toBe('Ctrl+Shift+Z');
    expect(shortcutText('Mod+Shift+Z', true)).toBe('⌘⇧Z');
  });

  it('enables undo and redo only when there is something to undo or redo', () => {
    const { s, run } = setup();
    s().materializeExample('tiny');
    expect(run('edit.undo')).toBe(false);
    s().editDesign('tiny', (d: Design) => ({ ...d, name: 'X' }));
    expect(run('edit.undo')).toBe(true);
    expect(s().docs['tiny']!.design.name).toBe('Tiny');
    expect(run('edit.redo')).toBe(true);
    expect(s().docs['tiny']!.design.name).toBe('X');
  });

  it('share, export, import and simulate do what their buttons do', () => {
    const store = createStudioStore([tiny], { ready: true });
    const went: string[] = [];
    const clicked: string[] = [];
    const commands = createCommands({ store, navigate: (h) => went.push(h), click: (sel) => clicked.push(sel) });
    const run = (id: CommandId) => {
      const c = commands.find((x) => x.id === id)!;
      if (!c.enabled(store.getState())) return false;
      c.perform(store.getState());
      return true;
    };
    expect(run('design.share')).toBe(false);
    expect(run('design.import')).toBe(true);
    store.getState().applyRoute({ view: 'design', designId: 'tiny', table: 'u' });
    expect(run('design.share') && run('design.export') && run('table.simulate')).toBe(true);
    // From the form, Simulate asks the Simulate tab to run the table when it mounts (no button to click yet).
    expect(clicked).toEqual(['[data-testid="import-file"]', '[data-testid="share-open"]', '[data-testid="export-open"]']);
    expect(went).toEqual(['#/design/tiny/u?view=simulate']);
    expect(takeRunRequest('tiny', 'u')).toBe(true);
    expect(takeRunRequest('tiny', 'u')).toBe(false);
    // On the Simulate tab it presses Run.
    store.getState().applyRoute({ view: 'design', designId: 'tiny', table: 'u', tab: 'simulate' });
    expect(run('table.simulate')).toBe(true);
    expect(clicked.at(-1)).toBe('[data-testid="sim-run"]');
    expect(takeRunRequest('tiny', 'u')).toBe(false);
  });

  it('has one Export command per export format, labelled as the dialog labels it, that opens the dialog at that format', () => {
    const store = createStudioStore([tiny], { ready: true });
    const asked: string[] = [];
    const commands = createCommands({ store, navigate: () => {}, exportAs: (f) => asked.push(f) });
    expect(Object.keys(EXPORT_COMMAND_LABELS)).toEqual([...EXPORT_FORMATS]);
    for (const f of EXPORT_FORMATS) expect(EXPORT_COMMAND_LABELS[f], f).toBe(EXPORTERS[f].label);
    const exports = commands.filter((c) => c.id.startsWith('export.'));
    expect(exports.map((c) => c.id)).toEqual(EXPORT_FORMATS.map((f) => `export.${f}`));
    expect(exports.every((c) => !c.enabled(store.getState()))).toBe(true); // no design open
    store.getState().applyRoute({ view: 'design', designId: 'tiny', table: 't' });
    for (const c of exports) {
      expect(c.enabled(store.getState())).toBe(true);
      c.perform(store.getState());
    }
    expect(asked).toEqual([...EXPORT_FORMATS]);
    expect(filterCommands(commands, 'export: cbt').map((c) => c.id)).toEqual(['export.cbt']);
  });

  it('Plan opens the Capacity plan, from the sorter by way of the form', () => {
    const store = createStudioStore([tiny], { ready: true });
    const went: string[] = [];
    const focused: string[] = [];
    const commands = createCommands({ store, navigate: (h) => went.push(h), focus: (sel) => focused.push(sel) });
    const plan = commands.find((c) => c.id === 'table.plan')!;
    expect(plan.enabled(store.getState())).toBe(false);
    store.getState().applyRoute({ view: 'design', designId: 'tiny', table: 'u', tab: 'sorter' });
    plan.perform(store.getState());
    expect(went).toEqual(['#/design/tiny/u']);
    expect(focused).toEqual(['#capacity-heading']);
  });

  it('duplicates the selected table after it, and opens the copy', () => {
    const { s, run, went } = setup();
    expect(run('table.duplicate')).toBe(false);
    s().applyRoute({ view: 'design', designId: 'tiny', table: 't' });
    expect(run('table.duplicate')).toBe(true);
    expect(s().docs['tiny']!.design.tables.map((t) => t.name)).toEqual(['t', 't_copy', 'u']);
    expect(went.pop()).toBe('#/design/tiny/t_copy');
  });

  it('runs design and table commands against the open design, and navigates', () => {
    const { s, run, went } = setup();
    expect(run('design.duplicate')).toBe(false);
    s().applyRoute({ view: 'design', designId: 'tiny', table: null });
    expect(run('table.next')).toBe(true);
    expect(went.pop()).toBe('#/design/tiny/u');
    expect(run('view.yaml')).toBe(true);
    expect(went.pop()).toBe('#/design/tiny?view=yaml');
    expect(run('table.add')).toBe(true);
    expect(s().docs['tiny']!.design.tables.map((t) => t.name)).toEqual(['t', 'u', 'table']);
    expect(run('design.duplicate')).toBe(true);
    expect(s().docOrder).toHaveLength(2);
    expect(run('design.delete')).toBe(true);
    expect(s().docs['tiny']).toBeUndefined();
    expect(went.pop()).toBe('#/');
    expect(run('edit.undo')).toBe(true);
    expect(s().docs['tiny']).toBeDefined();
  });

  it('filters by every word typed, against label and group', () => {
    const { commands } = setup();
    expect(filterCommands(commands, 'und').map((c) => c.id)).toEqual(['edit.undo']);
    expect(filterCommands(commands, 'theme dark').map((c) => c.id)).toEqual(['theme.dark']);
    expect(filterCommands(commands, '')).toHaveLength(commands.length);
  });

  it('ranks a command named exactly by the query first: `terraform` is Export: Terraform, not the Export dialog that lists it', () => {
    const { commands } = setup();
    const ids = (q: string) => filterCommands(commands, q).map((c) => c.id);
    expect(ids('terraform')[0]).toBe('export.terraform');
    expect(ids('terraform')).toContain('design.export');
    expect(ids('TERRAFORM')[0]).toBe('export.terraform');
    expect(ids('cbt')[0]).toBe('export.cbt');
    expect(ids('gcloud')[0]).toBe('export.gcloud');
    expect(ids('undo')[0]).toBe('edit.undo');
    // Equal ranks keep the list order.
    expect(ids('export')).toEqual(commands.filter((c) => `${c.group} ${c.label}`.toLowerCase().includes('export')).map((c) => c.id));
  });

  it("New design focuses the new design's name", () => {
    const store = createStudioStore([tiny], { ready: true });
    const focused: string[] = [];
    const commands = createCommands({ store, navigate: () => undefined, focus: (sel) => focused.push(sel) });
    commands.find((c) => c.id === 'design.new')!.perform(store.getState());
    expect(focused).toEqual(['[data-path="name"] input']);
  });
});
