// A rule's documentation (docs/rules/<id>.md) in a modal dialog. The pages are bundled as text
// and loaded on first open; a tiny Markdown reader turns them into React elements (headings,
// paragraphs, lists, quotes, code, **bold**, `code`, links to other rules), never into HTML.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { closeThroughParent } from '../components/native-dialog';

const PAGES = import.meta.glob('../../../docs/rules/*.md', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;

export function ruleDocLoader(id: string): (() => Promise<string>) | null {
  return PAGES[`../../../docs/rules/${id}.md`] ?? null;
}

function inline(text: string, open: (id: string) => void): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = out.length;
    if (m[1] !== undefined) out.push(<code key={k}>{m[1]}</code>);
    else if (m[2] !== undefined) out.push(<strong key={k}>{m[2]}</strong>);
    else if (m[3] !== undefined) out.push(<em key={k}>{m[3]}</em>);
    else {
      const rule = /^([a-z0-9-]+)\.md$/.exec(m[5]!)?.[1];
      out.push(
        rule && ruleDocLoader(rule) ? (
          <button key={k} type="button" className="link-button" onClick={() => open(rule)}>
            {m[4]}
          </button>
        ) : (
          <span key={k}>{m[4]}</span>
        ),
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Markdown blocks as React elements. */
export function renderMarkdown(md: string, open: (id: string) => void): ReactNode[] {
  const lines = md.split('\n');
  const out: ReactNode[] = [];
  let i = 0;
  const collect = (test: (l: string) => boolean, strip: (l: string) => string) => {
    const acc: string[] = [];
    while (i < lines.length && test(lines[i]!)) acc.push(strip(lines[i++]!));
    return acc;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const k = out.length;
    if (line.startsWith('```')) {
      i++;
      const code = collect(
        (l) => !l.startsWith('```'),
        (l) => l,
      );
      i++;
      out.push(<pre key={k}>{code.join('\n')}</pre>);
    } else if (/^#{1,6} /.test(line)) {
      const level = Math.min(line.indexOf(' ') + 1, 4);
      const text = inline(line.replace(/^#+ /, ''), open);
      out.push(level <= 2 ? <h3 key={k}>{text}</h3> : <h4 key={k}>{text}</h4>);
      i++;
    } else if (line.startsWith('>')) {
      out.push(
        <blockquote key={k}>
          {inline(
            collect(
              (l) => l.startsWith('>'),
              (l) => l.replace(/^> ?/, ''),
            ).join(' '),
            open,
          )}
        </blockquote>,
      );
    } else if (/^\s*- /.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (/^\s*- /.test(lines[i]!) || (/^\s{2,}\S/.test(lines[i]!) && items.length))) {
        const l = lines[i++]!;
        if (/^\s*- /.test(l)) items.push(l.replace(/^\s*- /, ''));
        else items[items.length - 1] += ` ${l.trim()}`;
      }
      out.push(
        <ul key={k}>
          {items.map((t, j) => (
            <li key={j}>{inline(t, open)}</li>
          ))}
        </ul>,
      );
    } else if (line.trim() === '') {
      i++;
    } else {
      out.push(
        <p key={k}>
          {inline(
            collect(
              (l) => l.trim() !== '' && !/^(#|```|>|\s*- )/.test(l),
              (l) => l,
            ).join(' '),
            open,
          )}
        </p>,
      );
    }
  }
  return out;
}

export function RuleDocDialog({ rule, onClose }: { rule: string | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<string | null>(rule);
  const [page, setPage] = useState<{ id: string; text: string } | null>(null);
  useEffect(() => setShown(rule), [rule]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (shown && !d.open) d.showModal();
    if (!shown && d.open) d.close();
    if (!shown) return;
    let live = true;
    const load = ruleDocLoader(shown);
    if (!load) setPage({ id: shown, text: `No documentation page for rule ${shown}.` });
    else void load().then((text) => live && setPage({ id: shown, text }));
    return () => {
      live = false;
    };
  }, [shown]);
  return (
    <dialog ref={ref} className="rule-doc" aria-labelledby="rule-doc-title" {...closeThroughParent(ref, onClose)} data-testid="rule-doc">
      <div className="dialog-head">
        <h2 id="rule-doc-title">
          Rule <code>{shown}</code>
        </h2>
        <button type="button" onClick={onClose} aria-label="Close the rule documentation">
          Close
        </button>
      </div>
      <div className="rule-doc-body">{page && page.id === shown ? renderMarkdown(page.text.replace(/^# .*\n/, ''), setShown) : <p>Loading…</p>}</div>
    </dialog>
  );
}
