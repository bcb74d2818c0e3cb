// Two studios in one room, without a server: two stores, two Y.Docs that pass their updates to
// each other, and the binding between each store and its room text.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import type { Design } from '../../core/model/schema';
import { docText } from '../documents/docs';
import { createStudioStore } from '../store';
import { bindDoc, mapThrough } from './binding';

const TINY = '# kept comment\nformat: bigtable-studio/v1\nname: Tiny\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: string}}}\n';

/** Two Y.Docs joined like two providers on one server; `online` false holds the updates back. */
function pair() {
  const a = new Y.Doc();
  const b = new Y.Doc();
  let online = true;
  const held: [Y.Doc, Uint8Array][] = [];
  const pass = (to: Y.Doc) => (u: Uint8Array, origin: unknown) => {
    if (origin === 'net') return;
    if (online) Y.applyUpdate(to, u, 'net');
    else held.push([to, u]);
  };
  a.on('update', pass(b));
  b.on('update', pass(a));
  return {
    a,
    b,
    offline: () => (online = false),
    online: () => {
      online = true;
      for (const [to, u] of held.splice(0)) Y.applyUpdate(to, u, 'net');
    },
  };
}

function studio(yaml: string | null, ydoc: Y.Doc, readOnly = false, pendingTyping?: () => string | null, share = ydoc.getText('design').length === 0) {
  const store = createStudioStore([{ id: 'tiny', title: 'Tiny', summary: '', yaml: yaml ?? TINY }], { ready: true });
  store.getState().materializeExample('tiny');
  store.getState().applyRoute({ view: 'design', designId: 'tiny', table: null });
  const refused: number[] = [];
  const binding = bindDoc(store, 'tiny', ydoc.getText('design'), {
    share,
    readOnly: () => readOnly,
    onRefused: () => refused.push(1),
    pendingTyping: pendingTyping ?? (() => null),
  });
  const s = () => store.getState();
  return { store, s, binding, refused, text: () => docText(s().docs['tiny']!) };
}

const renameTable =
  (name: string) =>
  (d: Design): Design => ({ ...d, tables: d.tables.map((t, i) => (i === 0 ? { ...t, name } : t)) });

