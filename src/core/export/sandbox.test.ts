// Exported scripts quote every user value: a design whose every free-text value that reaches a
// script (table ids, family ids, split keys, the row key schema's delimiter, the design name and
// table name in comments) and the INSTANCE and PROJECT the script reads hold shell
// metacharacters. Each gcloud and cbt script runs with bash in a fresh sandbox directory whose
// PATH is only a directory of stubs (gcloud, cbt, and the mktemp and rm the gcloud script uses
// for its schema file) that append their argv to a log. Then: exit 0, nothing on stderr (no
// "command not found"), no PWNED file anywhere, and each stub's argv exactly as expected, byte
// for byte. Values no argument can carry (NUL, lone surrogates) are refused with the reason.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import type { Design } from '../model/schema';
import { ExportError, exportTable } from '../outputs';
import { thrown } from '../../test-support/thrown';

const EVERY = [
  '$(touch PWNED1)',
  '`touch PWNED2`',
  '; touch PWNED3',
  "' ; touch PWNED4 ; '",
  '"$(id)"',
  'nl\n$(touch PWNED5)\n',
  '\\',
  '!',
  '*',
  '!!',
  '$HOME',
  '${IFS}',
  '%s%n\\0',
  '\r',
  '&& touch PWNED6 &',
  '| touch PWNED7',
  '> PWNED8',
  '#',
];
/** Every payload at once (a table id, a design name): 153 characters. */
const ALL = EVERY.join(' ');
/** The same on one line, for the names the format keeps free of control characters (design and query names). */
const ONE_LINE = ALL.replace(/[\n\r]/g, ' ');
/** The row key's delimiter: no key field's values hold its first byte ('). */
const DELIM = "'$(touch PWNED9)`";

const EVIL_EVERYWHERE: Design = {
  format: 'bigtable-studio/v1',
  name: `design ${ONE_LINE}`,
  description: ALL,
  tables: [
    {
      name: ALL,
      description: ALL,
      rowKey: {
        template: `{tenant}${DELIM}{id}`,
        delimiter: DELIM,
        fields: {
          tenant: { type: 'string', alphabet: 'lower', description: ALL, example: 'acme' },
          id: { type: 'int', pad: 6, description: ALL },
        },
      },
      families: [
        { name: '$(touch PWNED1)', description: ALL, gc: { maxVersions: 2 }, columns: [{ qualifier: ALL, description: ALL }] },
        { name: '`touch PWNED2`', gc: { union: [{ maxAge: '1d' }, { maxVersions: 3 }] } },
        { name: '; touch PWNED3' },
        { name: "' ; touch PWNED4 ; '", gc: { union: [{ maxAge: '30d' }, { intersection: [{ maxAge: '3d' }, { maxVersions: 100 }] }] } },
        { name: '"$(id)"', aggregate: 'sum' },
        { name: 'nl\n$(touch PWNED5)', gc: { maxAge: '400d' } },
        { name: '\\!*', gc: { intersection: [{ maxAge: '500ms' }, { maxVersions: 1 }] } },
        { name: '*' },
      ],
      // A filter is family:qualifier [op value] on a family the table has (check refuses others);
      // its value may hold any character but a line end.
      queries: [{ name: ONE_LINE, description: ALL, match: { tenant: 'eq' }, filter: [`*:q = ${ONE_LINE.replace(/[\u2028\u2029]/g, ' ')}`, '*:*'] }],
      splits: ['$(touch PWNED10)', "it's", 'a,b', 'c"d', '*', '\\', '!x', 'l1\nl2', ' lead'],
    },
    {
      // Only aggregate families: cbt creates the table, gcloud then sets the schema.
      name: 'agg`touch PWNED11`',
      rowKey: { template: '{k}', fields: { k: { type: 'string' } } },
      families: [
        { name: 'c$(touch PWNED12)', aggregate: 'sum', gc: { maxAge: '400d' } },
        { name: "h'", aggregate: 'hll' },
      ],
      splits: ['$(touch PWNED13)'],
    },
  ],
};

const INSTANCE = 'i$(touch PWNED20)\'"`touch PWNED21` * ; touch PWNED22\n!';
const PROJECT = 'p ${IFS} $(touch PWNED23) * \\ \' "';

interface Call {
  tool: string;
  args: string[];
}

interface Run {
  status: number | null;
  stderr: string;
  stdout: string;
  calls: Call[];
  /** The schema file the script wrote (the stub rm leaves it). */
  schemaFile: string;
  schema: string | null;
  pwned: string[];
}

/** Files named PWNED* anywhere under dir. */
function findPwned(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (/pwned/i.test(e)) out.push(p);
    if (statSync(p, { throwIfNoEntry: false })?.isDirectory()) out.push(...findPwned(p));
  }
  return out;
}

