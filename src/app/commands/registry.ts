// Every user command in one registry (Excalidraw's actions/register.ts): id, label, shortcut,
// whether it applies now, and what it does. The toolbar, the keyboard and the command palette
// (Ctrl+K) all read this list, so a command has one label and one shortcut everywhere.
import { designHref, galleryHref } from '../routing';
import { requestRun } from '../sim/link';
import type { StudioState, StudioStore } from '../store';
import type { DesignView } from '../studio/contract';
import { model } from '../model';
import { newTable } from '../form/ops';
import { duplicateTable } from '../form/table-ops';
import { setTheme, type Theme } from './theme';
// A type only: the exporters themselves stay in the Export dialog's lazy chunk.
import { EXPORT_FORMATS, OUTPUT_FORMATS, type ExportFormat } from '../../core/output-formats';
import { docText } from '../documents/docs';

/**
 * Every command id: a typo in an id a button or test names fails to compile.
 * A new command adds its id here. Commands other branches add (e.g. `plan.show` from the
 * capacity plan) go here too, in their group.
 */
export type CommandId =
  | 'edit.undo'
  | 'edit.redo'
  | 'palette.open'
  | 'go.gallery'
  | 'design.new'
  | 'design.duplicate'
  | 'design.rename'
  | 'design.delete'
  | 'design.download'
  | 'design.discardText'
  | 'design.share'
  | 'design.shareLive'
  | 'design.export'
  | 'design.import'
  | 'table.add'
  | 'table.duplicate'
  | 'table.next'
  | 'table.previous'
  | 'table.simulate'
  | 'table.plan'
  | `export.${ExportFormat}`
  | `view.${DesignView}`
  | 'findings.focus'
  | `theme.${Theme}`;

export interface Command {
  id: CommandId;
  label: string;
  group: 'Edit' | 'Design' | 'Table' | 'View' | 'Go' | 'Theme';
  /** Shown and matched: "Mod+Z" (Mod is Ctrl, or Cmd on a Mac), "Alt+Shift+Y", "Mod+Shift+Z". Browser-reserved keys (Alt+digit, Alt+F, Ctrl+N) are avoided. */
  shortcut?: string;
  /** More keys for the same command (Ctrl+Y for redo). */
  alsoKeys?: string[];
  enabled(s: StudioState): boolean;
  perform(s: StudioState): void;
}

export interface CommandEnv {
  store: StudioStore;
  navigate(href: string): void;
  /** Saves a file (the browser's download); absent in tests. */
  download?(name: string, mime: string, text: string): void;
  /** Moves keyboard focus to an element by selector. */
  focus?(selector: string): void;
  /** Clicks the element once it is on the page (a dialog's button, a file input, Run): the palette does what the button does. */
  click?(selector: string): void;
  /** Opens the Export dialog at a format (what choosing it in the dialog does). */
  exportAs?(format: ExportFormat): void;
}

/** One palette command per export format, labelled as the dialog's format list labels them (core/output-formats.ts). */
export const EXPORT_COMMAND_LABELS: Record<ExportFormat, string> = Object.fromEntries(EXPORT_FORMATS.map((f) => [f, OUTPUT_FORMATS[f].label])) as Record<
  ExportFormat,
  string
>;

const openDoc = (s: StudioState) => (s.view === 'design' && s.openDesignId ? s.docs[s.openDesignId] : undefined);
const tableIndex = (s: StudioState) => {
  const d = openDoc(s)?.design;
  if (!d) return -1;
  return s.selectedTable === null ? (d.tables.length ? 0 : -1) : d.tables.findIndex((t) => t.name === s.selectedTable);
};

