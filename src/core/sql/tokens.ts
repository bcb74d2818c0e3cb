// A GoogleSQL tokenizer, enough to check statements by structure ("Lexical structure and
// syntax", GoogleSQL for Bigtable): comments, string and bytes literals (quotes and escapes,
// raw and triple-quoted), backtick identifiers, @parameters, numbers, words and symbols. No
// well-kept GoogleSQL parser exists for JavaScript (ZetaSQL is C++/Java), so the studio checks
// the statements it emits and the views users write by their tokens and clauses.

export type Token =
  | { kind: 'word'; text: string; upper: string; at: number }
  | { kind: 'quoted'; text: string; at: number }
  | { kind: 'string'; text: string; bytes: boolean; at: number }
  | { kind: 'number'; text: string; at: number }
  | { kind: 'param'; text: string; at: number }
  | { kind: 'symbol'; text: string; at: number };

export class SqlSyntaxError extends Error {}

/** The tokens of `sql`, comments dropped; throws SqlSyntaxError on an unterminated literal. */
export function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if ((c === '-' && sql[i + 1] === '-') || c === '#') {
      while (i < sql.length && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new SqlSyntaxError(`a /* comment at character ${i + 1} is not closed`);
      i = end + 2;
      continue;
    }
    const prefix = /^(?:[rR][bB]?|[bB][rR]?)(?=['"])/.exec(sql.slice(i, i + 3))?.[0] ?? '';
    const q = sql[i + prefix.length];
    if (q === "'" || q === '"' || c === '`') {
      const quote = c === '`' ? '`' : q!;
      const start = i;
      i += c === '`' ? 0 : prefix.length;
      const triple = quote !== '`' && sql.startsWith(quote.repeat(3), i);
      const close = triple ? quote.repeat(3) : quote;
      i += close.length;
      let body = '';
      const raw = /r/i.test(prefix);
      for (;;) {
        if (i >= sql.length) throw new SqlSyntaxError(`a ${quote} literal at character ${start + 1} is not closed`);
        if (!raw && sql[i] === '\\') {
          body += sql.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (sql.startsWith(close, i)) break;
        if (!triple && sql[i] === '\n' && quote !== '`') throw new SqlSyntaxError(`a ${quote} literal at character ${start + 1} ends at a new line`);
        body += sql[i];
        i++;
      }
      i += close.length;
      if (quote === '`') out.push({ kind: 'quoted', text: body, at: start });
      else out.push({ kind: 'string', text: body, bytes: /b/i.test(prefix), at: start });
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i));
    if (word) {
      out.push({ kind: 'word', text: word[0], upper: word[0].toUpperCase(), at: i });
      i += word[0].length;
      continue;
    }
    const param = /^@[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i));
    if (param) {
      out.push({ kind: 'param', text: param[0].slice(1), at: i });
      i += param[0].length;
      continue;
    }
    const num = /^(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+)/.exec(sql.slice(i));
    if (num) {
      out.push({ kind: 'number', text: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const sym = /^(?:<=|>=|!=|<>|\|\||<<|>>|[-+*/%=<>(),.;[\]&|^~])/.exec(sql.slice(i));
    if (!sym) throw new SqlSyntaxError(`unexpected character ${JSON.stringify(c)} at character ${i + 1}`);
    out.push({ kind: 'symbol', text: sym[0], at: i });
    i += sym[0].length;
  }
  return out;
}

/** Whether parentheses and brackets nest properly. */
export function balanced(tokens: readonly Token[]): boolean {
  const stack: string[] = [];
  for (const t of tokens) {
    if (t.kind !== 'symbol') continue;
    if (t.text === '(' || t.text === '[') stack.push(t.text);
    else if (t.text === ')' && stack.pop() !== '(') return false;
    else if (t.text === ']' && stack.pop() !== '[') return false;
  }
  return stack.length === 0;
}

/** Indexes of top-level (depth 0) words equal to `upper`. */
export function topLevel(tokens: readonly Token[], upper: string): number[] {
  const out: number[] = [];
  let depth = 0;
  tokens.forEach((t, i) => {
    if (t.kind === 'symbol' && (t.text === '(' || t.text === '[')) depth++;
    else if (t.kind === 'symbol' && (t.text === ')' || t.text === ']')) depth--;
    else if (depth === 0 && t.kind === 'word' && t.upper === upper) out.push(i);
  });
  return out;
}

/** Splits tokens at top-level commas. */
export function splitTopLevel(tokens: readonly Token[]): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === 'symbol' && (t.text === '(' || t.text === '[')) depth++;
    if (t.kind === 'symbol' && (t.text === ')' || t.text === ']')) depth--;
    if (depth === 0 && t.kind === 'symbol' && t.text === ',') parts.push([]);
    else parts[parts.length - 1]!.push(t);
  }
  return parts;
}