/** Runs one script in a fresh sandbox: PATH holds only the stubs. */
function runInSandbox(script: string, env: Record<string, string>): Run {
  const box = mkdtempSync(join(tmpdir(), 'btstudio-sandbox-'));
  const bin = join(box, 'bin');
  mkdirSync(bin);
  const log = join(box, 'calls.log');
  const schemaFile = join(box, 'schema.tmp');
  // Each call: the argument count, the tool, then each argument, all NUL-terminated (no argument
  // can hold a NUL, so the log reads back exactly).
  const record = `printf '%s\\0' "$#" "\${0##*/}" "$@" >> '${log}'`;
  const stubs: Record<string, string> = {
    gcloud: record,
    cbt: record,
    mktemp: `${record}\nprintf '%s\\n' '${schemaFile}'`,
    rm: record,
  };
  for (const [tool, body] of Object.entries(stubs)) {
    writeFileSync(join(bin, tool), `#!/bin/bash\n${body}\n`);
    chmodSync(join(bin, tool), 0o755);
  }
  // Files a stray glob would match, and a place for a stray redirection to land.
  writeFileSync(join(box, 'glob-bait-1'), '');
  writeFileSync(join(box, 'glob-bait-2'), '');
  writeFileSync(join(box, 'script.sh'), script);
  const r = spawnSync('/bin/bash', ['script.sh'], { cwd: box, encoding: 'utf8', env: { PATH: bin, HOME: box, ...env } });
  const calls: Call[] = [];
  if (existsSync(log)) {
    const parts = readFileSync(log, 'utf8').split('\0');
    for (let i = 0; i + 1 < parts.length; ) {
      const n = Number(parts[i]);
      calls.push({ tool: parts[i + 1]!, args: parts.slice(i + 2, i + 2 + n) });
      i += 2 + n;
    }
  }
  return {
    status: r.status,
    stderr: r.stderr,
    stdout: r.stdout,
    calls,
    schemaFile,
    schema: existsSync(schemaFile) ? readFileSync(schemaFile, 'utf8') : null,
    pwned: findPwned(box),
  };
}

const WITH_PROJECT = { INSTANCE, PROJECT };
const WITHOUT_PROJECT = { INSTANCE };

function expectClean(r: Run): void {
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.pwned).toEqual([]);
}

/** gcloud's and cbt's leading flags, with and without PROJECT. */
const gflags = (project: boolean) => [`--instance=${INSTANCE}`, ...(project ? [`--project=${PROJECT}`] : [])];
const cflags = (project: boolean) => [...(project ? [`-project=${PROJECT}`] : []), `-instance=${INSTANCE}`];

