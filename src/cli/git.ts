// A design file as it was at a git commit, for `lint --since` and `diff --since`: `git show
// REF:./NAME` run in the file's folder, as an argument array (no shell), so neither the ref nor
// the file name is ever interpreted by a shell. A ref that could be read as an option is refused.
import { execFile } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { MAX_DESIGN_BYTES } from '../core/model/limits';
import { UserError } from './io';

export type AtRef = { ok: true; text: Uint8Array } | { ok: false; missing: string };

/** A ref as git takes it: not an option (no leading dash), no colon, space or control character. */
export function checkRef(ref: string, flag = '--since'): string {
  if (!/^[^-\s:\u0000-\u001f\u007f][^\s:\u0000-\u001f\u007f]{0,255}$/.test(ref)) {
    throw new UserError(`${flag} takes a commit, branch or tag such as origin/main or HEAD~1 (got ${JSON.stringify(ref)})`);
  }
  return ref;
}

/** `file` as committed at `ref`; `missing` when the commit has no such file (every finding is then new). */
export function readAtRef(file: string, ref: string): Promise<AtRef> {
  checkRef(ref);
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', dirname(file), 'show', '--no-textconv', `${ref}:./${basename(file)}`],
      { encoding: 'buffer', maxBuffer: MAX_DESIGN_BYTES + 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' } },
      (err, stdout, stderr) => {
        if (!err) return resolve({ ok: true, text: new Uint8Array(stdout) });
        const why =
          Buffer.from(stderr ?? '')
            .toString('utf8')
            .trim()
            .split('\n')[0] ?? '';
        if ((err as NodeJS.ErrnoException).code === 'ENOENT')
          return reject(new UserError('--since needs git on the PATH (it reads the design as committed at that ref)'));
        if (/does not exist in|exists on disk, but not in/.test(why)) return resolve({ ok: false, missing: `${file} is not in ${ref}` });
        if (/maxBuffer/i.test(err.message)) return reject(new UserError(`${file} at ${ref} is larger than ${MAX_DESIGN_BYTES} bytes`));
        reject(new UserError(`--since ${ref}: git could not read ${file} (${why || err.message})`));
      },
    );
  });
}
