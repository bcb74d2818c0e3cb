// For tests and the fuzz run: every output the command line gives for a design, and
// a scanner for figures that must never appear (NaN, Infinity, undefined, negative sizes or
// counts). Runs the CLI in memory (run-in-memory.ts) on a temporary copy of the design.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { runCli, runCliWithInput } from '../cli/run-in-memory';
import { EXPORT_FORMATS } from '../core/outputs';
import { CODE_LANGS } from '../core/export/code';
import type { Design, Table } from '../core/model/schema';
import { TemplateError } from '../core/keys/template';
import { KeyCodecError } from '../core/keys/values';
import { optionsFor, simulate } from '../core/sim/index';
import { toJson, toText } from '../cli/commands/simulate';
import { BUDGETS } from '../cli/budgets';

export interface Output {
  /** The command line, e.g. `export --to sql --table t`. */
  command: string;
  code: number;
  out: string;
  err: string;
  /** Program text (key builders): words such as `undefined` are code there, not figures. */
  code_text: boolean;
  /** Wall-clock milliseconds of the run (the fuzz run's time budgets; never asserted in CI). */
  ms?: number;
}

// Units that follow a size, a count or a rate in our outputs.
const UNIT = String.raw`(?:B|KB|MB|GB|TB|PB|EB|KiB|MiB|GiB|TiB|PiB|rows?|writes?|cells?|tablets?|nodes?|scans?|keys?|%|/s|ms|s)\b`;
const NEGATIVE = new RegExp(String.raw`(?:^|[\s(~:=,\[])-\d[\d,]*(?:\.\d+)?\s*${UNIT}`, 'm');
const JSON_NEGATIVE = /"(?:[a-zA-Z]*(?:[Bb]ytes|[Rr]ows|[Ww]rites|[Cc]ount|[Ss]hare|[Ss]cans|[Nn]odes|[Tt]ablets|PerSecond|PerNode|Score))"\s*:\s*-\d/;

/**
 * Commands whose stdout is the user's own text, not our figures: keys (the user's bytes, escaped),
 * a design or its values (infer, fix, diff, open, share, import), an export other than the
 * markdown review. A `\x0d:-4B` in a random bytes key or a key's 2^53 is no size or count.
 */
const USER_TEXT = /^(keys|export .*--to (?!markdown)|open|share|import|infer|fix|diff)/;

/**
 * simulate's key text, the user's bytes (escaped): in its JSON the ends of the hottest range
 * (readable and raw) and the heatmap's bucket labels (raw and with fields decoded); in its text
 * the heatmap rows' labels and the hottest range's ends.
 */
