import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../../core/load/load-design';
import { tableYaml } from '../../core/rules/tester';
import { tempFolder } from '../../test-support/temp-files';
import { runCli } from '../run-in-memory';

const { dir, write: file } = tempFolder('fix');

// A timestamp first and an unpadded counter: two checked fixes; the query stays a prefix scan.
// The design is fix-naive.yaml, as a user would write it; the tests fix a copy of it.
const naive = file('naive.yaml', readFileSync(new URL('./fix-naive.yaml', import.meta.url), 'utf8'));

describe('btstudio fix', () => {
  it('applies every offered fix, prints its effect on each query, and exits 0', async () => {
    const out = join(dir, 'fixed.yaml');
    const r = await runCli('fix', naive, '-o', out);
    // Errors first: the full scan's promotion, which also ends the leading timestamp.
    expect(r.err).toContain('fixed query-full-scan at events tables[0].queries[0]: Promote device to the front of the key');
    expect(r.err).toMatch(/query "a device" \(events\): full scan -> prefix scan/);
    expect(r.err).toContain('fixed unpadded-number');
    expect(r.code).toBe(0);
    const fixed = loadDesign(readFileSync(out, 'utf8'), out);
    expect(fixed.ok && fixed.design.tables[0]!.rowKey.template).toBe('{device}#{ts}');
    expect(fixed.ok && fixed.design.tables[0]!.rowKey.fields.device).toMatchObject({ pad: 4 });
  });

  it('applies only the rules named with --rule', async () => {
    const r = await runCli('fix', naive, '--rule', 'unpadded-number');
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('timestamp-leading');
    expect(r.out).toContain("template: '{ts}#{device}'");
  });

  it('exits 1 when a fix is withheld, saying why', async () => {
    // Moving the device in front would break the newest-first read of the whole window.
    const held = file(
      'held.yaml',
      tableYaml({
        table: 'events',
        template: '{ts}#{device}',
        fields: '        ts: {type: timestamp, reversed: true}\n        device: {type: string, cardinality: 1000}',
        queries: '      - {name: newest of all, order: newest, limit: 10}',
      }),
    );
    const r = await runCli('fix', held, '--rule', 'timestamp-leading');
    expect(r.err).toMatch(
      /withheld timestamp-leading .*"Move \{device\} in front of \{ts\}" is not offered: query "newest of all" would no longer get its newest rows first/,
    );
    expect(r.code).toBe(1);
  });

  it('exits 2 on an invalid design and on a bad flag', async () => {
    const bad = file('bad.yaml', 'format: bigtable-studio/v1\nname: x\ntables: 3\n');
    expect((await runCli('fix', bad)).code).toBe(2);
    const r = await runCli('fix', naive, '--rule', 'no-such-rule');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no rule "no-such-rule"');
  });
});
