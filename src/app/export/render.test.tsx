// The dialogs as first rendered (react-dom/server: no DOM, no effects). Interaction is tested
// end to end in e2e/export.spec.ts and e2e/share.spec.ts.
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';
import { ShareDialog } from '../share/ShareDialog';
import { SharedLinkBanner, SharedLinkError } from '../share/SharedLinkBanner';
import { ExportDialog } from './ExportDialog';
import { ImportDropZone } from './ImportDropZone';

const chat = (() => {
  const r = loadDesign(readFileSync(new URL('../../../examples/chat-messages.yaml', import.meta.url), 'utf8'), 'chat-messages.yaml');
  if (!r.ok) throw new Error('chat-messages does not load');
  return r.design;
})();
const hostile: Design = {
  format: 'bigtable-studio/v1',
  name: '<img src=x onerror=alert(1)>',
  tables: [{ name: 't', rowKey: { template: 'user#{id}', delimiter: '#', fields: { id: { type: 'string', values: ['<script>alert(1)</script>'] } } } }],
};
const noop = () => undefined;

describe('ExportDialog', () => {
  it('is a labelled modal dialog with a preview of the first format', () => {
    const html = renderToStaticMarkup(<ExportDialog design={chat} tableName={chat.tables[0]!.name} onClose={noop} />);
    expect(html).toMatch(/role="dialog"/);
    expect(html).toMatch(/aria-modal="true"/);
    expect(html).toMatch(/aria-labelledby="[^"]+"/);
    expect(html).toContain('role="tablist"');
    expect(html).toContain('Apply to Bigtable');
    expect(html).toMatch(/<pre[^>]*data-testid="export-preview"[^>]*>[^<]*fields:/);
    expect(html).toContain('data-testid="export-download"');
    expect(html).toMatch(/<label for="([^"]+)">Format<\/label><select id="\1"/);
  });

  it('lists the reasons instead of a preview when the format cannot express the design, as text', () => {
    const html = renderToStaticMarkup(<ExportDialog design={hostile} tableName="t" onClose={noop} />);
    expect(html).toContain('data-testid="export-error"');
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/constant segment &quot;user&quot; has no field/);
    expect(html).not.toContain('data-testid="export-preview"');
    expect(html).toMatch(/data-testid="export-download"[^>]*disabled|disabled=""[^>]*data-testid="export-download"/);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders exported text as text (a preview with markup in it stays escaped)', () => {
    const html = renderToStaticMarkup(<ExportDialog design={hostile} onClose={noop} initialFormat="design" />);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('shows the apply commands, emulator first', () => {
    const html = renderToStaticMarkup(<ExportDialog design={chat} tableName={chat.tables[0]!.name} onClose={noop} initialTab="apply" />);
    const emu = html.indexOf('BIGTABLE_EMULATOR_HOST=127.0.0.1:8086 npx btstudio apply');
    const cloud = html.indexOf('--dry-run');
    expect(emu).toBeGreaterThan(0);
    expect(cloud).toBeGreaterThan(emu);
    expect(html).toContain('data-testid="apply-download-design"');
  });
});

describe('ShareDialog', () => {
  it('shows the link on the given base and its length', () => {
    const html = renderToStaticMarkup(<ShareDialog design={chat} base="https://studio.example.com/" onClose={noop} />);
    expect(html).toMatch(/role="dialog"/);
    expect(html).toContain('https://studio.example.com/#d=1.');
    expect(html).toMatch(/\d[\d,]* characters/);
    expect(html).toMatch(/<label for="([^"]+)">Link<\/label><textarea id="\1"/);
    expect(html).toMatch(/<label for="([^"]+)">Link address[^<]*<\/label><div class="inline-row"><input id="\1"/);
  });
});

describe('SharedLinkBanner', () => {
  it('says it is a shared copy and names the suffixed name on a clash, as text', () => {
    const html = renderToStaticMarkup(
      <SharedLinkBanner design={{ ...hostile, name: 'Chat <b>' }} existingNames={['Chat <b>']} onSave={noop} onDismiss={noop} />,
    );
    expect(html).toContain('This is a shared copy');
    expect(html).toContain('Save to my designs');
    expect(html).toContain('Chat &lt;b&gt; (2)');
    expect(html).not.toContain('<b>');
  });
  it('shows a bad link as an alert', () => {
    const html = renderToStaticMarkup(<SharedLinkError message="This link is cut off." onDismiss={noop} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('This link is cut off.');
  });
});

describe('ImportDropZone', () => {
  it('has a labelled file input', () => {
    const html = renderToStaticMarkup(<ImportDropZone onNewDesign={noop} />);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Open a file…<\/label><input id="\1"[^>]*type="file"/);
  });
});
