// What apply, load and verify share: the target flags, the target, the connection, and
// integration errors as user errors (exit 2). The integration code and the Bigtable client it
// imports (about a second to load) are loaded only once the flags and the design are known to
// be good, so a wrong flag is answered at once.
import type { Connection, Target } from '../bigtable/index';
import { UserError } from './io';

/** The flags every command that talks to Bigtable takes. */
export const TARGET_FLAGS = {
  project: { type: 'string' },
  instance: { type: 'string' },
  endpoint: { type: 'string' },
} as const;

/** The integration code, loaded on first use. */
export const integration = () => import('../bigtable/index');

/** BigtableErrors (unreachable, credentials, missing table, disagreement) become user errors: exit 2. */
export function asUserError(e: unknown): unknown {
  return e instanceof Error && e.name === 'BigtableError' ? new UserError(e.message, 2) : e;
}

export async function targetFrom(values: { project?: string | undefined; instance?: string | undefined; endpoint?: string | undefined }): Promise<Target> {
  const { resolveTarget } = await integration();
  try {
    return resolveTarget({ project: values.project, instance: values.instance, endpoint: values.endpoint });
  } catch (e) {
    throw asUserError(e);
  }
}

/** Connects, runs `fn`, closes; integration errors come out as user errors. */
export async function withConnection<T>(target: Target, fn: (conn: Connection) => Promise<T>): Promise<T> {
  const { connect } = await integration();
  let conn: Connection;
  try {
    conn = await connect(target);
  } catch (e) {
    throw asUserError(e);
  }
  try {
    return await fn(conn);
  } catch (e) {
    throw asUserError(e);
  } finally {
    await conn.close();
  }
}
