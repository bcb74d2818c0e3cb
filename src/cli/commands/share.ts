// btstudio share DESIGN [--base URL]: the design as a link (the whole design in the #fragment).
import { shareRefusal, shareUrl, SHARE_FILE_CHARS, SHARE_WARN_CHARS } from '../../core/share';
import { parseFlags, UserError, write, type Io } from '../io';
import { readDesign } from '../design-file';
import { designFileArg } from '../table-args';

/** Where links point when neither --base nor BTSTUDIO_SHARE_BASE says: the local `npm start`. */
export const DEFAULT_BASE = 'http://127.0.0.1:4173/';

export const usage = `usage: btstudio share DESIGN [--base URL]

Prints a link to the studio at URL (default: $BTSTUDIO_SHARE_BASE, else ${DEFAULT_BASE}) whose
fragment (#d=1....) holds the whole design, compressed. The fragment never reaches a server.
Warns on stderr above ${SHARE_WARN_CHARS.toLocaleString('en-US')} characters (chat apps may cut the link) and above 32 KiB
(share the file instead). "btstudio open LINK" reads it back. A design whose link open would
refuse (over 1 MiB as JSON, or a link over 64 Ki characters) gets no link: exit 2, with the reason.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, { base: { type: 'string' } });
  const file = designFileArg(positionals);
  const base = values.base ?? process.env.BTSTUDIO_SHARE_BASE ?? DEFAULT_BASE;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new UserError(`--base must be an absolute URL such as https://studio.example.com/ (got "${base}")`);
  }
  if (!['http:', 'https:', 'file:'].includes(url.protocol)) throw new UserError(`--base must be an http, https or file URL (got "${base}")`);
  const design = await readDesign(file);
  // A link that open would refuse is not made.
  const refused = shareRefusal(design);
  if (refused) throw new UserError(`no link made: ${refused}`);
  const link = shareUrl(design, base);
  if (link.length > SHARE_FILE_CHARS)
    await write(io.stderr, `warning: the link is ${link.length} characters, above 32 KiB: browsers may refuse it; share the design file instead\n`);
  else if (link.length > SHARE_WARN_CHARS)
    await write(io.stderr, `warning: the link is ${link.length} characters; chat apps may cut links above ${SHARE_WARN_CHARS}\n`);
  await write(io.stdout, `${link}\n`);
  return 0;
}