export function createCommands(env: CommandEnv): Command[] {
  const { navigate } = env;
  const tab = (t: DesignView, key: string, label: string): Command => ({
    id: `view.${t}`,
    label: `Show ${label}`,
    group: 'View',
    shortcut: `Alt+Shift+${key}`,
    enabled: (s) => !!openDoc(s),
    perform: (s) => navigate(designHref(s.openDesignId!, s.selectedTable, t)),
  });
  const stepTable = (delta: number) => (s: StudioState) => {
    const d = openDoc(s)!.design;
    const next = d.tables[(tableIndex(s) + delta + d.tables.length) % d.tables.length];
    if (next) navigate(designHref(s.openDesignId!, next.name, s.designTab));
  };
  const theme = (t: Theme, label: string): Command => ({ id: `theme.${t}`, label, group: 'Theme', enabled: () => true, perform: () => setTheme(t) });

  return [
    { id: 'edit.undo', label: 'Undo', group: 'Edit', shortcut: 'Mod+Z', enabled: (s) => s.history.past.length > 0, perform: (s) => s.undo() },
    {
      id: 'edit.redo',
      label: 'Redo',
      group: 'Edit',
      shortcut: 'Mod+Shift+Z',
      alsoKeys: ['Mod+Y'],
      enabled: (s) => s.history.future.length > 0,
      perform: (s) => s.redo(),
    },
    { id: 'palette.open', label: 'Command palette', group: 'Go', shortcut: 'Mod+K', enabled: () => true, perform: (s) => s.setPaletteOpen(true) },
    {
      id: 'go.gallery',
      label: 'Go to the gallery',
      group: 'Go',
      shortcut: 'Alt+Shift+G',
      enabled: (s) => s.view !== 'gallery',
      perform: () => navigate(galleryHref()),
    },
    {
      id: 'design.new',
      label: 'New design',
      group: 'Design',
      shortcut: 'Alt+Shift+N',
      enabled: (s) => s.persist.mode !== 'loading',
      perform: (s) => {
        navigate(designHref(s.newDesign()));
        // The work starts at the name: focus it (not the page, 15 tabs away).
        env.focus?.('[data-path="name"] input');
      },
    },
    {
      id: 'design.duplicate',
      label: 'Duplicate this design',
      group: 'Design',
      enabled: (s) => !!openDoc(s),
      perform: (s) => navigate(designHref(s.duplicateDesign(s.openDesignId!)!)),
    },
    {
      id: 'design.rename',
      label: 'Rename this design',
      group: 'Design',
      enabled: (s) => !!openDoc(s),
      perform: (s) => {
        navigate(designHref(s.openDesignId!, s.selectedTable));
        env.focus?.('[data-path="name"] input');
      },
    },
    {
      id: 'design.delete',
      label: 'Delete this design',
      group: 'Design',
      enabled: (s) => !!openDoc(s),
      perform: (s) => {
        s.deleteDesign(s.openDesignId!);
        navigate(galleryHref());
      },
    },
    {
      id: 'design.download',
      label: 'Download this design as YAML',
      group: 'Design',
      enabled: (s) => !!openDoc(s) && !!env.download,
      perform: (s) => {
        const doc = openDoc(s)!;
        const out = model().exportDesign(doc.design, null, { as: 'yaml' });
        env.download?.(out.filename, out.mime, doc.textIssues.length ? out.text : docText(doc));
      },
    },
    {
      id: 'design.discardText',
      label: 'Discard YAML errors (back to the last valid design)',
      group: 'Design',
      enabled: (s) => (openDoc(s)?.textIssues.length ?? 0) > 0,
      perform: (s) => s.revertText(s.openDesignId!),
    },
    {
      id: 'table.add',
      label: 'Add a table',
      group: 'Table',
      enabled: (s) => !!openDoc(s),
      perform: (s) => {
        const t = newTable(openDoc(s)!.design);
        if (s.editDesign(s.openDesignId!, (d) => ({ ...d, tables: [...d.tables, t] }), { label: 'Add table' }).ok)
          navigate(designHref(s.openDesignId!, t.name));
      },
    },
    // What the design's buttons do, from the palette and menus (the buttons stay the one place the dialogs open from).
    ...(
      [
        ['design.share', 'Share this design (a link)', 'share-open'],
        ['design.shareLive', 'Share live (edit together: an edit link and a view link)', 'live-share-open'],
        ['design.export', 'Export this design (gcloud, cbt, Terraform, code, SQL, Markdown, YAML)', 'export-open'],
      ] as const
    ).map(
      ([id, label, testId]): Command => ({
        id,
        label,
        group: 'Design',
        enabled: (s) => !!openDoc(s) && !!env.click,
        perform: () => env.click?.(`[data-testid="${testId}"]`),
      }),
    ),
    {
      id: 'design.import',
      label: 'Import a file (design, row_key_schema.yaml, gcloud describe)',
      group: 'Design',
      enabled: () => !!env.click,
      perform: () => env.click?.('[data-testid="import-file"]'),
    },
    {
      id: 'table.simulate',
      label: 'Simulate this table (run)',
      group: 'Table',
      enabled: (s) => tableIndex(s) >= 0 && !!env.click,
      perform: (s) => {
        const t = openDoc(s)!.design.tables[tableIndex(s)]!;
        // On the Simulate tab its Run button runs it; from elsewhere the tab runs it once it mounts (sim/link.ts).
        if (s.designTab === 'simulate') {
          navigate(designHref(s.openDesignId!, t.name, 'simulate'));
          env.click?.('[data-testid="sim-run"]');
          return;
        }
        requestRun(s.openDesignId!, t.name);
        navigate(designHref(s.openDesignId!, t.name, 'simulate'));
      },
    },
    {
      id: 'table.plan',
      label: 'Plan capacity (open the Capacity plan: nodes and cost)',
      group: 'Table',
      enabled: (s) => !!openDoc(s) && !!env.focus,
      perform: (s) => {
        // The plan sits beside the form and the YAML; from the sorter or the simulation, go to the form.
        if (s.designTab !== 'form' && s.designTab !== 'yaml') navigate(designHref(s.openDesignId!, s.selectedTable, 'form'));
        env.focus?.('#capacity-heading');
      },
    },
    ...(Object.keys(EXPORT_COMMAND_LABELS) as ExportFormat[]).map(
      (f): Command => ({
        id: `export.${f}`,
        label: `Export: ${EXPORT_COMMAND_LABELS[f]}`,
        group: 'Design',
        enabled: (s) => !!openDoc(s) && !!env.exportAs,
        perform: () => env.exportAs?.(f),
      }),
    ),
    {
      id: 'table.duplicate',
      label: 'Duplicate this table',
      group: 'Table',
      enabled: (s) => tableIndex(s) >= 0,
      perform: (s) => {
        const r = duplicateTable(openDoc(s)!.design, tableIndex(s));
        if (r && s.editDesign(s.openDesignId!, () => r.design, { label: 'Duplicate table' }).ok) navigate(designHref(s.openDesignId!, r.name));
      },
    },
    {
      id: 'table.next',
      label: 'Next table',
      group: 'Table',
      shortcut: 'Alt+PageDown',
      enabled: (s) => (openDoc(s)?.design.tables.length ?? 0) > 1,
      perform: stepTable(1),
    },
    {
      id: 'table.previous',
      label: 'Previous table',
      group: 'Table',
      shortcut: 'Alt+PageUp',
      enabled: (s) => (openDoc(s)?.design.tables.length ?? 0) > 1,
      perform: stepTable(-1),
    },
    tab('form', 'F', 'the form'),
    tab('yaml', 'Y', 'the YAML'),
    tab('sorter', 'S', 'the key sorter'),
    tab('simulate', 'M', 'the simulation'),
    tab('diagram', 'D', 'the diagram'),
    {
      id: 'findings.focus',
      label: 'Go to the findings',
      group: 'Go',
      shortcut: 'Alt+Shift+L',
      enabled: (s) => !!openDoc(s) && (s.designTab === 'form' || s.designTab === 'yaml'),
      perform: () => env.focus?.('#findings-heading'),
    },
    theme('system', 'Theme: follow the system'),
    theme('light', 'Theme: light'),
    theme('dark', 'Theme: dark'),
  ];
}

