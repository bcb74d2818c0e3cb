// The MCP server's tools over generated designs and hostile arguments: every tool that
// tools/list names is called with designs of every part of the format (design-extras.ts),
// designs with a rule broken, and arguments of the wrong type, range or shape. Every answer
// must be a valid CallToolResult (the SDK's client checks it against the protocol's schema),
// a bad input a tool error that says what, never an internal error or a dropped connection.
// The server is the one `btstudio mcp` serves (createServer), connected in memory to the SDK's
// own client; mcp.test.ts drives the built CLI over stdio. The seed is fixed and printed
// (src/test-support/fc-seed.ts); `npm run fuzz` runs this file long with random seeds.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../cli/mcp/server';
import type { Design } from '../core/model/schema';
import { fullDesign, nearValidDesign } from '../test-support/design-extras';

// Each run is a whole design through many commands: shrinking one takes minutes, so it is asked for
// (FUZZ_SHRINK=1 with the seed that failed).
const SHRINK = process.env.FUZZ_SHRINK === '1';
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
type Schema = { type?: string | string[]; enum?: unknown[]; minimum?: number; maximum?: number; items?: Schema };
type Tool = { name: string; inputSchema: { properties?: Record<string, Schema> } };
type Answer = { content: { type: string; text?: string }[]; isError?: boolean; structuredContent?: unknown };

let client: Client;
let tools: Tool[] = [];

beforeAll(async () => {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createServer('0.0.0-test').connect(b);
  client = new Client({ name: 'btstudio-fuzz', version: '1.0.0' });
  await client.connect(a);
  tools = (await client.listTools()).tools as Tool[];
});

afterAll(async () => {
  await client?.close();
});

/** Values no tool takes: wrong types, out of range, paths, flags, control characters. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    2 ** 53,
    -(2 ** 31),
    0.5,
    '',
    '-',
    '--help',
    '--rule=x',
    '../../etc/passwd',
    '\u0000\u001b[2J\u009b',
    'a'.repeat(300),
    [],
    {},
    [1, 'x'],
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 3 }),
);

/** A value of the property's schema, mostly small (the simulator's seconds stay short). */
function fitting(s: Schema): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') {
    const min = s.minimum ?? 0;
    return fc.integer({ min, max: Math.min(s.maximum ?? min + 120, min + 120) });
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'array')
    return fc.array(s.items?.enum ? fc.constantFrom(...s.items.enum) : fc.constantFrom('key-length', 'gc-missing', 'no-such-rule'), { maxLength: 2 });
  if (type === 'object')
    return fc.dictionary(fc.constantFrom('key-length', 'hotspot', 'bogus'), fc.constantFrom('off', 'info', 'warning', 'error', 'loud'), { maxKeys: 2 });
  return fc.string({ maxLength: 12 });
}

const designText = (d: Design) => dump(d, { noRefs: true, lineWidth: -1 });

/** Arguments for one tool: the design (text, an object, one broken, or hostile) and each other property. */
function argsFor(tool: Tool, d: Design): fc.Arbitrary<Record<string, unknown>> {
  const props = tool.inputSchema.properties ?? {};
  const design = fc.oneof(
    { weight: 6, arbitrary: fc.constant(designText(d)) },
    { weight: 1, arbitrary: fc.constant(d as unknown) },
    { weight: 2, arbitrary: nearValidDesign.map((x) => designText(x.design)) },
    { weight: 1, arbitrary: hostile },
  );
  const keys = fc.oneof(
    fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 50 }).map((xs) => xs.join('\n')),
    fc.constantFrom('a#1\na#2\nb#3\n', '\\xff\\x00\n\\x01', 'x'),
    hostile,
  );
  const entries = Object.entries(props).map(([k, s]) => {
    const value =
      k === 'design' || k === 'a' || k === 'b'
        ? design
        : k === 'keys'
          ? keys
          : k === 'table' && d.tables.length
            ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...d.tables.map((t) => t.name)) }, fitting(s), hostile)
            : fc.oneof({ weight: 4, arbitrary: fitting(s) }, hostile);
    return fc.option(value, { nil: undefined, freq: 3 }).map((v) => [k, v] as const);
  });
  return fc
    .tuple(fc.tuple(...entries), fc.option(hostile, { nil: undefined, freq: 4 }))
    .map(([kvs, extra]) => Object.fromEntries([...kvs.filter(([, v]) => v !== undefined), ...(extra === undefined ? [] : [['unexpected', extra]])]));
}

describe('every MCP tool over generated designs and hostile arguments', () => {
  it('lists the nine tools', () => {
    expect(tools.map((t) => t.name).sort()).toHaveLength(9);
  });

  it(
    `answers every call with a valid result; a bad input is a tool error, never an internal error or a crash (${RUNS} designs x every tool)`,
    async () => {
      let answered = 0;
      let errors = 0;
      await fc.assert(
        fc.asyncProperty(
          fullDesign.chain((d) => fc.tuple(fc.constant(d), fc.tuple(...tools.map((t) => argsFor(t, d))))),
          async ([, argsList]) => {
            for (const [i, tool] of tools.entries()) {
              const args = argsList[i]!;
              // The SDK's client rejects an answer that is not a valid CallToolResult.
              const r = (await client.callTool({ name: tool.name, arguments: args })) as Answer;
              const text = r.content.map((c) => c.text ?? '').join('');
              expect(r.content.length, tool.name).toBeGreaterThan(0);
              expect(
                r.content.every((c) => c.type === 'text' && typeof c.text === 'string'),
                tool.name,
              ).toBe(true);
              expect(text, `${tool.name} ${JSON.stringify(args).slice(0, 300)}`).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
              if (r.isError) {
                expect(text.trim().length, tool.name).toBeGreaterThan(0);
                errors++;
              } else if (tool.name !== 'export_design' && tool.name !== 'sample_keys') expect(r.structuredContent, tool.name).toBeTypeOf('object');
              answered++;
            }
          },
        ),
        { numRuns: RUNS, endOnFailure: !SHRINK },
      );
      expect(answered).toBe(RUNS * tools.length);
      expect(errors).toBeGreaterThan(0);
      expect(errors).toBeLessThan(answered);
    },
    Math.max(300_000, RUNS * 60_000),
  );

  it('answers a tool it does not have with a protocol error, and keeps serving', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no tool "no_such_tool"/);
    expect((await client.listTools()).tools).toHaveLength(tools.length);
  });
});