const KEY_FIELDS = /^(start|end|startBytes|endBytes|bucketLabels|bucketReadable)$/;
const HEATMAP_LABEL = /^.*(?= \|[ .:\-=+*#%@]*\|$)/gm;
const HOTTEST_ENDS = /^(hottest\s+).*(?=: \d[\d.]*% of writes)/gm;

/** simulate's output with its key text blanked (KEY_FIELDS), for the scans of figures. */
function withoutKeyText(out: string): string {
  const blank = (key: string, v: unknown) => (KEY_FIELDS.test(key) ? (Array.isArray(v) ? v.map(() => '') : typeof v === 'string' ? '' : v) : v);
  const json = (t: string): string | undefined => {
    try {
      return JSON.stringify(JSON.parse(t, blank));
    } catch {
      return undefined;
    }
  };
  const trimmed = out.trim();
  const whole = /^[[{]/.test(trimmed) ? json(trimmed) : undefined;
  if (whole !== undefined) return whole;
  return out
    .split('\n')
    .map((line) => (line.startsWith('{') ? (json(line) ?? line) : line))
    .join('\n')
    .replace(HEATMAP_LABEL, '')
    .replace(HOTTEST_ENDS, '$1');
}

/** What is wrong with the figures of one output, or [] when nothing is. */
export function figureProblems(o: Pick<Output, 'out' | 'err' | 'code_text'> & { command?: string }): string[] {
  const problems: string[] = [];
  for (const [stream, text] of [
    ['stdout', /^simulate/.test(o.command ?? '') ? withoutKeyText(o.out) : o.out],
    ['stderr', o.err],
  ] as const) {
    // keys prints nothing but the user's bytes, escaped: a random bytes key may hold the letters
    // NaN (seed 468715906), a string value may be "undefined". Every other output is read.
    const keysOnly = stream === 'stdout' && /^keys\b/.test(o.command ?? '');
    const words = keysOnly ? [] : o.code_text && stream === 'stdout' ? [/\bNaN\b/] : [/\bNaN\b/, /\bInfinity\b/, /\bundefined\b/, /\[object Object\]/];
    for (const w of words) {
      const m = w.exec(text);
      if (m) problems.push(`${stream}: "${m[0]}" in …${text.slice(Math.max(0, m.index - 60), m.index + 40)}…`);
    }
    const userText = stream === 'stdout' && USER_TEXT.test(o.command ?? '');
    const neg = NEGATIVE.exec(text) ?? JSON_NEGATIVE.exec(text);
    if (neg && !o.code_text && !userText) problems.push(`${stream}: a negative figure "${neg[0].trim()}"`);
    if (/\n\s+at .+:\d+:\d+\)?\n/.test(text)) problems.push(`${stream}: a stack trace`);
  }
  return problems;
}

/** The largest count printed as a number (units.ts COUNT_BOUND). */
const COUNT_LIMIT = 1e15;
/** The largest byte figure in JSON: what 1,000 nodes hold (capacity/bounds.ts STORED_BYTES_BOUND, 16 PiB). */
const BYTES_LIMIT = 1000 * 16 * 1024 ** 4;

/**
 * Figures past the bound (capacity/bounds.ts): a grouped count over 10^15 ("2,840,000,...");
 * a node count over the format's 1,000 ("10450 nodes");
 * a number in exponent form past it (2.84e+41, 2e33); a size in EiB, or past 16,384 PiB; in JSON
 * a number over 10^15 (a byte figure over 16 PiB), and its strings read as text. Key text (in
 * backticks, brackets or quotes, and the keys command) is the user's, not a figure: not read.
 */
export function boundProblems(o: Pick<Output, 'command' | 'out' | 'code_text'>): string[] {
  if (o.code_text || USER_TEXT.test(o.command)) return [];
  const problems: string[] = [];
  const scanText = (raw: string) => {
    const text = raw
      // A heatmap row's label is the key where its range starts, and the hottest line names the
      // ends of a range: the user's bytes, not figures.
      .replace(HEATMAP_LABEL, '')
      .replace(HOTTEST_ENDS, '$1')
      .replace(/`[^`\n]*`/g, '``')
      .replace(/\[[^\]\n]*\)/g, '[]')
      .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
    for (const m of text.matchAll(/\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b/g)) {
      if (Number(m[0].replaceAll(',', '')) > COUNT_LIMIT) problems.push(`a count past 10^15: ${m[0]}`);
    }
    // An exponent form as toExponential writes it (never a leading zero in the exponent, never a
    // mantissa of 0 but in 0e+0), standing alone (not inside a key such as a uuid's -4e81-).
    for (const m of text.matchAll(/(?<=^|[\s(~:=,])[1-9](?:\.\d+)?e\+?([1-9]\d*)(?=$|[\s),;]|\.(?:\s|$))/gim)) {
      if (Number(m[1]) > 15) problems.push(`a figure past 10^15: ${m[0]}`);
    }
    // A node count is printed as a number only up to the format's 1,000 a cluster; past it,
    // "over 1,000 nodes" (capacity/wording.ts nodesText).
    for (const m of text.matchAll(/(?<![\d.,])(\d[\d,]*)(?:\.\d+)?\s+nodes?\b/g)) {
      if (Number(m[1]!.replaceAll(',', '')) > 1000) problems.push(`a node count past the format's 1,000: ${m[0]}`);
    }
    for (const m of text.matchAll(/\b(\d[\d,.]*)\s*(EiB|PiB)\b/g)) {
      const n = Number(m[1]!.replaceAll(',', ''));
      if (m[2] === 'EiB' ? n > 1 : n > 16_384) problems.push(`a size past what 1,000 nodes hold: ${m[0]}`);
    }
  };
  const walk = (v: unknown, key: string, at: string): void => {
    if (typeof v === 'number') {
      // Byte figures (tableBytes, rowBytes, growthPerMonth: bytes a month) are bounded at 16 PiB, counts at 10^15.
      const limit = /bytes|growthPerMonth/i.test(key) ? BYTES_LIMIT : COUNT_LIMIT;
      if (Math.abs(v) > limit) problems.push(`JSON ${at} = ${v}, past the bound`);
    } else if (typeof v === 'string') {
      // simulate's key text (KEY_FIELDS) is the user's.
      if (!KEY_FIELDS.test(key)) scanText(v);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, key, `${at}[${i}]`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k, `${at}.${k}`);
  };
  // A JSON document (lint, plan), or simulate()'s JSON line then its text; else text.
  const trimmed = o.out.trim();
  const json = (t: string): unknown => {
    try {
      return JSON.parse(t);
    } catch {
      return undefined;
    }
  };
  const whole = /^[[{]/.test(trimmed) ? json(trimmed) : undefined;
  const [first = '', ...rest] = trimmed.split('\n');
  const head = whole === undefined && first.startsWith('{') ? json(first) : undefined;
  if (whole !== undefined) walk(whole, '', '$');
  else if (head !== undefined) {
    walk(head, '', '$');
    scanText(rest.join('\n'));
  } else scanText(o.out);
  return problems;
}

/**
 * Every command of the CLI over the design: lint (text, json, sarif), plan (text, json), and per table keys,
 * simulate (text; json and text of the core's run), every export format (code in every language), the row key schema
 * imported back; share then open. Simulations are short (60 s, 16 buckets).
 */
export async function allOutputs(design: Design): Promise<Output[]> {
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-out-'));
  const file = join(dir, 'design.yaml');
  writeFileSync(file, dump(design, { noRefs: true, lineWidth: -1 }));
  const outs: Output[] = [];
  const run = async (argv: string[], codeText = false) => {
    const t0 = Date.now();
    const r = await runCli(...argv);
    const ms = Date.now() - t0;
    if (process.env.OUTPUTS_PROFILE) console.log(`${ms} ms ${argv.filter((a) => a !== file).join(' ')}`);
    outs.push({
      command: argv.map((a) => (a === file ? 'design.yaml' : a.startsWith(dir) ? a.slice(dir.length + 1) : a)).join(' '),
      ...r,
      code_text: codeText,
      ms,
    });
    return r;
  };
  try {
    for (const format of ['text', 'json', 'sarif']) await run(['lint', file, '--format', format]);
    for (const format of ['text', 'json']) await run(['plan', file, '--format', format]);
    for (const format of ['design', 'markdown'] as const) await run(['export', file, '--to', format]);
    for (const format of ['text', 'json']) await run(['plan', file, '--format', format]);
    await run(['fix', file]);
    for (const format of ['text', 'json']) await run(['diff', file, file, '--format', format]);
    for (const t of design.tables) {
      const keys = await run(['keys', file, '--table', t.name, '-n', '20']);
      // The design's own keys read back: infer answers (a template, or why not), never crashes.
      if (keys.code === 0) {
        const t0 = Date.now();
        const r = await runCliWithInput(['infer', '-', '--format', 'json'], keys.out);
        outs.push({ command: `infer - (the keys of table ${t.name})`, ...r, code_text: false, ms: Date.now() - t0 });
      }
      // The CLI's simulation on at most 8 nodes (its key samples grow with the nodes), and the
      // core's on the design's own nodes (1 to 1,000) with few samples, both printed as the CLI does.
      const nodes = Math.min(design.cluster?.nodes ?? 3, 8);
      await run(['simulate', file, '--table', t.name, '--seconds', '60', '--buckets', '16', '--slots', '8', '--nodes', String(nodes)]);
      outs.push(coreSimulation(design, t));
      for (const format of EXPORT_FORMATS) {
        if (format === 'code') {
          for (const lang of CODE_LANGS) await run(['export', file, '--to', 'code', '--lang', lang, '--table', t.name], true);
          continue;
        }
        const r = await run(['export', file, '--to', format, '--table', t.name]);
        if (format === 'row-key-schema' && r.code === 0) {
          const schema = join(dir, `${t.name.replace(/[^A-Za-z0-9_.-]/g, '_')}.row_key_schema.yaml`);
          writeFileSync(schema, r.out);
          await run(['import', schema, '--table', t.name]);
        }
      }
    }
    const link = await run(['share', file]);
    if (link.code === 0) {
      const t0 = Date.now();
      const r = await runCliWithInput(['open', '-'], link.out.trim());
      outs.push({ command: 'open - (the link of share)', ...r, code_text: false, ms: Date.now() - t0 });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return outs;
}

/** simulate() on the design's nodes with 500 samples, printed as `btstudio simulate` prints it. */
function coreSimulation(design: Design, t: Table): Output {
  const command = `simulate() of table ${t.name} on ${design.cluster?.nodes ?? 3} nodes`;
  try {
    const t0 = Date.now();
    const r = simulate(t, optionsFor(design, { seconds: 60, samples: 500, maxBuckets: 16, maxSlots: 8 }));
    return { command, code: 0, out: `${JSON.stringify(toJson(design, r))}\n${toText(design, r)}`, err: '', code_text: false, ms: Date.now() - t0 };
  } catch (e) {
    // The documented refusal: a key that cannot be generated (the CLI says "table T: ...").
    if (e instanceof TemplateError || e instanceof KeyCodecError)
      return { command, code: 2, out: '', err: `table ${t.name}: ${e.message}\n`, code_text: false };
    return { command, code: 70, out: '', err: `internal error: ${(e as Error).stack}`, code_text: false };
  }
}

/** Exit codes a command may end with on a valid design: a failure is never one of them. */
export function exitProblems(o: Output): string[] {
  const p: string[] = [];
  if (o.code === 70 || /internal error/.test(o.err)) p.push(`internal error: ${o.err.split('\n')[0]}`);
  if (/ failed: /.test(o.err)) p.push(`a part failed: ${o.err.split('\n')[0]}`);
  // (A design's own `rule: rule-failed`, an acceptance of that rule, is no failure.)
  if (/^(?!\s*(?:- )?rule: )[^\n]* rule-failed$|"(?:rule|ruleId)": "rule-failed"/m.test(o.out))
    p.push(`a rule failed: ${/[^\n]*failed on[^\n]*/.exec(o.out)?.[0]}`);
  // lint, share, open and import of an exported schema always answer; an export or keys and
  // simulate may refuse with exit 2 and a reason (a format that cannot express the design, a
  // key that cannot be generated), never with anything else.
  // (infer may refuse keys with no shared structure, with its reason: commands.test.ts checks it.)
  if (/^(lint|share|open|import|plan|fix|diff)/.test(o.command) && o.code === 2) p.push(`exit 2: ${o.err.split('\n')[0]}`);
  if (![0, 1, 2].includes(o.code)) p.push(`exit ${o.code}`);
  if (o.code === 2 && o.err.trim().split('\n').length > 1 && !/^(export|import|infer)/.test(o.command)) p.push(`more than one line on a refusal: ${o.err}`);
  return p;
}

/**
 * What exceeds its command's budget (src/cli/budgets.ts): the output's bytes always; the time
 * only when `times` is set (the fuzz run), at ten times the budget, so CI never fails on a slow
 * machine. `designBytes` is the design file's size; infer reads the keys, sized the same way.
 */
export function budgetProblems(o: Output, designBytes: number, times = false): string[] {
  const name = /^(?:simulate\(\)|[a-z]+)/.exec(o.command)?.[0].replace('()', '') ?? '';
  const budget = BUDGETS[name];
  if (!budget) return [];
  const p: string[] = [];
  const bytes = Buffer.byteLength(o.out) + Buffer.byteLength(o.err);
  const bound = budget.outputBytes(designBytes);
  if (bytes > bound) p.push(`${bytes} bytes of output, over the budget of ${bound} for a ${designBytes}-byte design (${budget.what})`);
  if (times && o.ms !== undefined && o.ms > 10 * budget.ms) p.push(`${o.ms} ms, over ten times the budget of ${budget.ms} ms`);
  return p;
}
