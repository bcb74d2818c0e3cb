// The errors users see from the Bigtable adapter (apply, load, verify): a kind the CLI maps to
// an exit code, and gRPC failures explained in words with what to do about them.
import { where, type Target } from './target';

export type FailureKind = 'usage' | 'unreachable' | 'credentials' | 'missing-table' | 'mismatch' | 'refused' | 'rpc';

/** A failure talking to Bigtable (or the emulator) that the user can act on: the CLI prints the message and exits 2. */
export class BigtableError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
    this.name = 'BigtableError';
  }
}

export const GRPC = {
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  UNAVAILABLE: 14,
  DEADLINE_EXCEEDED: 4,
  UNAUTHENTICATED: 16,
  INVALID_ARGUMENT: 3,
  FAILED_PRECONDITION: 9,
  UNIMPLEMENTED: 12,
} as const;

export function grpcCode(e: unknown): number | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** An RPC failure in words, with what to do about it. */
export function explainRpcError(e: unknown, target: Target, doing: string): BigtableError {
  if (e instanceof BigtableError) return e;
  const code = grpcCode(e);
  const detail = ((e as { details?: string }).details || (e as Error).message || String(e)).replace(/^\d+ [A-Z_]+: /, '');
  switch (code) {
    case GRPC.UNAVAILABLE:
    case GRPC.DEADLINE_EXCEEDED:
      return new BigtableError(`${doing}: ${where(target)} did not answer (${detail})`, 'unreachable');
    case GRPC.UNAUTHENTICATED:
      return new BigtableError(
        `${doing}: the credentials were rejected (${detail}); run "gcloud auth application-default login" or set GOOGLE_APPLICATION_CREDENTIALS`,
        'credentials',
      );
    case GRPC.PERMISSION_DENIED:
      return new BigtableError(
        `${doing}: permission denied on ${target.instancePath} (${detail}); the account needs a Bigtable role such as roles/bigtable.admin (apply) or roles/bigtable.user (load, verify)`,
        'credentials',
      );
    case GRPC.NOT_FOUND:
      return new BigtableError(`${doing}: not found (${detail}); check --project and --instance`, 'missing-table');
    default:
      return new BigtableError(`${doing}: ${detail}`, 'rpc');
  }
}
