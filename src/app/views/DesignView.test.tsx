import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadEntry } from '../store';
import { DesignPage } from './DesignView';

const good = `format: bigtable-studio/v1
name: Tiny <b>design</b>
tables:
  - name: t
    rowKey: {template: "{a}#{b}", fields: {a: {type: string, example: "<img src=x>"}, b: {type: int, pad: 3}}}
    families: [{name: f, gc: {maxVersions: 2}}]
`;
const broken = good.replace('type: int', 'type: integer');

function render(yaml: string, table: string | null = null): string {
  const entry = loadEntry({ id: 'd', title: 'D', summary: '', yaml });
  return renderToStaticMarkup(<DesignPage openId="d" entry={entry} selected={table} />);
}

describe('DesignView', () => {
  it('lists the issues of a design that does not load, with file:line:column', () => {
    const html = render(broken);
    expect(html).toContain('This design could not be loaded');
    expect(html).toMatch(/d\.yaml:5:\d+/);
    expect(html).toContain('tables[0].rowKey.fields.b');
  });

  it('renders names and example values as text, never as HTML', () => {
    const html = render(good);
    expect(html).toContain('Tiny &lt;b&gt;design&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).not.toContain('<img');
    expect(html.match(/data-testid="sample-key"/g)).toHaveLength(50);
  });

  it('says so when the table in the address does not exist', () => {
    expect(render(good, 'nope')).toContain('data-testid="table-missing"');
  });

  it('says so when the design does not exist', () => {
    const html = renderToStaticMarkup(<DesignPage openId="missing" entry={undefined} selected={null} />);
    expect(html).toContain('No such design');
    expect(html).toContain('missing');
  });
});
