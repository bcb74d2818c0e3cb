// The hostile design files of design.cases.ts, one test each: no crash, refused or accepted as
// expected, the answer says what (`expect.what`) and where (`expect.where`), and every
// `file:line:column` in it lies inside the file. Timing is the benchmark's business (bench/
// hostile.bench.mjs); the timeout here only guards against a hang.
// Then properties: loadDesign never throws on arbitrary text, arbitrary bytes or mutated valid
// designs, and every refusal has a position of at least 1:1 inside the file and a message.
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { describe, expect, test } from 'vitest';
import { loadDesign, type DesignIssue } from '../core/load/load-design';
import { validDesign } from '../test-support/design-arbitrary';
import { expectHostileAnswer, HANG_GUARD_MS } from './expect-case';
import { designCases } from './design.cases';

/** The lines of a file as the loader counts them (LF, CRLF or a lone CR end a line). */
function linesOf(input: string | Uint8Array): string[] {
  let text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.split(/\r\n|\r|\n/);
}

/** Every position an answer names is inside the file: 1 <= line <= lines, 1 <= column <= length + 1. */
function expectInside(message: string, file: string, input: string | Uint8Array): void {
  const lines = linesOf(input);
  for (const line of message.split('\n')) {
    const m = /^(.+?):(\d+):(\d+): /.exec(line);
    expect(m, `no file:line:column in: ${line.slice(0, 200)}`).not.toBeNull();
    const [, name, l, c] = m!;
    expect(name).toBe(file);
    const n = Number(l);
    expect(n, line.slice(0, 200)).toBeGreaterThanOrEqual(1);
    expect(n, `line ${n} of ${lines.length}: ${line.slice(0, 200)}`).toBeLessThanOrEqual(lines.length);
    expect(Number(c), line.slice(0, 200)).toBeGreaterThanOrEqual(1);
    expect(Number(c), `column ${c} of a line of ${lines[n - 1]!.length}: ${line.slice(0, 200)}`).toBeLessThanOrEqual(lines[n - 1]!.length + 1);
  }
}

describe('hostile design files', () => {
  test.each(designCases.map((c) => [c.id, c] as const))(
    '%s',
    async (_, c) => {
      const answer = await expectHostileAnswer(c);
      if (c.expect.refused) expectInside(answer.message, c.file, c.input());
    },
    HANG_GUARD_MS,
  );
});

/** loadDesign's answer must be an answer: a design, or issues at real positions with a message. */
function expectAnswer(input: string | Uint8Array): void {
  let result: ReturnType<typeof loadDesign>;
  try {
    result = loadDesign(input, 'p.yaml');
  } catch (e) {
    throw new Error(`loadDesign threw ${String(e)} on ${JSON.stringify(typeof input === 'string' ? input.slice(0, 300) : Array.from(input.slice(0, 100)))}`);
  }
  if (result.ok) return;
  expect(result.issues.length).toBeGreaterThan(0);
  const lines = linesOf(input);
  for (const i of result.issues as DesignIssue[]) {
    expect(i.line).toBeGreaterThanOrEqual(1);
    expect(i.column).toBeGreaterThanOrEqual(1);
    expect(i.line).toBeLessThanOrEqual(lines.length);
    expect(i.message.length).toBeGreaterThan(0);
  }
}

/** Characters that matter to YAML, to reach the parser's corners more often than random text. */
const yamlChars = [...'{}[]:,-?&*!|>\'"%@`#~. \t\n\r\\abcxyz019_', '\u0000', '\u0085', '\u2028', '\ufeff', '\ud800', 'é', '😀'];
const yamlText = fc.string({ unit: fc.constantFrom(...yamlChars), maxLength: 200 });

/** Valid designs as YAML text, then broken: characters inserted, text cut out, bytes flipped. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(yamlText, fc.string({ maxLength: 8 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
);

type Mutation = { kind: 'insert'; at: number; text: string } | { kind: 'delete'; at: number; length: number } | { kind: 'flip'; at: number; byte: number };

/** Applies the mutations in turn; once a byte is flipped the file is bytes (maybe not UTF-8). */
function mutate(text: string, ops: Mutation[]): string | Uint8Array {
  let s = text;
  let bytes: Uint8Array | null = null;
  for (const op of ops) {
    if (op.kind === 'flip') {
      bytes ??= new TextEncoder().encode(s);
      if (bytes.length) bytes[op.at % bytes.length] = op.byte;
      continue;
    }
    if (bytes) {
      s = new TextDecoder().decode(bytes);
      bytes = null;
    }
    const at = s.length ? op.at % (s.length + 1) : 0;
    s = op.kind === 'insert' ? s.slice(0, at) + op.text + s.slice(at) : s.slice(0, at) + s.slice(at + op.length);
  }
  return bytes ?? s;
}

describe('loadDesign never throws', () => {
  test('on arbitrary text', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), yamlText), expectAnswer), { numRuns: 400 });
  }, 60_000);

  test('on arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), expectAnswer), { numRuns: 400 });
  }, 60_000);

  test('on valid designs, mutated', () => {
    fc.assert(
      fc.property(validDesign, fc.array(mutation, { minLength: 1, maxLength: 6 }), (design, ops) => {
        const text = dump(design);
        expectAnswer(text);
        expectAnswer(mutate(text, ops));
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
