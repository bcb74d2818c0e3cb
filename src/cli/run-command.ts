// Runs one command with the CLI's handling of --help and of errors: a user error is one line
// on stderr and its exit code; anything else is an internal error (exit 70). main.ts runs every
// command through it, and sort-entry.ts runs `btstudio sort` through it without main.ts.
import { UserError, write, type Io } from './io';

export interface Command {
  usage: string;
  run(argv: string[], io: Io): Promise<number>;
}

export async function runCommand(name: string, command: Command, rest: string[], io: Io): Promise<number> {
  if (rest.includes('--help') || rest.includes('-h')) {
    await write(io.stdout, command.usage + '\n');
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UserError) {
      await write(io.stderr, `${e.message.includes('\n') ? '' : `btstudio ${name}: `}${e.message}\n`);
      if (e.detail && process.env.BTSTUDIO_DEBUG) await write(io.stderr, `${e.detail}\n`);
      return e.exitCode;
    }
    const err = e as Error;
    await write(
      io.stderr,
      `btstudio ${name}: internal error: ${err.message}\n` +
        (process.env.BTSTUDIO_DEBUG ? `${err.stack}\n` : 'Set BTSTUDIO_DEBUG=1 for details, and please report it.\n'),
    );
    return 70;
  }
}

/** The process's own streams, as a command sees them. */
export function processIo(): Io {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
}

/** Sets the exit code when the CLI's work ends; a failure outside any command is exit 70. */
export function exitWith(done: Promise<number>): void {
  done.then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`btstudio: ${(e as Error).message}\n`);
      process.exitCode = 70;
    },
  );
}
