// Split keys in the gcloud, cbt and Terraform exports, per table and for the whole design: the
// simulator's proposed pre-split points for the web-pages example (203 keys) and keys holding
// what a shell, gcloud's or cbt's list syntax, or HCL would misread. The scripts run with stub
// gcloud and cbt that record their arguments, so each key arrives byte for byte; the HCL is
// checked with `terraform fmt -check` and its strings read back. The real gcloud's request is
// checked in gcloud.test.ts (the same 203 keys), the real cbt's in presplit.emu.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Design, Table } from '../model/schema';
import { preSplitPoints } from '../sim/presplit';
import { withSplits } from '../sim/presplit-check';
import { stubTools } from '../../test-support/stub-tools';
import { exampleDesigns } from '../../test-support/examples';
import { cbtList, gcloudList, shq } from './common';
import { MAX_ARGUMENT_BYTES } from './gcloud';
import { ExportError, exportTable, exportWhole } from '../outputs';

const web = exampleDesigns().find((e) => e.file === 'web-pages.yaml')!.design;
const proposed = preSplitPoints(web.tables[0]!, { count: 203, nodes: 51 });
const presplit: Design = withSplits(web, 'webtable', proposed);
/** Keys a shell, gcloud's and cbt's list syntax or HCL would misread, and text that is not ASCII. */
const ODD = ['$(touch pwned-a)', '`touch pwned-b`', "it's", 'a,b', 'c"d', '${var.x}', '%{if y}', 'back\\slash', 'line\nbreak', ' lead', '^x^', 'é', '😀'];
const odd: Design = { ...web, name: 'odd splits', tables: [{ ...web.tables[0]!, name: 'odd', splits: ODD }] };

const tmp = mkdtempSync(join(tmpdir(), 'btstudio-splits-'));

/** Runs a script with stub gcloud and cbt on PATH; returns each call's arguments. */
function calls(script: string, name: string): string[][] {
  const dir = join(tmp, name);
  const { bin, calls: recorded } = stubTools(dir);
  writeFileSync(join(dir, 'run.sh'), script);
  const r = spawnSync('/bin/bash', [join(dir, 'run.sh')], { cwd: dir, encoding: 'utf8', env: { PATH: bin, INSTANCE: 'inst', HOME: dir } });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(readdirSync(dir).filter((f) => f.startsWith('pwned'))).toEqual([]);
  return recorded();
}

/** How gcloud's --splits and cbt's splits= read a list back: the ^D^ form, or CSV. */
const gcloudRead = (v: string) => {
  const m = /^\^(.)\^/.exec(v);
  return m ? v.slice(3).split(m[1]!) : v.split(',');
};
function cbtRead(v: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= v.length) {
    if (v[i] === '"') {
      let s = '';
      i++;
      while (i < v.length) {
        if (v[i] === '"' && v[i + 1] === '"') (s += '"'), (i += 2);
        else if (v[i] === '"') break;
        else s += v[i++];
      }
      out.push(s);
      i += 2;
    } else {
      const end = v.indexOf(',', i);
      out.push(v.slice(i, end < 0 ? v.length : end));
      i = end < 0 ? v.length + 1 : end + 1;
    }
  }
  return out;
}

