// Properties of the doors hostile input comes in by: generated valid designs never
// make lint or the simulator throw, and no text, link or argument list makes decodeShare,
// importText or the CLI's flag parsing throw; each answers with an error that says what and
// where, or (for a damaged link) with exactly the design the link was made from.
//
// Already properties elsewhere, so not repeated here:
//   - open(share(d)) = d for generated designs, decodeShare(arbitrary string) is a refusal, base64
//     round trips: src/core/share/share.test.ts;
//   - key records encode and decode byte for byte, for every encoding: src/core/keys/codec.test.ts;
//     ordered-code int64 round trip and order: src/core/keys/orderedcode.test.ts;
//   - export design (YAML) then import gives the same design: src/core/import/import.test.ts.
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { intFlag, parseFlags, UserError } from '../cli/io';
import { exportTable } from '../core/outputs';
import { importText } from '../core/import';
import { TemplateError } from '../core/keys/template';
import { KeyCodecError } from '../core/keys/values';
import { lint } from '../core/rules/lint';
import { fromBase64, toBase64Url } from '../core/keys/base64';
import { validDesign } from '../test-support/design-arbitrary';
import { decodeShare, encodeShare, type ShareErrorKind } from '../core/share/share';
import { optionsFor, simulate } from '../core/sim/index';

const KINDS: ShareErrorKind[] = ['not-a-link', 'not-base64', 'truncated', 'tampered', 'newer-version', 'too-large', 'invalid-design'];

