import { describe, expect, it } from 'vitest';
import { formatIssue, loadDesign, validateDesign } from './load-design';

const good = `format: bigtable-studio/v1
name: IoT telemetry
cluster: {nodes: 3, storage: ssd}
tables:
  - name: readings
    rowKey:
      template: "{tenant}#{device}#{ts}"
      fields:
        tenant: {type: string, values: [acme, globex, initech], weights: [0.6, 0.3, 0.1]}
        device: {type: int, cardinality: 100000, pad: 6, distribution: uniform}
        ts:     {type: timestamp, unit: ms, reversed: true}
    families:
      - name: m
        gc: {union: [{maxVersions: 1}, {maxAge: 30d}]}
        columns:
          - {qualifier: temp, valueBytes: 8}
    queries:
      - name: latest readings of a device
        match: {tenant: eq, device: eq}
        order: newest
        limit: 10
    load: {writesPerSecond: 20000, retention: 90d}
`;

describe('loadDesign', () => {
  it('accepts the example of the format spec', () => {
    const r = loadDesign(good, 'iot.yaml');
    expect(r.ok ? [] : r.issues.map(formatIssue)).toEqual([]);
  });

  it('names file, line, column and path of a wrong enum value', () => {
    const r = loadDesign(good.replace('unit: ms', 'unit: minutes'), 'iot.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ file: 'iot.yaml', line: 11, path: 'tables[0].rowKey.fields.ts.unit' });
    expect(r.issues[0]!.column).toBe(41);
    expect(r.issues[0]!.message).toMatch(/s, ms, us/);
  });

  it('reports an unknown key at the key with the allowed keys', () => {
    const r = loadDesign(good.replace('order: newest', 'ordr: newest'), 'x.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ line: 20, column: 9, path: 'tables[0].queries[0].ordr' });
    expect(r.issues[0]!.message).toContain('order');
  });

  it('rejects a template that names an undefined field', () => {
    const r = loadDesign(good.replace('{device}#{ts}', '{device}#{tss}'), 'x.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.message).join('\n')).toMatch(/\{tss\}/);
    expect(r.issues[0]!.line).toBe(7);
  });

  it('says a newer format version is newer', () => {
    const r = loadDesign(good.replace('bigtable-studio/v1', 'bigtable-studio/v2'), 'x.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/newer/);
  });

  it('reports YAML syntax errors with a position', () => {
    const r = loadDesign('format: bigtable-studio/v1\nname: [unclosed\n', 'bad.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.line).toBeGreaterThanOrEqual(2);
  });
});

describe('loadDesign on awkward input', () => {
  const base = `format: bigtable-studio/v1
name: t
tables:
  - name: t1
    rowKey:
      template: "{a}#{b}"
      fields:
        a: {type: string}
        b: {type: int}
`;

  it('accepts JSON as well as YAML, with positions', () => {
    const json = JSON.stringify(
      { format: 'bigtable-studio/v1', name: 'x', tables: [{ name: 't', rowKey: { template: '{a}', fields: { a: { type: 'strin' } } } }] },
      null,
      2,
    );
    const r = loadDesign(json, 'd.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]!.path).toBe('tables[0].rowKey.fields.a.type');
    expect(r.issues[0]!.message).toMatch(/string, int, timestamp/);
    expect(r.issues[0]!.line).toBe(11);
  });

  it('names a missing required key', () => {
    const r = loadDesign(base.replace('name: t\n', ''), 'x.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toContain('name: required: a string is missing');
  });

  it('rejects duplicate table and family names', () => {
    const twice = base + base.split('tables:\n')[1]!;
    const r = loadDesign(twice, 'x.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ path: 'tables[1].name', line: 10 });
  });

  it('rejects a field that is not in the template, at its key', () => {
    const r = loadDesign(base.replace('b: {type: int}', 'b: {type: int}\n        c: {type: uuid}'), 'x.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ path: 'tables[0].rowKey.fields.c', line: 10, column: 9 });
  });

  it('rejects a delimiter over 50 bytes', () => {
    const r = loadDesign(base.replace('template: "{a}#{b}"', `template: "{a}${'é'.repeat(26)}{b}"\n      delimiter: "${'é'.repeat(26)}"`), 'x.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/52 bytes/);
  });

  it('rejects duplicate keys, alias bombs and deep nesting with a message, not a hang', () => {
    expect(loadDesign('format: a\nformat: b\n').ok).toBe(false);
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    // Refused by counting what the aliases stand for, before expanding them (the time is
    // bench/hostile.bench.mjs's; this test's timeout only catches a hang).
    const r = loadDesign(bomb.join('\n'));
    expect(r).toMatchObject({ ok: false, issues: [{ line: 6, message: expect.stringMatching(/more than 100,000 values \(an alias bomb\)/) }] });
    expect(loadDesign('['.repeat(200) + ']'.repeat(200)).ok).toBe(false);
  });

  it('treats an empty file, a list and a byte-order mark sensibly', () => {
    const empty = loadDesign('', 'e.yaml');
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.issues[0]!.message).toMatch(/empty/);
    expect(loadDesign('- a\n').ok).toBe(false);
    expect(loadDesign('\uFEFF' + base).ok).toBe(true);
  });

  it('does not let __proto__ keys through', () => {
    const r = loadDesign(base.replace('name: t\n', 'name: t\n__proto__: {polluted: true}\n'), 'x.yaml');
    expect(r.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a file over the size limit at once', () => {
    const r = loadDesign('#'.repeat(6 * 1024 * 1024));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/at most 5 MiB/);
  });
});

describe('loadDesign on bytes', () => {
  it('names the line and column of the first byte that is not UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('format: bigtable-studio/v1\nname: caf'), Buffer.from([0xe9]), Buffer.from('\ntables: []\n')]);
    const r = loadDesign(bytes, 'latin1.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ line: 2, column: 10, message: expect.stringMatching(/not valid UTF-8/) });
  });

  it('accepts a real U+FFFD character in valid UTF-8', () => {
    const r = loadDesign(Buffer.from('format: bigtable-studio/v1\nname: "\uFFFD"\ntables: []\n'), 'x.yaml');
    expect(r.ok).toBe(true);
  });
});

describe('field checks', () => {
  const one = (field: string) => `format: bigtable-studio/v1\nname: t\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: ${field}}}\n`;

  it('rejects examples that are not values of their field', () => {
    for (const f of ['{type: uuid, example: not-a-uuid}', '{type: int, example: abc}', '{type: bytes, length: 4, example: toolong}']) {
      const r = loadDesign(one(f), 'x.yaml');
      expect(r.ok, f).toBe(false);
      if (!r.ok) expect(r.issues[0]!.path).toBe('tables[0].rowKey.fields.a.example');
    }
    expect(loadDesign(one('{type: uuid, example: 7f1c1d6e-2a3b-4c5d-8e9f-001122334455}')).ok).toBe(true);
  });

  it('rejects a max below the default min of 0, and zero durations', () => {
    expect(loadDesign(one('{type: int, max: -5}')).ok).toBe(false);
    const r = loadDesign(one('{type: string}').replace('    rowKey', '    load: {retention: 0d}\n    rowKey'));
    expect(r.ok).toBe(false);
  });

  it('lets a design name its JSON Schema', () => {
    expect(loadDesign('$schema: ./design.schema.json\n' + one('{type: string}')).ok).toBe(true);
  });
});

describe('validateDesign on values from elsewhere (share links, the store)', () => {
  const design = (gc: unknown) => ({
    format: 'bigtable-studio/v1',
    name: 'v',
    tables: [{ name: 't', rowKey: { template: '{a}', fields: { a: { type: 'uuid' } } }, families: [{ name: 'f', gc }] }],
  });

  it('refuses a value nested 10,000 deep without recursing into it', () => {
    let gc: unknown = { maxAge: '1d' };
    for (let i = 0; i < 10_000; i++) gc = { union: [gc] };
    const r = validateDesign(design(gc), 'link');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/nest more than 64 levels/);
  });

  it('answers, not throws, for a cyclic value', () => {
    const gc: { union: unknown[] } = { union: [] };
    gc.union.push(gc);
    expect(validateDesign(design(gc), 'link').ok).toBe(false);
  });

  it('refuses __proto__ from JSON.parse, which keeps it as a plain key', () => {
    const r = validateDesign(JSON.parse('{"format": "bigtable-studio/v1", "name": "j", "tables": [], "lint": {"rules": {"__proto__": "off"}}}'), 'link');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toContain(
        'lint.rules.__proto__: the key "__proto__" is not allowed: it is reserved in JavaScript (a design never needs it)',
      );
  });
});
