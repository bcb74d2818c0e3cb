// The exporters: what each format says for each kind of design, what they refuse, and proof
// with real tools that the scripts are safe (bash -n, and a run with stub gcloud and cbt that
// records their arguments) and the Terraform is what `terraform fmt` writes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import type { Design, Table } from '../model/schema';
import { gcToCbt, gcToGcloud, gcToProto, goDuration, protoDuration, shq } from './common';
import { EXPORT_FORMATS, ExportError, exportTable } from '../outputs';
import { structObject, structuredKeyOf } from './row-key-schema';
import { ENCODING_ZOO, EVIL } from '../../test-support/export-designs';
import { stubTools } from '../../test-support/stub-tools';
import { exampleDesigns } from '../../test-support/examples';
import { oneTable } from '../../test-support/one-table';

const examples: Design[] = exampleDesigns().map((e) => e.design);
/** The example whose first table is `table`. */
const example = (table: string): Design => examples.find((x) => x.tables[0]?.name === table)!;

const zoo = (name: string) => oneTable(ENCODING_ZOO.tables.find((t) => t.name === name)!);

describe("GC rules in each tool's syntax", () => {
  it("writes gcloud's one level of two rules, in seconds, and says when it cannot", () => {
    expect(gcToGcloud({ maxVersions: 3 })).toBe('maxversions=3');
    expect(gcToGcloud({ maxAge: '400d' })).toBe('maxage=34560000s');
    expect(gcToGcloud({ maxAge: '500ms' })).toBe('maxage=0.5s');
    expect(gcToGcloud({ union: [{ maxVersions: 1 }, { maxAge: '90d' }] })).toBe('maxversions=1||maxage=7776000s');
    expect(gcToGcloud({ intersection: [{ maxAge: '1d' }, { maxVersions: 2 }] })).toBe('maxage=86400s&&maxversions=2');
    expect(gcToGcloud({ union: [{ union: [{ maxVersions: 1 }] }] })).toBe('maxversions=1');
    expect(gcToGcloud({ union: [{ maxVersions: 1 }, { maxAge: '1d' }, { maxAge: '2d' }] })).toBeNull();
    expect(gcToGcloud({ union: [{ maxVersions: 1 }, { intersection: [{ maxAge: '1d' }, { maxVersions: 2 }] }] })).toBeNull();
  });

  it('writes cbt expressions with parentheses, and refuses what cbt cannot set', () => {
    expect(gcToCbt({ union: [{ maxAge: '30d' }, { intersection: [{ maxAge: '3d' }, { maxVersions: 100 }] }] })).toBe(
      'maxage=30d || (maxage=3d && maxversions=100)',
    );
    expect(gcToCbt({ union: [{ maxVersions: 1 }, { maxAge: '1d' }, { maxAge: '500ms' }] })).toBe('maxversions=1 || maxage=1d || maxage=500ms');
    expect(gcToCbt(undefined)).toBeNull();
    expect(() => gcToCbt({ maxVersions: 70000 })).toThrow(/above 65535, the most cbt can set/);
  });

  it('writes the admin API JSON and Go durations', () => {
    expect(gcToProto({ union: [{ maxVersions: 1 }, { maxAge: '15m' }] })).toEqual({ union: { rules: [{ maxNumVersions: 1 }, { maxAge: '900s' }] } });
    expect(protoDuration('1500ms')).toBe('1.5s');
    expect(goDuration('30d')).toBe('720h');
    expect(goDuration('90s')).toBe('90s');
  });
});