describe('a design doc bound to a room', () => {
  it('shares the doc into an empty room, and a joiner takes the room text (comments and all)', () => {
    const { a, b } = pair();
    const owner = studio(null, a);
    const joiner = studio('format: bigtable-studio/v1\nname: Other\ntables: []\n', b);
    expect(a.getText('design').toString()).toBe(TINY);
    expect(joiner.text()).toBe(TINY);
    expect(joiner.s().docs['tiny']!.design.name).toBe('Tiny');
    expect(owner.text()).toBe(TINY);
  });

  it('merges a form edit on one side and a YAML edit on the other', () => {
    const { a, b } = pair();
    const x = studio(null, a);
    const y = studio(null, b);
    x.s().editDesign('tiny', renameTable('events'));
    y.s().editText('tiny', y.text() + 'description: added by y\n');
    expect(x.text()).toBe(y.text());
    expect(x.s().docs['tiny']!.design.tables[0]!.name).toBe('events');
    expect(x.s().docs['tiny']!.design.description).toBe('added by y');
    expect(y.s().docs['tiny']!.design.tables[0]!.name).toBe('events');
  });

  it('a form edit keeps the comments and lines others wrote in the text', () => {
    const { a, b } = pair();
    const x = studio(null, a);
    const y = studio(null, b);
    y.s().editText('tiny', y.text().replace('name: Tiny\n', 'name: Tiny\n# a note from y\n'));
    x.s().editDesign('tiny', renameTable('events'));
    expect(y.text()).toContain('# kept comment\n');
    expect(y.text()).toContain('# a note from y\n');
    expect(y.s().docs['tiny']!.design.tables[0]!.name).toBe('events');
    expect(x.text()).toBe(y.text());
  });

  it('undoes only my own change', () => {
    const { a, b } = pair();
    const x = studio(null, a);
    const y = studio(null, b);
    x.s().editText('tiny', x.text().replace('name: Tiny', 'name: Mine'));
    x.binding.undoManager.stopCapturing();
    y.s().editText('tiny', y.text() + 'description: theirs\n');
    expect(x.binding.undoManager.undo()).not.toBeNull();
    expect(x.s().docs['tiny']!.design.name).toBe('Tiny');
    expect(y.s().docs['tiny']!.design.name).toBe('Tiny');
    expect(y.s().docs['tiny']!.design.description).toBe('theirs');
    expect(x.binding.undoManager.redo()).not.toBeNull();
    expect(y.s().docs['tiny']!.design.name).toBe('Mine');
  });

  it('shows a merged text that is not a valid design as an invalid draft, keeping the last valid design', () => {
    const { a, b } = pair();
    const x = studio(null, a);
    const y = studio(null, b);
    x.s().editText('tiny', x.text() + 'tables_typo: 1\n');
    const doc = y.s().docs['tiny']!;
    expect(doc.text).toContain('tables_typo');
    expect(doc.textIssues.length).toBeGreaterThan(0);
    expect(doc.textIssues[0]!.line).toBe(7);
    expect(doc.design.name).toBe('Tiny');
  });

  it('merges edits made apart once the two are joined again', () => {
    const net = pair();
    const x = studio(null, net.a);
    const y = studio(null, net.b);
    net.offline();
    x.s().editDesign('tiny', renameTable('offline_x'));
    y.s().editText('tiny', y.text() + 'description: offline y\n');
    expect(x.text()).not.toBe(y.text());
    net.online();
    expect(x.text()).toBe(y.text());
    expect(y.s().docs['tiny']!.design.tables[0]!.name).toBe('offline_x');
    expect(x.s().docs['tiny']!.design.description).toBe('offline y');
  });

  it('a view link never changes the room: the store goes back to the room text', () => {
    const { a, b } = pair();
    const x = studio(null, a);
    const viewer = studio(null, b, true);
    viewer.s().editDesign('tiny', renameTable('hacked'));
    expect(viewer.refused.length).toBe(1);
    expect(viewer.s().docs['tiny']!.design.tables[0]!.name).toBe('t');
    expect(a.getText('design').toString()).toBe(TINY);
    x.s().editDesign('tiny', renameTable('real'));
    expect(viewer.s().docs['tiny']!.design.tables[0]!.name).toBe('real');
  });

  it('keeps typing not yet handed to the store when a remote change lands', () => {
    const { a, b } = pair();
    const x = studio(null, a);
    // The code view holds typing until its debounce; the store's new text then replaces it (editorBinding.ts).
    let typed: string | null = TINY.replace('# kept comment\n', '# kept comment\n# typed by y\n');
    const y = studio(null, b, false, () => {
      const t = typed;
      typed = null;
      return t;
    });
    x.s().editText('tiny', x.text() + 'description: from x\n');
    expect(y.text()).toContain('# typed by y\n');
    expect(y.text()).toContain('description: from x\n');
    expect(x.text()).toBe(y.text());
  });
});

describe('joining', () => {
  it('a joiner whose room text has not arrived yet never writes its placeholder into the room', () => {
    const net = pair();
    net.offline();
    const owner = studio(null, net.a);
    const joiner = studio('format: bigtable-studio/v1\nname: Placeholder\ntables: []\n', net.b, false, undefined, false);
    expect(net.b.getText('design').toString()).toBe('');
    net.online();
    expect(net.a.getText('design').toString()).toBe(TINY);
    expect(joiner.text()).toBe(TINY);
    expect(owner.text()).toBe(TINY);
  });
});

describe('mapThrough', () => {
  it('moves an offset past insertions and deletions before it', () => {
    expect(mapThrough([{ insert: 'ab' }], 0, 1)).toBe(2);
    expect(mapThrough([{ insert: 'ab' }], 0, -1)).toBe(0);
    expect(mapThrough([{ retain: 3 }, { insert: 'xy' }], 5, 1)).toBe(7);
    expect(mapThrough([{ retain: 3 }, { insert: 'xy' }], 2, 1)).toBe(2);
    expect(mapThrough([{ retain: 1 }, { delete: 4 }], 3, 1)).toBe(1);
    expect(mapThrough([{ retain: 1 }, { delete: 4 }], 8, 1)).toBe(4);
  });
});
