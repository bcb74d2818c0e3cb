// btstudio open LINK: the design inside a share link, as YAML.
import { exportDesign } from '../../core/export/design';
import { decodeShare } from '../../core/share';
import { parseFlags, UserError, write, type Io } from '../io';

export const usage = `usage: btstudio open LINK [--as yaml|json]

Reads a link made by "btstudio share" or the studio's Share command (the whole link, its #d=...
fragment, or "-" to read it from stdin) and prints the design. A cut-off, changed, oversized or
newer-format link is refused with the reason (exit 2).`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(argv, { as: { type: 'string' } });
  if (positionals.length !== 1) throw new UserError('give one link ("-" to read it from stdin)');
  const as = values.as ?? 'yaml';
  if (as !== 'yaml' && as !== 'json') throw new UserError(`--as must be yaml or json (got "${as}")`);
  let link = positionals[0]!;
  if (link === '-') {
    let text = '';
    for await (const c of io.stdin) {
      text += typeof c === 'string' ? c : (c as Buffer).toString('utf8');
      if (text.length > 1024 * 1024) break;
    }
    link = text.trim();
  }
  const r = decodeShare(link);
  if (!r.ok) throw new UserError(r.error);
  await write(io.stdout, exportDesign(r.design, null, { as }).text);
  return 0;
}