describe('row-key-schema', () => {
  it('maps every field type to the structured key types of the issue', () => {
    const types = (d: Design) => structuredKeyOf(d, d.tables[0]!).fields.map((f) => Object.keys(f.type)[0]);
    expect(structuredKeyOf(zoo('oc_struct'), zoo('oc_struct').tables[0]!)).toMatchObject({ encoding: 'orderedCodeBytes', delimiter: null });
    expect(types(zoo('oc_struct'))).toEqual(['stringType', 'int64Type', 'stringType']);
    expect(structuredKeyOf(zoo('binary'), zoo('binary').tables[0]!).fields.map((f) => f.type)).toEqual([
      { bytesType: { encoding: { raw: {} } } },
      { int64Type: { encoding: { bigEndianBytes: {} } } },
      { timestampType: { encoding: { unixMicrosInt64: { bigEndianBytes: {} } } } },
      { int64Type: { encoding: { bigEndianBytes: {} } } },
    ]);
    expect(types(zoo('times'))).toEqual(Array(7).fill('stringType'));
    expect(structuredKeyOf(zoo('single_oc'), zoo('single_oc').tables[0]!)).toMatchObject({
      encoding: 'singleton',
      fields: [{ fieldName: 'k', type: { int64Type: { encoding: { orderedCodeBytes: {} } } } }],
    });
    expect(structuredKeyOf(zoo('one_segment'), zoo('one_segment').tables[0]!).encoding).toBe('singleton');
  });

  it('writes YAML gcloud reads: top-level encoding and fields, the delimiter plain or base64', () => {
    const plain = exportTable(example('readings'), 'readings', 'row-key-schema').text;
    expect(plain).toMatch(/^# Row key schema of table readings/);
    expect(load(plain)).toEqual({
      encoding: { delimitedBytes: { delimiter: '#' } },
      fields: ['tenant', 'device_type', 'device', 'ts'].map((fieldName) => ({ fieldName, type: { stringType: { encoding: { utf8Bytes: {} } } } })),
    });
    expect(plain).toContain("delimiter: '#'");
    const pre = exportTable(example('readings'), 'readings', 'row-key-schema', { preEncoded: true }).text;
    expect((load(pre) as { encoding: unknown }).encoding).toEqual({ delimitedBytes: { delimiter: 'Iw==' } });
    expect(pre).toContain('--row-key-schema-pre-encoded-bytes');
    const wideDesign = oneTable({ name: 'w', rowKey: { template: '{a}::{b}', fields: { a: { type: 'string' }, b: { type: 'int' } } } });
    const wide = exportTable(wideDesign, null, 'row-key-schema', { preEncoded: true }).text;
    expect((load(wide) as { encoding: unknown }).encoding).toEqual({ delimitedBytes: { delimiter: 'Ojo=' } });
  });

  it('exports every example table', () => {
    for (const d of examples) for (const t of d.tables) expect(() => exportTable(d, t.name, 'row-key-schema')).not.toThrow();
  });

  it('refuses designs a structured row key cannot express, naming every problem', () => {
    const refuse = (t: Table) => {
      try {
        structuredKeyOf(oneTable(t), t);
      } catch (e) {
        expect(e).toBeInstanceOf(ExportError);
        return (e as ExportError).problems;
      }
      throw new Error('exported');
    };
    expect(refuse({ name: 't', rowKey: { template: 'user#{id}', delimiter: '#', fields: { id: { type: 'uuid' } } } })).toEqual([
      expect.stringMatching(/the constant segment "user" has no field/),
    ]);
    expect(refuse({ name: 't', rowKey: { template: '{a}#{b}', fields: { a: { type: 'string' }, b: { type: 'int', encoding: 'bigEndian' } } } })).toEqual([
      expect.stringMatching(/field b is binary \(int bigEndian\).*use encoding: orderedCode/),
    ]);
    expect(refuse({ name: 't', rowKey: { template: '{a}-{b}', fields: { a: { type: 'uuid' }, b: { type: 'string' } } } })).toEqual([
      expect.stringMatching(/values of field a can contain "-", the delimiter's first byte/),
    ]);
    expect(
      refuse({ name: 't', rowKey: { template: '{_key}#{r}', fields: { _key: { type: 'string' }, r: { type: 'string' } } }, families: [{ name: 'r' }] }),
    ).toEqual([expect.stringMatching(/"_key" collides with the SQL pseudocolumn/), expect.stringMatching(/key field "r" has the name of a column family/)]);
    expect(refuse({ name: 't', rowKey: { template: 'v{n}', fields: { n: { type: 'int', encoding: 'bigEndian' } } } })).toEqual([
      expect.stringMatching(/binary but its segment has literal text "v"/),
    ]);
    expect(() =>
      exportTable(oneTable({ name: 't', rowKey: { template: '{a}{b}', fields: { a: { type: 'string' }, b: { type: 'string' } } } }), 't', 'row-key-schema'),
    ).toThrow(/cannot tell the delimiter/);
  });

  it('notes what SQL sees differently, and orders that do not hold field by field', () => {
    const lit = oneTable({ name: 't', rowKey: { template: '{id}#v{n}x', delimiter: '#', fields: { id: { type: 'int' }, n: { type: 'int' } } } });
    expect(structuredKeyOf(lit, lit.tables[0]!).notes.join('\n')).toMatch(/the literal text "vx" is part of field n's value/);
    const bar = oneTable({ name: 't', rowKey: { template: '{a}|{b}', fields: { a: { type: 'string', alphabet: 'lower' }, b: { type: 'string' } } } });
    expect(structuredKeyOf(bar, bar.tables[0]!).notes.join('\n')).toMatch(/do not sort field by field/);
  });
});

const tmp = mkdtempSync(join(tmpdir(), 'btstudio-export-'));
const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const all: { design: Design; table: Table }[] = [...examples, ENCODING_ZOO, EVIL].flatMap((design) => design.tables.map((table) => ({ design, table })));

describe('scripts (gcloud and cbt)', () => {
  it('quotes every value with single quotes', () => {
    expect(shq("it's $(x) `y` \\ \n!")).toBe("'it'\\''s $(x) `y` \\ \n!'");
  });

  it('are valid bash for every table (bash -n)', () => {
    const bad: string[] = [];
    for (const { design, table } of all) {
      for (const format of ['gcloud', 'cbt'] as const) {
        let text: string;
        try {
          text = exportTable(design, table.name, format).text;
        } catch (e) {
          if (e instanceof ExportError) continue;
          throw e;
        }
        const file = join(tmp, `${format}-${bad.length}-${table.name.replace(/[^a-z0-9]/gi, '_')}.sh`);
        writeFileSync(file, text);
        const r = spawnSync('bash', ['-n', file], { encoding: 'utf8' });
        if (r.status !== 0) bad.push(`${format} ${table.name}: ${r.stderr}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('run nothing but gcloud and cbt, with every name passed through verbatim (stub tools)', () => {
    const dir = join(tmp, 'run');
    const { bin, calls: recorded, others } = stubTools(dir);
    const gcloudScript = exportTable(EVIL, null, 'gcloud').text;
    const cbtScript = exportTable(EVIL, null, 'cbt').text;
    for (const [name, script] of [
      ['gcloud.sh', gcloudScript],
      ['cbt.sh', cbtScript],
    ] as const) {
      writeFileSync(join(dir, name), script);
      const r = spawnSync('/bin/bash', [join(dir, name)], { cwd: dir, encoding: 'utf8', env: { PATH: bin, INSTANCE: 'inst', PROJECT: 'proj', HOME: dir } });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
    const pwned = (d: string) => readdirSync(d).filter((f) => f.startsWith('pwned'));
    expect(pwned(dir)).toEqual([]);
    expect(pwned(tmp)).toEqual([]);
    expect(existsSync('pwned')).toBe(false);
    const calls = recorded();
    expect(calls[0]).toEqual([
      'gcloud',
      'bigtable',
      'instances',
      'tables',
      'create',
      'x$(touch pwned)',
      '--instance=inst',
      '--project=proj',
      "--column-families=f`touch pwned-tick`:maxversions=2,g'$(touch pwned-quote)',i\n$(touch pwned-newline):maxage=34560000s",
      expect.stringMatching(/^--row-key-schema-definition-file=/),
      '--splits=$(touch pwned-split),a\'b,c"d',
    ]);
    expect(calls.slice(1, 3)).toEqual([
      ['cbt', '-project=proj', '-instance=inst', 'createfamily', 'x$(touch pwned)', 'h;touch pwned-semi:never:intsum'],
      ['cbt', '-project=proj', '-instance=inst', 'setgcpolicy', 'x$(touch pwned)', "g'$(touch pwned-quote)'", 'maxage=1d || (maxversions=3 && maxage=2h)'],
    ]);
    expect(calls[3]).toEqual([
      'cbt',
      '-project=proj',
      '-instance=inst',
      'createtable',
      'x$(touch pwned)',
      'families=f`touch pwned-tick`:maxversions=2,g\'$(touch pwned-quote)\':never,h;touch pwned-semi:never:intsum,"i\n$(touch pwned-newline):maxage=400d"',
      'splits=$(touch pwned-split),a\'b,"c""d"',
    ]);
    expect(calls[4]).toEqual([
      'cbt',
      '-project=proj',
      '-instance=inst',
      'setgcpolicy',
      'x$(touch pwned)',
      "g'$(touch pwned-quote)'",
      'maxage=1d || (maxversions=3 && maxage=2h)',
    ]);
    expect(calls).toHaveLength(5);
    // Besides gcloud and cbt, only the schema file's mktemp and rm ran.
    expect(others()).toBe('mktemp\nrm\n');
  });

  it('write the schema file gcloud reads, and warn about ids Bigtable refuses', () => {
    const r = exportTable(EVIL, null, 'gcloud');
    expect(r.notes[0]).toMatch(/table id "x\$\(touch pwned\)" is not a valid Bigtable table id/);
    expect(r.text).toContain("printf '%s' 'encoding:");
  });

  it('quote lists the way each tool reads them, and refuse names they would misread', () => {
    const bad = oneTable({ name: 't', rowKey: { template: '{a}', fields: { a: { type: 'string' } } }, families: [{ name: 'a:b' }] });
    expect(() => exportTable(bad, null, 'gcloud')).toThrow(/gcloud cannot create family "a:b"/);
    expect(() => exportTable(bad, null, 'cbt')).toThrow(/cbt cannot create family "a:b"/);
    const comma = oneTable({
      name: 't',
      rowKey: { template: '{a}', fields: { a: { type: 'string' } } },
      families: [{ name: 'f,g', gc: { maxVersions: 1 } }, { name: 'h' }],
      splits: ['a,b', 'c"d'],
    });
    expect(exportTable(comma, null, 'cbt').text).toContain(`'families="f,g:maxversions=1",h:never' \\\n  'splits="a,b","c""d"'`);
    const g = exportTable(comma, null, 'gcloud').text;
    expect(g).toContain("--column-families='^;^f,g:maxversions=1;h'");
    expect(g).toContain(`--splits='^;^a,b;c"d'`);
    const aggOnly = oneTable({ ...comma.tables[0]!, families: [{ name: 'c', aggregate: 'sum' }] });
    expect(exportTable(aggOnly, null, 'gcloud').text).toMatch(
      /cbt_ createtable 't' \\\n  'families=c:never:intsum' \\\n  'splits="a,b","c""d"'\ngcloud bigtable instances tables update 't'/,
    );
  });
});

describe.skipIf(!existsSync('/usr/local/bin/terraform') && !has('terraform', 'version'))('terraform', () => {
  it('is what terraform fmt writes, for every table (terraform fmt -check)', () => {
    const dir = join(tmp, 'tf');
    mkdirSync(dir, { recursive: true });
    all.forEach(({ design, table }, i) => writeFileSync(join(dir, `t${i}.tf`), exportTable(design, table.name, 'terraform').text));
    const tf = existsSync('/usr/local/bin/terraform') ? '/usr/local/bin/terraform' : 'terraform';
    const r = spawnSync(tf, ['fmt', '-check', '-diff', dir], { encoding: 'utf8' });
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  it('writes aggregate types, the struct with a base64 delimiter, and GC policies', () => {
    const tf = exportTable(example('ad_hourly'), null, 'terraform').text;
    expect(tf).toContain('    family = "c"\n    type   = "intsum"');
    expect(tf).toContain('"delimiter": "Iw=="');
    expect(tf).toContain('resource "google_bigtable_gc_policy" "ad_hourly_c"');
    expect(tf).toContain('duration = "9600h"');
    const evil = exportTable(EVIL, null, 'terraform').text;
    expect(evil).toContain('name          = "x$${touch pwned}"'.replace('$${touch pwned}', '$(touch pwned)'));
    expect(evil).toContain('"i\\n$(touch pwned-newline)"');
    expect(evil).toMatch(/gc_rules\s+= <<-EOT\n\s+\{\n\s+"mode": "union"/);
  });
});

describe.skipIf(!existsSync('/usr/local/bin/terraform') && !has('terraform', 'version'))('terraform (interpolation)', () => {
  it('escapes ${ and %{ so nothing is interpolated', () => {
    const d = oneTable({ name: 't', rowKey: { template: '{a}', fields: { a: { type: 'string' } } }, families: [{ name: '${file("/etc/passwd")}%{if x}' }] });
    const tf = exportTable(d, null, 'terraform').text;
    expect(tf).toContain('family = "$${file(\\"/etc/passwd\\")}%%{if x}"');
  });
});

describe('sql, markdown, design', () => {
  it('reads key fields by name with a row key schema, _key without one', () => {
    const sql = exportTable(example('readings'), null, 'sql').text;
    expect(sql).toContain('WHERE tenant = @tenant\n  AND device_type = @device_type\n  AND device = @device\nLIMIT 10;');
    const noSchema = oneTable({
      name: 't',
      rowKey: { template: 'user#{id}#{n}', delimiter: '#', fields: { id: { type: 'string' }, n: { type: 'int' } } },
      queries: [{ name: 'q', match: { id: 'eq' } }],
    });
    expect(exportTable(noSchema, null, 'sql').text).toContain('WHERE STARTS_WITH(_key, @key_prefix)');
  });

  it('suggests materialized views for aggregate families', () => {
    const sql = exportTable(example('ad_hourly'), null, 'sql').text;
    expect(sql).toContain("SELECT advertiser AS advertiser,\n  SUM(c['impressions']) AS impressions_sum,");
    expect(sql).toContain('FROM ad_hourly\nGROUP BY advertiser;');
    expect(sql).toContain("HLL_COUNT.MERGE(uv['viewers'])");
  });

  it('reviews every example in Markdown, and round-trips the design itself', () => {
    for (const d of examples) {
      const md = exportTable(d, null, 'markdown').text;
      expect(md).toMatch(/^# Design review: /);
      for (const t of d.tables) expect(md).toContain(`## Table \`${t.name}\``);
      for (const as of ['yaml', 'json'] as const) {
        const back = loadDesign(exportTable(d, null, 'design', { as }).text);
        expect(back.ok && back.design).toEqual(d);
      }
    }
    expect(
      exportTable(examples[0]!, null, 'markdown', {
        simulations: {
          [examples[0]!.tables[0]!.name]: {
            pattern: 'even',
            hotspotScore: 1.05,
            simulatedSeconds: 600,
            writes: 1000,
            throttled: 0,
            tablets: 12,
            splits: 11,
            maxSustainableWritesPerSecond: 90000,
          },
        },
      }).text,
    ).toContain('Pattern: **even**');
  });

  it('names every format, and refuses unknown tables', () => {
    expect(EXPORT_FORMATS).toEqual(['row-key-schema', 'gcloud', 'cbt', 'terraform', 'code', 'sql', 'markdown', 'design']);
    expect(() => exportTable(examples[0]!, 'nope', 'sql')).toThrow(/has no table "nope"/);
    expect(() => exportTable({ ...examples[0]!, tables: [...examples[0]!.tables, { ...examples[0]!.tables[0]!, name: 'b' }] }, null, 'sql')).toThrow(
      /choose a table/,
    );
  });

  it('emits structObject the importer reads back', () => {
    const d = zoo('times');
    expect(structObject(structuredKeyOf(d, d.tables[0]!), true).encoding).toEqual({ delimitedBytes: { delimiter: 'Iw==' } });
  });
});

execFileSync('true');

describe('row_key_schema.yaml comment', () => {
  it('names the table and the file the export saves, not TABLE and row_key_schema.yaml', () => {
    const d = oneTable({ name: 'trips', rowKey: { template: '{city}#{id}', fields: { city: { type: 'string', values: ['nyc'] }, id: { type: 'uuid' } } } });
    const r = exportTable(d, 'trips', 'row-key-schema');
    expect(r.filename).toBe('trips.row_key_schema.yaml');
    expect(r.text).toContain(
      `# gcloud bigtable instances tables create 'trips' --instance="$INSTANCE" --row-key-schema-definition-file='trips.row_key_schema.yaml'\n`,
    );
    expect(r.text).not.toMatch(/create TABLE|=row_key_schema\.yaml/);
  });
});
