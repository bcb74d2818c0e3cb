// Hostile command lines: wrong flags, numbers and files for every command, through the
// in-memory runner (the same main() as the installed btstudio). A refusal counts only as the
// CLI promises it (docs/cli.md): exit 2, nothing on stdout, and exactly one line on stderr that
// names the flag or value and says what is allowed. Cases with -o also check that the file
// there is left byte for byte as it was ("nothing saved changed").
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../cli/run-in-memory';
import { encodeShare } from '../core/share/share';
import type { HostileAnswer, HostileCase } from './case';

interface Fixtures {
  dir: string;
  good: string;
  bad: string;
  sub: string;
  schema: string;
  badSchema: string;
  badEscapes: string;
  notUtf8: string;
  badAccept: string;
}

let made: Fixtures | undefined;
/** The files the cases use, made once in a fresh temporary directory. */
function files(): Fixtures {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-hostile-'));
  process.once('exit', removeCliFiles);
  const f = (name: string, text: string | Uint8Array) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const sub = join(dir, 'a-directory');
  mkdirSync(sub);
  made = {
    dir,
    sub,
    good: f(
      'good.yaml',
      'format: bigtable-studio/v1\nname: hostile cli\ntables:\n  - name: events\n    rowKey: {template: "{user}#{ts}", fields: {user: {type: string}, ts: {type: timestamp}}}\n    load: {writesPerSecond: 100}\n',
    ),
    bad: f('bad.yaml', 'format: bigtable-studio/v1\nname: x\ntables:\n  - name: t\n    rowKey: {template: "{a}", fields: {a: {type: int, pad: 0}}}\n'),
    schema: f(
      'orders.row_key_schema.yaml',
      "encoding:\n  delimitedBytes:\n    delimiter: '#'\nfields:\n- fieldName: id\n  type:\n    stringType:\n      encoding:\n        utf8Bytes: {}\n",
    ),
    badSchema: f('broken.row_key_schema.yaml', "encoding:\n  delimitedBytes:\n    delimiter: '#'\nfields:\n- fieldName: id\n  type: string\n"),
    badEscapes: f('keys.txt', 'b\na\n\\xZZ\nc\n'),
    badAccept: f(
      'bad-accept.yaml',
      'format: bigtable-studio/v1\nname: x\ntables: []\nlint:\n  accept:\n    - {rule: key-length, reason: ok, until: 2026-02-30}\n',
    ),
    notUtf8: f(
      'latin1.row_key_schema.yaml',
      Buffer.concat([Buffer.from("encoding:\n  delimitedBytes:\n    delimiter: '"), Buffer.from([0xa7]), Buffer.from("'\n")]),
    ),
  };
  return made;
}

/** Removes the cases' temporary files (also done when the process exits). */
export function removeCliFiles(): void {
  if (made) rmSync(made.dir, { recursive: true, force: true });
  made = undefined;
}

/** A fresh copy of the precious file, so each case checks its own. */
function precious(name: string): { path: string; unchanged(): boolean } {
  const path = join(files().dir, `${name}.precious`);
  const bytes = Buffer.from(`precious ${name}: must survive a failed command\n`);
  writeFileSync(path, bytes);
  return { path, unchanged: () => existsSync(path) && readFileSync(path).equals(bytes) };
}

/**
 * Runs argv (a function of the fixtures) and answers `refused` only for a refusal as promised:
 * exit `code`, empty stdout, one line on stderr. Anything else comes back as not refused, with
 * what happened, so the test says why.
 */
function cli(argv: (f: Fixtures) => string[], code = 2, after?: () => string | null): () => Promise<HostileAnswer> {
  return async () => {
    const f = files();
    const r = await runCli(...argv(f));
    const err = r.err.split(f.dir).join('DIR');
    const broken = after?.();
    if (broken) throw new Error(broken);
    const oneLine = /^[^\n]+\n$/.test(err);
    if (r.code === code && r.out === '' && oneLine) return { refused: true, message: err.trimEnd() };
    return {
      refused: false,
      message: `exit ${r.code} (expected ${code}); stdout ${r.out.length} characters; stderr ${oneLine ? 'one line' : `${err.split('\n').length - 1} lines`}: ${err}`,
    };
  };
}