describe('split keys in the gcloud and cbt scripts', () => {
  it('the 203 proposed keys: exactly one --splits flag and one splits= argument, every key in order', () => {
    expect(proposed).toHaveLength(203);
    const g = exportTable(presplit, 'webtable', 'gcloud').text;
    expect(g).toContain(` \\\n  --splits=${shq(proposed.join(','))}`);
    const create = calls(g, 'gcloud-203').find((c) => c[0] === 'gcloud')!;
    const flag = create.filter((a) => a.startsWith('--splits='));
    expect(flag).toEqual([`--splits=${proposed.join(',')}`]);
    expect(gcloudRead(flag[0]!.slice('--splits='.length))).toEqual(proposed);

    const c = exportTable(presplit, 'webtable', 'cbt').text;
    expect(c).toContain(` \\\n  ${shq(`splits=${cbtList(proposed)}`)}`);
    const createtable = calls(c, 'cbt-203').find((x) => x[0] === 'cbt' && x.includes('createtable'))!;
    expect(createtable[createtable.length - 1]).toBe(`splits=${proposed.join(',')}`);
  });

  it('keys with shell, list and non-ASCII characters arrive byte for byte, and nothing runs', () => {
    const g = calls(exportTable(odd, 'odd', 'gcloud').text, 'gcloud-odd').find((c) => c[0] === 'gcloud')!;
    const flag = g.find((a) => a.startsWith('--splits='))!;
    // A key holds a comma: gcloud's own ^D^ syntax, with a delimiter no key holds.
    expect(flag).toBe(`--splits=${gcloudList(ODD)}`);
    expect(flag.startsWith('--splits=^;^')).toBe(true);
    expect(gcloudRead(flag.slice('--splits='.length))).toEqual(ODD);
    const c = calls(exportTable(odd, 'odd', 'cbt').text, 'cbt-odd').find((x) => x[0] === 'cbt' && x.includes('createtable'))!;
    const arg = c[c.length - 1]!;
    expect(arg.startsWith('splits=')).toBe(true);
    expect(cbtRead(arg.slice('splits='.length))).toEqual(ODD);
  });

  it('the whole-design scripts carry the same keys', () => {
    for (const format of ['gcloud', 'cbt'] as const) {
      const all = calls(exportWhole(presplit, format).text, `whole-${format}`);
      const arg = all.flat().find((a) => a.startsWith('--splits=') || a.startsWith('splits='));
      expect(arg, format).toBe(format === 'gcloud' ? `--splits=${proposed.join(',')}` : `splits=${proposed.join(',')}`);
    }
  });

  it('refuse a split list no program could be started with (one argument above 128 KiB), naming the way out', () => {
    const many: Table = { ...web.tables[0]!, splits: Array.from({ length: 10_000 }, (_, i) => `key-${String(i).padStart(5, '0')}-${'x'.repeat(20)}`) };
    const d: Design = { ...web, tables: [many] };
    for (const format of ['gcloud', 'cbt'] as const) {
      expect(() => exportTable(d, 'webtable', format)).toThrow(ExportError);
      expect(() => exportTable(d, 'webtable', format)).toThrow(
        /10,000 split keys make one (gcloud|cbt) argument of [\d,]+ bytes, and Linux starts no program with an argument above 128 KiB: use fewer or shorter split keys, or the terraform export/,
      );
    }
    // Terraform has no such limit.
    expect(exportTable(d, 'webtable', 'terraform').text).toContain('split_keys');
    // Just under the limit is written.
    const fit = Math.floor(MAX_ARGUMENT_BYTES / 1000) - 1;
    const under: Design = { ...web, tables: [{ ...many, splits: Array.from({ length: fit }, (_, i) => `${String(i).padStart(4, '0')}${'y'.repeat(995)}`) }] };
    expect(() => exportTable(under, 'webtable', 'gcloud')).not.toThrow();
  });
});

describe('split keys in Terraform', () => {
  it('writes split_keys with the 203 keys as HCL strings, in order', () => {
    const tf = exportTable(presplit, 'webtable', 'terraform').text;
    expect(tf).toContain(`split_keys    = [${proposed.map((s) => JSON.stringify(s)).join(', ')}]`);
  });

  it('escapes what HCL would read as a template, an escape or a line end', () => {
    const tf = exportTable(odd, 'odd', 'terraform').text;
    const line = tf.split('\n').find((l) => l.includes('split_keys'))!;
    expect(line).toContain(
      '"$(touch pwned-a)", "`touch pwned-b`", "it\'s", "a,b", "c\\"d", "$${var.x}", "%%{if y}", "back\\\\slash", "line\\nbreak", " lead", "^x^", "é", "😀"',
    );
  });

  it.skipIf(!existsSync('/usr/local/bin/terraform') && spawnSync('terraform', ['version']).status !== 0)(
    'is what terraform fmt writes, per table and for the whole design',
    () => {
      const dir = join(tmp, 'tf');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'a.tf'), exportTable(presplit, 'webtable', 'terraform').text);
      writeFileSync(join(dir, 'b.tf'), exportTable(odd, 'odd', 'terraform').text);
      const tf = existsSync('/usr/local/bin/terraform') ? '/usr/local/bin/terraform' : 'terraform';
      const r = spawnSync(tf, ['fmt', '-check', '-diff', dir], { encoding: 'utf8' });
      expect(r.stdout).toBe('');
      expect(r.status).toBe(0);
    },
  );
});