describe('exported scripts run nothing but the tools, and pass every value exactly (bash, stub-only PATH)', () => {
  it('the design loads (every value is one the format accepts)', () => {
    const text = exportTable(EVIL_EVERYWHERE, null, 'design', { as: 'json' }).text;
    const back = loadDesign(text);
    expect(back.ok && back.design).toEqual(EVIL_EVERYWHERE);
  });

  for (const project of [true, false]) {
    const env = project ? WITH_PROJECT : WITHOUT_PROJECT;
    const g = gflags(project);
    const c = cflags(project);

    it(`gcloud script, table with every family kind${project ? ', PROJECT set' : ', no PROJECT'}`, () => {
      const out = exportTable(EVIL_EVERYWHERE, ALL, 'gcloud');
      // The header comments name the table and design on one line each: no newline in a name ends them.
      const header = out.text.slice(0, out.text.indexOf('\nset -euo pipefail')).split('\n');
      for (const line of header) expect(line).toMatch(/^#/);
      expect(header[1]).toContain('nl $(touch PWNED5)  \\ ! *');
      const r = runInSandbox(out.text, env);
      expectClean(r);
      expect(r.calls).toEqual([
        { tool: 'mktemp', args: [] },
        {
          tool: 'gcloud',
          args: [
            'bigtable',
            'instances',
            'tables',
            'create',
            ALL,
            ...g,
            "--column-families=$(touch PWNED1):maxversions=2,`touch PWNED2`:maxage=86400s||maxversions=3,; touch PWNED3,' ; touch PWNED4 ; ',nl\n$(touch PWNED5):maxage=34560000s,\\!*:maxage=0.5s&&maxversions=1,*",
            `--row-key-schema-definition-file=${r.schemaFile}`,
            // A split holds a comma: gcloud's own ^D^ list syntax, with the first character no split holds.
            '--splits=^;^$(touch PWNED10);it\'s;a,b;c"d;*;\\;!x;l1\nl2; lead',
          ],
        },
        { tool: 'cbt', args: [...c, 'createfamily', ALL, '"$(id)":never:intsum'] },
        { tool: 'cbt', args: [...c, 'setgcpolicy', ALL, "' ; touch PWNED4 ; '", 'maxage=30d || (maxage=3d && maxversions=100)'] },
        { tool: 'rm', args: ['-f', r.schemaFile] },
      ]);
      // The schema file is the table's structured key, the delimiter byte for byte.
      expect(load(r.schema!)).toEqual({
        encoding: { delimitedBytes: { delimiter: DELIM } },
        fields: [
          { fieldName: 'tenant', type: { stringType: { encoding: { utf8Bytes: {} } } } },
          { fieldName: 'id', type: { stringType: { encoding: { utf8Bytes: {} } } } },
        ],
      });
    });

    it(`gcloud script, aggregate-only table (cbt createtable, then gcloud update)${project ? ', PROJECT set' : ', no PROJECT'}`, () => {
      const r = runInSandbox(exportTable(EVIL_EVERYWHERE, 'agg`touch PWNED11`', 'gcloud').text, env);
      expectClean(r);
      expect(r.calls).toEqual([
        { tool: 'mktemp', args: [] },
        {
          tool: 'cbt',
          args: [...c, 'createtable', 'agg`touch PWNED11`', "families=c$(touch PWNED12):maxage=400d:intsum,h':never:inthll", 'splits=$(touch PWNED13)'],
        },
        { tool: 'gcloud', args: ['bigtable', 'instances', 'tables', 'update', 'agg`touch PWNED11`', ...g, `--row-key-schema-definition-file=${r.schemaFile}`] },
        { tool: 'rm', args: ['-f', r.schemaFile] },
      ]);
      expect(load(r.schema!)).toEqual({ encoding: { singleton: {} }, fields: [{ fieldName: 'k', type: { stringType: { encoding: { utf8Bytes: {} } } } }] });
    });

    it(`cbt scripts${project ? ', PROJECT set' : ', no PROJECT'}`, () => {
      const r = runInSandbox(exportTable(EVIL_EVERYWHERE, ALL, 'cbt').text, env);
      expectClean(r);
      expect(r.calls).toEqual([
        {
          tool: 'cbt',
          args: [
            ...c,
            'createtable',
            ALL,
            // cbt reads the lists as CSV: items with a comma, quote or line break are quoted.
            'families=$(touch PWNED1):maxversions=2,`touch PWNED2`:maxage=1d || maxversions=3,; touch PWNED3:never,\' ; touch PWNED4 ; \':never,"""$(id)"":never:intsum","nl\n$(touch PWNED5):maxage=400d",\\!*:maxage=500ms && maxversions=1,*:never',
            'splits=$(touch PWNED10),it\'s,"a,b","c""d",*,\\,!x,"l1\nl2"," lead"',
          ],
        },
        { tool: 'cbt', args: [...c, 'setgcpolicy', ALL, "' ; touch PWNED4 ; '", 'maxage=30d || (maxage=3d && maxversions=100)'] },
      ]);
      const agg = runInSandbox(exportTable(EVIL_EVERYWHERE, 'agg`touch PWNED11`', 'cbt').text, env);
      expectClean(agg);
      expect(agg.calls).toEqual([
        {
          tool: 'cbt',
          args: [...c, 'createtable', 'agg`touch PWNED11`', "families=c$(touch PWNED12):maxage=400d:intsum,h':never:inthll", 'splits=$(touch PWNED13)'],
        },
      ]);
    });
  }

  it('a missing INSTANCE stops the script before any tool runs', () => {
    const r = runInSandbox(exportTable(EVIL_EVERYWHERE, ALL, 'cbt').text, { PROJECT });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('set INSTANCE to the Bigtable instance id');
    expect(r.stderr).not.toContain('command not found');
    expect(r.calls).toEqual([]);
    expect(r.pwned).toEqual([]);
  });

  it('refuses, with the reason, a value no command-line argument can carry (NUL, lone surrogate)', () => {
    const base = EVIL_EVERYWHERE.tables[1]!;
    const cases: [Design, RegExp][] = [
      [
        { ...EVIL_EVERYWHERE, tables: [{ ...base, name: 'a\u0000b' }] },
        /table id "a\\u0000b" holds a NUL byte, which no command-line argument can carry: a (gcloud|cbt) script cannot pass it exactly/,
      ],
      [{ ...EVIL_EVERYWHERE, tables: [{ ...base, families: [{ name: 'f\u0000' }] }] }, /family id "f\\u0000" holds a NUL byte/],
      [{ ...EVIL_EVERYWHERE, tables: [{ ...base, splits: ['ok', 'x\ud800'] }] }, /split key "x\\ud800" is not valid Unicode \(a lone surrogate\)/],
    ];
    for (const [design, re] of cases) {
      for (const format of ['gcloud', 'cbt'] as const) {
        const err = thrown(() => exportTable(design, null, format));
        expect(err, format).toBeInstanceOf(ExportError);
        expect((err as Error).message).toMatch(re);
      }
    }
  });
});