/** The same, for a command given `-o` at a precious file that must come out unchanged. */
function keepsOutput(name: string, argv: (f: Fixtures, out: string) => string[]): () => Promise<HostileAnswer> {
  return async () => {
    const p = precious(name);
    return cli(
      (f) => argv(f, p.path),
      2,
      () => (p.unchanged() ? null : `${p.path} was changed by a command that failed`),
    )();
  };
}

/** A real link cut 20 characters after "#d=1." (22 characters of its design part). */
const CUT_LINK = encodeShare({
  format: 'bigtable-studio/v1',
  name: 'cut',
  tables: [{ name: 't', rowKey: { template: '{id}', fields: { id: { type: 'uuid' } } } }],
}).slice(0, '#d=1.'.length + 20);

const refused = (what: RegExp, where: RegExp) => ({ refused: true as const, what, where });

/** One flag given one bad value: the case id, the flag, the value, what the refusal says and where, and a note for the case's `what`. */
type FlagValue = [id: string, flag: string, value: string, says: RegExp, where: RegExp, note?: string];

/** `command good.yaml FLAG VALUE` for each row, each refused as its row says. */
function flagValues(command: string, rows: FlagValue[]): HostileCase[] {
  return rows.map(([id, flag, value, says, where, note]) => ({
    id,
    group: 'cli',
    what: `${command} ${flag} ${value}${note ? ` (${note})` : ''}`,
    run: cli((f) => [command, f.good, flag, value]),
    expect: refused(says, where),
  }));
}