// ---- Shortcuts ----

export interface KeyChord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

export function parseShortcut(s: string): KeyChord {
  const parts = s.split('+');
  const key = parts.pop()!.toLowerCase();
  return { mod: parts.includes('Mod'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), key };
}

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The key a chord names, from the event: Alt+digit reads the physical key (Alt changes `key` on a Mac). */
function keyOf(e: KeyLike): string {
  const m = /^(Digit|Key)(.)$/.exec(e.code ?? '');
  if (e.altKey && m) return m[2]!.toLowerCase();
  return e.key.toLowerCase();
}

export function matches(e: KeyLike, shortcut: string): boolean {
  const c = parseShortcut(shortcut);
  return c.mod === (e.ctrlKey || e.metaKey) && c.shift === e.shiftKey && c.alt === e.altKey && c.key === keyOf(e);
}

export function commandForKey(commands: readonly Command[], e: KeyLike): Command | undefined {
  return commands.find((c) => [c.shortcut, ...(c.alsoKeys ?? [])].some((k) => k !== undefined && matches(e, k)));
}

/** "Mod+Shift+Z" as the user's keyboard says it: "Ctrl+Shift+Z" (or "⌘⇧Z" on a Mac). */
export function shortcutText(shortcut: string, mac = false): string {
  if (!mac) return shortcut.replace('Mod', 'Ctrl');
  return shortcut.replace('Mod+', '⌘').replace('Shift+', '⇧').replace('Alt+', '⌥');
}

/** Commands whose label (or group) contains every word typed, in registry order. */
/**
 * How well a command's name answers the query: 0 when the query is its name (the label, the
 * label after "Export: ", or the last part of its id: `terraform` is "Export: Terraform"),
 * 1 when its name starts with the query, 2 otherwise.
 */
function rank(c: Command, q: string): number {
  const label = c.label.toLowerCase();
  const names = [label, label.slice(label.indexOf(': ') + 2), c.id.slice(c.id.lastIndexOf('.') + 1).toLowerCase()];
  if (names.includes(q)) return 0;
  return names.some((n) => n.startsWith(q)) ? 1 : 2;
}

/** The commands whose group and label hold every word of the query; the best named first, else in list order. */
export function filterCommands(commands: readonly Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = commands.filter((c) => {
    const text = `${c.group} ${c.label}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const q = words.join(' ');
  if (!q) return found;
  return found
    .map((c, i) => ({ c, i, r: rank(c, q) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}
