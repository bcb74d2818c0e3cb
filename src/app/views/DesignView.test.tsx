import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { docFromText } from '../documents/docs';
import { verifiedLintOf } from '../lint-cache';
import type { DesignDoc } from '../studio/contract';
import { DesignPage } from './DesignView';

const good = `format: bigtable-studio/v1
name: Tiny <b>design</b>
tables:
  - name: t
    rowKey: {template: "{a}#{b}", fields: {a: {type: string, example: "<img src=x>"}, b: {type: int, pad: 3}}}
    families: [{name: f, gc: {maxVersions: 2}}]
    queries: [{name: all}, {name: one, match: {a: eq, b: eq}}]
`;

function docOf(text: string): DesignDoc {
  const r = docFromText('d', text, 1);
  if (!r.ok) throw new Error('test design does not load');
  return r.doc;
}

const open = (text: string, table: string | null = null, doc = docOf(text)) =>
  renderToStaticMarkup(<DesignPage openId="d" doc={doc} selected={table} tab="form" />);

describe('DesignView', () => {
  it('renders names and example values as text, never as HTML', () => {
    const html = open(good);
    expect(html).toContain('Tiny &lt;b&gt;design&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).not.toContain('<img');
    expect(html.match(/data-testid="sample-key"/g)).toHaveLength(50);
  });

  it('shows the form with labelled inputs, plan badges and findings', () => {
    const doc = docOf(good);
    // On the keystroke's render no fix is offered yet: a fix shows only once it passed its check.
    expect(open(good, null, doc)).not.toContain('Fix: Pad to 6 digits');
    verifiedLintOf(doc.design);
    const html = open(good, null, doc);
    expect(html).toContain('data-testid="design-form"');
    expect(html).toMatch(/<label for="[^"]+">Table name<\/label>/);
    expect(html).toContain('data-plan="full-scan"');
    expect(html).toContain('data-plan="point"');
    expect(html).toContain('data-testid="findings"');
    expect(html).toContain('data-rule="unpadded-number"');
    expect(html).toContain('Fix: Pad to 6 digits');
  });

  it('says so when the table in the address does not exist', () => {
    expect(open(good, 'nope')).toContain('data-testid="table-missing"');
  });

  it('says so when the design does not exist', () => {
    const html = renderToStaticMarkup(<DesignPage openId="missing" doc={undefined} selected={null} tab="form" />);
    expect(html).toContain('No such design');
    expect(html).toContain('missing');
  });

  it('shows the last valid design with a banner when the YAML has errors', () => {
    const broken = {
      ...docOf(good),
      text: 'format: bigtable-studio/v1\nname: [',
      textIssues: [{ file: 'd.yaml', line: 2, column: 7, path: '', message: 'bad' }],
    };
    const html = open(good, null, broken);
    expect(html).toContain('data-testid="text-errors"');
    expect(html).toContain('The YAML has errors.');
    expect(html).toContain('data-testid="table-panel"');
  });
  it('opens on the summary: the key as chips, an example key with its bytes, the verdicts and the counts', () => {
    const html = open(good);
    const at = html.indexOf('data-testid="design-summary"');
    expect(at).toBeGreaterThan(0);
    // Above the tabs and the form: the first thing after the title.
    expect(at).toBeLessThan(html.indexOf('data-testid="tab-form"'));
    expect(html.match(/data-testid="summary-chip"/g)).toHaveLength(2);
    expect(html).toMatch(/data-testid="summary-key" data-hex="[0-9a-f]+"/);
    expect(html).toContain('data-testid="summary-writes"');
    expect(html).toMatch(/data-testid="summary-capacity"[^>]*data-verdict="unknown"/);
    expect(html).toMatch(/data-testid="summary-findings" data-errors="\d+" data-warnings="\d+" data-info="\d+"/);
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
  });
});