export const cliCases: HostileCase[] = [
  // keys: numbers of every wrong kind
  ...flagValues('keys', [
    ['cli-keys-n-negative', '-n', '-1', /must be between 1 and 1000000 \(got -1\)/, /^btstudio keys: -n /],
    ['cli-keys-n-exponent', '-n', '1e12', /takes a whole number from 1 to 1000000/, /^btstudio keys: -n .*"1e12"/],
    ['cli-keys-n-hex', '-n', '0x10', /takes a whole number from 1 to 1000000/, /^btstudio keys: -n .*"0x10"/],
    ['cli-keys-n-zero', '-n', '0', /must be between 1 and 1000000 \(got 0\)/, /^btstudio keys: -n /],
    ['cli-keys-n-huge', '-n', '99999999999999999999', /must be between 1 and 1000000/, /^btstudio keys: -n .*99999999999999999999/, 'beyond a safe integer'],
    ['cli-keys-n-fraction', '-n', '2.5', /takes a whole number/, /^btstudio keys: -n .*"2\.5"/],
    ['cli-keys-n-nan', '-n', 'NaN', /takes a whole number/, /^btstudio keys: -n .*"NaN"/],
    ['cli-keys-seed-text', '--seed', 'abc', /takes a whole number from 0 to 4294967295/, /^btstudio keys: --seed .*"abc"/],
    ['cli-keys-seed-negative', '--seed', '-5', /must be between 0 and 4294967295 \(got -5\)/, /^btstudio keys: --seed /],
    ['cli-keys-seed-over-uint32', '--seed', '4294967296', /must be between 0 and 4294967295/, /^btstudio keys: --seed .*4294967296/],
    [
      'cli-keys-table-takes-option',
      '--table',
      '--sorted',
      /needs a value, but the next argument "--sorted" is an option/,
      /^btstudio keys: --table /,
      'the value is missing, the next flag is not it',
    ],
    ['cli-keys-no-such-table', '--table', 'nope', /\(tables: events\)/, /^btstudio keys: .*good\.yaml has no table "nope"/],
  ]),
  {
    id: 'cli-keys-n-missing',
    group: 'cli',
    what: 'keys … -n with no value after it',
    run: cli((f) => ['keys', f.good, '-n']),
    expect: refused(/needs a value/, /^btstudio keys: -n needs a value/),
  },
  {
    id: 'cli-keys-n-twice',
    group: 'cli',
    what: 'keys -n 5 -n 6 (which one?)',
    run: cli((f) => ['keys', f.good, '-n', '5', '-n', '6']),
    expect: refused(/given twice .*give it once/, /^btstudio keys: -n is given twice \("-n 5" and "-n 6"\)/),
  },
  {
    id: 'cli-keys-switch-value',
    group: 'cli',
    what: 'keys --sorted=yes (a switch given a value)',
    run: cli((f) => ['keys', f.good, '--sorted=yes']),
    expect: refused(/is a switch and takes no value/, /^btstudio keys: --sorted .*"--sorted=yes"/),
  },
  {
    id: 'cli-keys-unknown-short',
    group: 'cli',
    what: 'keys -x',
    run: cli((f) => ['keys', f.good, '-x']),
    expect: refused(/options: --table \(-t\), -n, --seed, --sorted, --hex/, /^btstudio keys: unknown option "-x"/),
  },
  {
    id: 'cli-keys-two-designs',
    group: 'cli',
    what: 'keys with two design files',
    run: cli((f) => ['keys', f.good, f.good]),
    expect: refused(/name one design file/, /^btstudio keys: /),
  },
  {
    id: 'cli-keys-file-name-newline',
    group: 'cli',
    what: 'a design file name with a line break in it',
    run: cli(() => ['keys', 'no\nsuch.yaml']),
    expect: refused(/no such file/, /^btstudio keys: "no\\nsuch\.yaml": /),
  },
  // simulate
  ...flagValues('simulate', [
    ['cli-simulate-writes', '--writes', '1e30', /options: .*--wps/, /^btstudio simulate: unknown option "--writes"/, 'no such flag'],
    ['cli-simulate-wps-exponent', '--wps', '1e30', /takes a whole number from 0 to 1000000000/, /^btstudio simulate: --wps .*"1e30"/],
    ['cli-simulate-nodes-zero', '--nodes', '0', /must be between 1 and 1000 \(got 0\)/, /^btstudio simulate: --nodes /],
    ['cli-simulate-seconds-negative', '--seconds', '-5', /must be between 1 and 2592000 \(got -5\)/, /^btstudio simulate: --seconds /],
    ['cli-simulate-seconds-too-long', '--seconds', '2592001', /must be between 1 and 2592000/, /^btstudio simulate: --seconds .*2592001/, 'a day over 30'],
    ['cli-simulate-buckets-infinity', '--buckets', 'Infinity', /takes a whole number from 1 to 1000/, /^btstudio simulate: --buckets .*"Infinity"/],
    ['cli-simulate-format', '--format', 'xml', /text or json/, /^btstudio simulate: --format .*"xml"/],
  ]),
  // lint
  ...flagValues('lint', [
    ['cli-lint-flag-typo', '--frmat', 'json', /did you mean --format\?/, /^btstudio lint: unknown option "--frmat"/],
    ['cli-lint-rule-unknown', '--rule', 'nope=off', /no rule "nope"/, /^btstudio lint: --rule: /],
    [
      'cli-lint-rule-severity',
      '--rule',
      'key-length=loud',
      /severity must be off, info, warning or error \(got "loud"\)/,
      /^btstudio lint: --rule key-length: /,
    ],
    ['cli-lint-format-unknown', '--format', 'xml', /must be text, json, sarif, github, junit or gitlab \(got "xml"\)/, /^btstudio lint: --format /],
  ]),
  {
    id: 'cli-lint-rule-conflict',
    group: 'cli',
    what: 'lint --rule key-length=off --rule key-length=error',
    run: cli((f) => ['lint', f.good, '--rule', 'key-length=off', '--rule', 'key-length=error']),
    expect: refused(/given twice \(off and error\); give it once/, /^btstudio lint: --rule key-length /),
  },
  {
    id: 'cli-lint-since-option',
    group: 'cli',
    what: 'lint --since=--output=x (a ref git would read as an option)',
    run: cli((f) => ['lint', f.good, '--since=--output=x']),
    expect: refused(/takes a commit, branch or tag .*"--output=x"/, /^btstudio lint: --since /),
  },
  {
    id: 'cli-lint-since-newline',
    group: 'cli',
    what: 'lint --since with a line break in the ref',
    run: cli((f) => ['lint', f.good, '--since', 'main\nrm -rf /']),
    expect: refused(/takes a commit, branch or tag/, /^btstudio lint: --since /),
  },
  {
    id: 'cli-lint-since-not-a-repository',
    group: 'cli',
    what: 'lint --since HEAD outside a git repository',
    run: cli((f) => ['lint', f.good, '--since', 'HEAD']),
    expect: refused(/git could not read .*good\.yaml/, /^btstudio lint: --since HEAD: /),
  },
  {
    id: 'cli-lint-baseline-missing',
    group: 'cli',
    what: 'lint --baseline of a file that does not exist',
    run: cli((f) => ['lint', f.good, '--baseline', join(f.dir, 'nope.json')]),
    expect: refused(/no such file \(write one with btstudio lint --write-baseline FILE\)/, /^btstudio lint: --baseline DIR\/nope\.json: /),
  },
  {
    id: 'cli-lint-baseline-not-json',
    group: 'cli',
    what: 'lint --baseline of a design file',
    run: cli((f) => ['lint', f.good, '--baseline', f.good]),
    expect: refused(/not JSON/, /^btstudio lint: --baseline DIR\/good\.yaml: /),
  },
  {
    id: 'cli-lint-baseline-and-since',
    group: 'cli',
    what: 'lint --baseline and --since together',
    run: cli((f) => ['lint', f.good, '--baseline', f.good, '--since', 'HEAD']),
    expect: refused(/cannot be used together/, /^btstudio lint: --baseline and --since /),
  },
  {
    id: 'cli-lint-accept-no-such-day',
    group: 'cli',
    what: 'lint of a design accepting a finding until 2026-02-30',
    run: cli((f) => ['lint', f.badAccept]),
    expect: refused(/a day that exists, as YYYY-MM-DD/, /^DIR\/bad-accept\.yaml:6:\d+: lint\.accept\[0\]\.until: /),
  },
  {
    id: 'cli-diff-fail-on-unknown',
    group: 'cli',
    what: 'diff --fail-on breaking (not a class)',
    run: cli((f) => ['diff', f.good, f.good, '--fail-on', 'breaking']),
    expect: refused(/one of new-table, needs-care, in-place, design-only, strictest first/, /^btstudio diff: --fail-on /),
  },
  {
    id: 'cli-diff-since-two-files',
    group: 'cli',
    what: 'diff --since HEAD with two files',
    run: cli((f) => ['diff', '--since', 'HEAD', f.good, f.good]),
    expect: refused(/name one design file \(got 2\)/, /^btstudio diff: with --since/),
  },
  // export
  {
    id: 'cli-export-no-format',
    group: 'cli',
    what: 'export without --to',
    run: cli((f) => ['export', f.good]),
    expect: refused(/row-key-schema, gcloud, cbt, terraform, code, sql, markdown, design/, /^btstudio export: choose a format with --to/),
  },
  {
    id: 'cli-export-format-unknown',
    group: 'cli',
    what: 'export --to excel',
    run: cli((f) => ['export', f.good, '--to', 'excel']),
    expect: refused(/must be one of row-key-schema/, /^btstudio export: --to .*"excel"/),
  },
  {
    id: 'cli-export-lang-conflict',
    group: 'cli',
    what: 'export --to sql --lang go (a flag the format would ignore)',
    run: cli((f) => ['export', f.good, '--to', 'sql', '--lang', 'go']),
    expect: refused(/is for --to code/, /^btstudio export: --lang .*--to sql/),
  },
  {
    id: 'cli-export-pre-encoded-conflict',
    group: 'cli',
    what: 'export --to gcloud --pre-encoded',
    run: cli((f) => ['export', f.good, '--to', 'gcloud', '--pre-encoded']),
    expect: refused(/is for --to row-key-schema/, /^btstudio export: --pre-encoded .*--to gcloud/),
  },
  {
    id: 'cli-export-out-directory',
    group: 'cli',
    what: 'export -o at a directory',
    run: cli((f) => ['export', f.good, '--to', 'design', '-o', f.sub]),
    expect: refused(/cannot write \(is a directory; name a file\)/, /^btstudio export: DIR\/a-directory: /),
  },
  {
    id: 'cli-export-out-no-dir',
    group: 'cli',
    what: 'export -o in a directory that does not exist',
    run: cli((f) => ['export', f.good, '--to', 'design', '-o', join(f.dir, 'nope', 'x.yaml')]),
    expect: refused(/its directory does not exist/, /^btstudio export: DIR\/nope\/x\.yaml: /),
  },
  {
    id: 'cli-export-out-kept',
    group: 'cli',
    what: 'export of an invalid design -o an existing file (the file must not change)',
    run: keepsOutput('export', (f, out) => ['export', f.bad, '--to', 'design', '-o', out]),
    expect: refused(/must be at least 1/, /^btstudio export: DIR\/bad\.yaml:5:\d+: tables\[0\]\.rowKey\.fields\.a\.pad: /),
  },
  // import
  {
    id: 'cli-import-missing',
    group: 'cli',
    what: 'import of a file that does not exist',
    run: cli((f) => ['import', join(f.dir, 'nope.yaml')]),
    expect: refused(/no such file/, /^btstudio import: DIR\/nope\.yaml: /),
  },
  {
    id: 'cli-import-directory',
    group: 'cli',
    what: 'import of a directory',
    run: cli((f) => ['import', f.sub]),
    expect: refused(/is a directory, not a file to import/, /^btstudio import: DIR\/a-directory: /),
  },
  {
    id: 'cli-import-out-exists',
    group: 'cli',
    what: 'import -o onto an existing file (the file must not change)',
    run: keepsOutput('import', (f, out) => ['import', f.schema, '-o', out]),
    expect: refused(/exists; import never overwrites a file/, /^btstudio import: DIR\/import\.precious /),
  },
  {
    id: 'cli-import-bad-schema',
    group: 'cli',
    what: 'import of a broken row key schema with -o (no file may appear)',
    run: async () => {
      const out = join(files().dir, 'never-written.yaml');
      return cli(
        (f) => ['import', f.badSchema, '-o', out],
        2,
        () => (existsSync(out) ? `${out} was written by an import that failed` : null),
      )();
    },
    expect: refused(/expected a mapping, found string "string"/, /^btstudio import: DIR\/broken\.row_key_schema\.yaml:6:9: fields\[0\]\.type: /),
  },
  {
    id: 'cli-import-not-utf8',
    group: 'cli',
    what: 'import of a Latin-1 file (not UTF-8)',
    run: cli((f) => ['import', f.notUtf8]),
    expect: refused(/not valid UTF-8 here \(bytes a7 27/, /^btstudio import: DIR\/latin1\.row_key_schema\.yaml:3:17: /),
  },
  {
    id: 'cli-import-as',
    group: 'cli',
    what: 'import --as toml',
    run: cli((f) => ['import', f.schema, '--as', 'toml']),
    expect: refused(/must be yaml or json/, /^btstudio import: --as .*"toml"/),
  },
  // sort
  {
    id: 'cli-sort-bad-escape-out-kept',
    group: 'cli',
    what: 'sort --escaped with a bad escape on line 3, -o an existing file (the file must not change)',
    run: keepsOutput('sort-escaped', (f, out) => ['sort', '--escaped', f.badEscapes, '-o', out]),
    expect: refused(/bad escape "\\xZZ"/, /^btstudio sort: line 3: /),
  },
  {
    id: 'cli-sort-missing-out-kept',
    group: 'cli',
    what: 'sort of a missing file -o an existing file (the file must not change)',
    run: keepsOutput('sort-missing', (f, out) => ['sort', join(f.dir, 'nope.txt'), '-o', out]),
    expect: refused(/no such file or directory/, /^btstudio sort: DIR\/nope\.txt: /),
  },
  {
    id: 'cli-sort-two-inputs',
    group: 'cli',
    what: 'sort with two input files',
    run: cli((f) => ['sort', f.good, f.bad]),
    expect: refused(/takes one input file, got 2/, /^btstudio sort: /),
  },
  {
    id: 'cli-sort-directory',
    group: 'cli',
    what: 'sort of a directory',
    run: cli((f) => ['sort', f.sub]),
    expect: refused(/is a directory/, /^btstudio sort: DIR\/a-directory: /),
  },
  // check, schema, open, share
  {
    id: 'cli-check-dev-zero',
    group: 'cli',
    what: 'check /dev/zero (endless bytes)',
    run: cli(() => ['check', '/dev/zero']),
    expect: refused(/gives more than 5 MiB .*a design file may be at most 5 MiB/, /^btstudio check: \/dev\/zero: /),
  },
  {
    id: 'cli-check-nothing',
    group: 'cli',
    what: 'check with no files',
    run: cli(() => ['check', '--json']),
    expect: refused(/name at least one design file/, /^btstudio check: /),
  },
  {
    id: 'cli-check-directory',
    group: 'cli',
    what: 'check of a directory',
    run: cli((f) => ['check', f.sub]),
    expect: refused(/is a directory, not a design file/, /^btstudio check: DIR\/a-directory: /),
  },
  {
    id: 'cli-lsp-argument',
    group: 'cli',
    what: 'lsp with a file argument it does not take',
    run: cli((f) => ['lsp', f.good]),
    expect: refused(/takes no arguments/, /^btstudio lsp: /),
  },
  {
    id: 'cli-lsp-socket',
    group: 'cli',
    what: 'lsp asked for a socket transport it does not have',
    run: cli(() => ['lsp', '--socket=4250']),
    expect: refused(/socket/, /^btstudio lsp: /),
  },
  {
    id: 'cli-schema-argument',
    group: 'cli',
    what: 'schema with an argument it does not take',
    run: cli(() => ['schema', 'out.json']),
    expect: refused(/takes no arguments/, /^btstudio schema: .*"out\.json"/),
  },
  {
    id: 'cli-open-cut-link',
    group: 'cli',
    what: 'open of a link cut after 20 characters',
    run: cli(() => ['open', `http://127.0.0.1:4173/${CUT_LINK}`]),
    expect: refused(
      /cut off/,
      /^btstudio open: the link is cut off: .*after character 22 of the design part|^btstudio open: the link is cut off: .*ends after character 22\b/,
    ),
  },
  {
    id: 'cli-open-two-links',
    group: 'cli',
    what: 'open with two links',
    run: cli(() => ['open', '#d=1.AAAA', '#d=1.BBBB']),
    expect: refused(/give one link/, /^btstudio open: /),
  },
  {
    id: 'cli-share-base-javascript',
    group: 'cli',
    what: 'share --base javascript:alert(1)',
    run: cli((f) => ['share', f.good, '--base', 'javascript:alert(1)']),
    expect: refused(/must be an http, https or file URL/, /^btstudio share: --base .*"javascript:alert\(1\)"/),
  },
  // load, verify, apply: refused before any connection is tried
  {
    id: 'cli-load-rows-missing',
    group: 'cli',
    what: 'load without --rows',
    run: cli((f) => ['load', f.good, '--table', 'events']),
    expect: refused(/say how many rows to write with --rows N/, /^btstudio load: /),
  },
  {
    id: 'cli-load-rows-negative',
    group: 'cli',
    what: 'load --rows -1',
    run: cli((f) => ['load', f.good, '--rows', '-1']),
    expect: refused(/must be between 1 and 1000000000 \(got -1\)/, /^btstudio load: --rows /),
  },
  {
    id: 'cli-load-rate-zero',
    group: 'cli',
    what: 'load --rate 0',
    run: cli((f) => ['load', f.good, '--rows', '10', '--rate', '0']),
    expect: refused(/must be between 1 and 100000000 \(got 0\)/, /^btstudio load: --rate /),
  },
  {
    id: 'cli-verify-sample-huge',
    group: 'cli',
    what: 'verify --sample 1001',
    run: cli((f) => ['verify', f.good, '--sample', '1001']),
    expect: refused(/must be between 1 and 1000 \(got 1001\)/, /^btstudio verify: --sample /),
  },
  {
    id: 'cli-apply-no-such-table',
    group: 'cli',
    what: 'apply --table nope',
    run: cli((f) => ['apply', f.good, '--table', 'nope']),
    expect: refused(/\(tables: events\)/, /^btstudio apply: .*good\.yaml has no table "nope"/),
  },
  // the command itself
  {
    id: 'cli-unknown-command',
    group: 'cli',
    what: 'an unknown command',
    run: cli(() => ['frobnicate', '--fast']),
    expect: refused(
      /commands: check, lint, fix, keys, sort, schema, export, import, share, open, plan, simulate, apply, load, verify, diff, infer, pull, serve, mcp, lsp/,
      /^btstudio: unknown command "frobnicate"/,
    ),
  },
  {
    id: 'cli-command-escape-sequence',
    group: 'cli',
    what: 'a "command" holding a terminal escape sequence',
    run: cli(() => ['\u001b[2J\u001b[31mgotcha']),
    expect: refused(/commands: check/, /^btstudio: unknown command "\\u001b\[2J\\u001b\[31mgotcha"/),
  },
];
