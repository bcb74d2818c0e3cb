// A small, strict XML reader for tests of XML we write (JUnit): it refuses what is not
// well-formed XML 1.0 (unbalanced or mismatched tags, unquoted or repeated attributes, a bare
// & or <, an unknown entity, a character XML forbids, text outside the root) and returns the
// element tree. No DTDs, no namespaces: our output has neither.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (/[<]/.test(raw)) throw new Error(`XML: a bare < near offset ${at}`);
  return raw.replace(/&([^;]*);?/g, (m, name: string) => {
    if (!m.endsWith(';')) throw new Error(`XML: a bare & near offset ${at}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const num = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name);
    if (num) return String.fromCodePoint(num[1]!.startsWith('x') ? Number.parseInt(num[1]!.slice(1), 16) : Number(num[1]));
    throw new Error(`XML: unknown entity &${name}; near offset ${at}`);
  });
}

export function parseXml(text: string): XmlElement {
  const bad = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.exec(text);
  if (bad) throw new Error(`XML: character U+${bad[0].codePointAt(0)!.toString(16)} is not allowed (offset ${bad.index})`);
  let i = 0;
  const decl = /^<\?xml[^?]*\?>/.exec(text);
  if (decl) i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (stack.length) stack.at(-1)!.text += decode(chunk, i);
    else if (chunk.trim()) throw new Error(`XML: text outside the root element at offset ${i}`);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end < 0) throw new Error('XML: an unclosed comment');
      i = end + 3;
      continue;
    }
    if (text.startsWith('</', i)) {
      const m = NAME.exec(text.slice(i + 2));
      const top = stack.pop();
      if (!m || !top || m[0] !== top.name) throw new Error(`XML: </${m?.[0]}> does not close <${top?.name}> (offset ${i})`);
      i += 2 + m[0].length;
      const close = /^\s*>/.exec(text.slice(i));
      if (!close) throw new Error(`XML: a bad closing tag at offset ${i}`);
      i += close[0].length;
      continue;
    }
    const m = NAME.exec(text.slice(i + 1));
    if (!m) throw new Error(`XML: a bad tag at offset ${i}`);
    const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
    i += 1 + m[0].length;
    for (;;) {
      const end = /^\s*(\/?)>/.exec(text.slice(i));
      if (end) {
        i += end[0].length;
        if (stack.length) stack.at(-1)!.children.push(el);
        else if (root) throw new Error('XML: a second root element');
        else root = el;
        if (!end[1]) stack.push(el);
        break;
      }
      const a = /^\s+([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(text.slice(i));
      if (!a) throw new Error(`XML: a bad attribute in <${el.name}> at offset ${i}`);
      if (a[1]! in el.attrs) throw new Error(`XML: attribute ${a[1]} twice in <${el.name}>`);
      el.attrs[a[1]!] = decode(a[3] ?? a[4] ?? '', i);
      i += a[0].length;
    }
  }
  if (stack.length) throw new Error(`XML: <${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('XML: no root element');
  return root;
}