describe('valid designs', () => {
  it('lint never throws on a valid design', () => {
    fc.assert(
      fc.property(validDesign, (d) => {
        const r = lint(d);
        for (const f of r.findings) expect(f.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it('simulate never throws on a table of a valid design (small runs), except to say its key cannot be generated', () => {
    let ran = 0;
    fc.assert(
      fc.property(validDesign, fc.integer({ min: 1, max: 2 ** 31 }), (d, seed) => {
        for (const t of d.tables) {
          try {
            const r = simulate(t, optionsFor(d, { seconds: 60, seed, samples: 100, maxBuckets: 8, maxSlots: 8 }));
            expect(Number.isFinite(r.hotspotScore)).toBe(true);
            expect(r.nodeShare.length).toBeGreaterThan(0);
            ran++;
          } catch (e) {
            // The documented refusal (the CLI says it as "table T: ..."), never anything else.
            if (!(e instanceof TemplateError || e instanceof KeyCodecError)) throw e;
            expect((e as Error).message.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 30 },
    );
    expect(ran).toBeGreaterThan(0);
  });
});

describe('share links', () => {
  /** A refusal with a known kind and a message, or exactly the design. */
  const refusedOrExact = (link: string, design: unknown) => {
    const r = decodeShare(link);
    if (r.ok) expect(r.design).toEqual(design);
    else {
      expect(KINDS).toContain(r.kind);
      expect(r.error.length).toBeGreaterThan(10);
      expect(r.error).not.toMatch(/\n/);
    }
  };

  it('any one bit flipped in a real link is refused with a kind, or opens the exact design', () => {
    fc.assert(
      fc.property(validDesign, fc.nat(), fc.nat(7), (d, at, bit) => {
        const frag = encodeShare(d);
        const decoded = fromBase64(frag.slice(5), true);
        if (!decoded.ok) throw new Error('encodeShare made a link it cannot read');
        const bytes = decoded.bytes.slice();
        const i = at % bytes.length;
        bytes[i]! ^= 1 << bit;
        refusedOrExact(`#d=1.${toBase64Url(bytes)}`, d);
      }),
      { numRuns: 300 },
    );
  });

  it('any one bit flipped in a character of the link text is refused with a kind, or opens the exact design', () => {
    fc.assert(
      fc.property(validDesign, fc.nat(), fc.nat(15), (d, at, bit) => {
        const frag = encodeShare(d);
        const i = at % frag.length;
        const flipped = frag.slice(0, i) + String.fromCharCode(frag.charCodeAt(i) ^ (1 << bit)) + frag.slice(i + 1);
        refusedOrExact(flipped, d);
      }),
      { numRuns: 300 },
    );
  });

  it('any cut of a real link is refused with a kind', () => {
    fc.assert(
      fc.property(validDesign, fc.nat(), (d, at) => {
        const frag = encodeShare(d);
        const cut = frag.slice(0, at % frag.length);
        const r = decodeShare(cut);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(KINDS).toContain(r.kind);
      }),
      { numRuns: 300 },
    );
  });
});

describe('imports', () => {
  /** Every error names the file, with line:column where the text has positions. */
  const answers = (text: string) => {
    const r = importText(text, { file: 'in.yaml' });
    if (!r.ok) {
      expect(r.errors.length).toBeGreaterThan(0);
      for (const e of r.errors) expect(e).toMatch(/^in\.yaml(:\d+:\d+)?: \S/);
    }
  };

  it('importText never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), answers), { numRuns: 500 });
  });

  it('importText never throws on arbitrary JSON and YAML values', () => {
    const value = fc.jsonValue({ maxDepth: 6 });
    fc.assert(
      fc.property(value, fc.boolean(), (v, asYaml) => {
        answers(asYaml ? dump(v) : JSON.stringify(v));
      }),
      { numRuns: 300 },
    );
  });

  it('importText never throws on a real export with one piece cut, doubled or replaced', () => {
    fc.assert(
      fc.property(
        validDesign,
        fc.constantFrom('row-key-schema', 'design'),
        fc.nat(),
        fc.nat(20),
        fc.constantFrom('cut', 'double', 'replace'),
        fc.string({ maxLength: 4 }),
        (d, format, at, len, how, by) => {
          if (d.tables.length === 0 && format === 'row-key-schema') return;
          let text: string;
          try {
            text = exportTable(d, format === 'design' ? null : d.tables[0]!.name, format).text;
          } catch {
            return; // a key the format cannot express: nothing to import
          }
          const i = at % Math.max(1, text.length);
          const piece = text.slice(i, i + len);
          const changed = text.slice(0, i) + (how === 'cut' ? '' : how === 'double' ? piece + piece : by) + text.slice(i + len);
          answers(changed);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('CLI flags', () => {
  const options = {
    table: { type: 'string', short: 't' },
    n: { type: 'string', short: 'n' },
    sorted: { type: 'boolean' },
    rule: { type: 'string', multiple: true },
  } as const;
  const arg = fc.oneof(
    fc.constantFrom(
      '-n',
      '--n',
      '-t',
      '--table',
      '--sorted',
      '--rule',
      '--',
      '-',
      '-1',
      '-x',
      '--sorted=yes',
      '--table=',
      '-n5',
      'file.yaml',
      '-tn',
      '--bogus',
    ),
    fc.string({ maxLength: 6 }),
  );

  it('parseFlags either parses or says what is wrong in one line', () => {
    fc.assert(
      fc.property(fc.array(arg, { maxLength: 8 }), fc.boolean(), (argv, positionals) => {
        try {
          parseFlags(argv, options, positionals);
        } catch (e) {
          expect(e).toBeInstanceOf(UserError);
          expect((e as Error).message).not.toMatch(/\n/);
          expect((e as Error).message.length).toBeGreaterThan(5);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('intFlag gives a whole number within its bounds or a one-line refusal naming the flag', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.double().map(String)),
        fc.integer({ min: -1000, max: 1000 }),
        fc.nat(1_000_000),
        (text, min, span) => {
          try {
            const n = intFlag(text, '--x', min, min, min + span);
            expect(Number.isInteger(n) && n >= min && n <= min + span).toBe(true);
          } catch (e) {
            expect(e).toBeInstanceOf(UserError);
            expect((e as Error).message).toMatch(/^--x /);
            expect((e as Error).message).not.toMatch(/\n/);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
