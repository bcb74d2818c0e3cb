// What the server accepts from a client, checked before the collaboration engine sees a message:
// the message types a provider sends, updates that decode and only touch the design's text,
// a room size, a message rate and an awareness size. Reading the envelope (document name,
// message type, sync step) is reading Hocuspocus's format, not a protocol of our own.
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

export interface LiveLimits {
  /** Largest room: the bytes of its saved state plus every update since (default 5 MB, the studio's design limit). */
  maxDocBytes: number;
  /** Largest WebSocket message; a larger one closes the connection (1009). */
  maxFrameBytes: number;
  /** Messages a connection may send per second, sustained (a token bucket holding `burst`). */
  messagesPerSecond: number;
  burst: number;
  /** Connections to one room at once. */
  maxConnectionsPerRoom: number;
  /** Largest presence (awareness) message. */
  maxAwarenessBytes: number;
  /** Rooms the server creates per minute. */
  roomsPerMinute: number;
}

export const DEFAULT_LIMITS: LiveLimits = {
  maxDocBytes: 5 * 1024 * 1024,
  maxFrameBytes: 5 * 1024 * 1024 + 64 * 1024,
  messagesPerSecond: 100,
  burst: 300,
  maxConnectionsPerRoom: 50,
  maxAwarenessBytes: 16 * 1024,
  roomsPerMinute: 60,
};

/** The one shared type of a room: the design as YAML text. */
export const DESIGN_TEXT = 'design';

/** Why a message is refused: a close code (4000-4999, the application's range) and a reason the client shows. */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const CODES = { malformed: 4400, readOnly: 4403, tooLarge: 4413, rate: 4429, full: 4409 } as const;

// Hocuspocus's message types a provider sends: Sync, Awareness, Auth, QueryAwareness, Close.
const CLIENT_TYPES = new Set([0, 1, 2, 3, 7]);
const SYNC_STEP1 = 0;

export interface Inspected {
  type: number;
  /** The Yjs update a Sync message carries (sync step 2 or update), else null. */
  update: Uint8Array | null;
}

/** Reads a message's envelope; throws a Refusal for anything a provider does not send. */
export function inspect(raw: Uint8Array, limits: LiveLimits): Inspected {
  try {
    const d = decoding.createDecoder(raw);
    decoding.readVarString(d);
    const type = decoding.readVarUint(d);
    if (!CLIENT_TYPES.has(type)) throw new Refusal(CODES.malformed, `unknown message type ${type}: the connection is closed`);
    if (type === 0) {
      const step = decoding.readVarUint(d);
      if (step > 2) throw new Refusal(CODES.malformed, `unknown sync step ${step}: the connection is closed`);
      const payload = decoding.readVarUint8Array(d);
      return { type, update: step === SYNC_STEP1 ? null : payload };
    }
    if (type === 1) {
      const payload = decoding.readVarUint8Array(d);
      if (payload.length > limits.maxAwarenessBytes)
        throw new Refusal(CODES.tooLarge, `presence message of ${payload.length} bytes is over the limit of ${limits.maxAwarenessBytes}`);
    }
    return { type, update: null };
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw new Refusal(CODES.malformed, `malformed message (${(e as Error).message}): the connection is closed`);
  }
}

/** Throws a Refusal unless `update` decodes and only inserts text into, or deletes from, the design's text. */
export function checkUpdate(update: Uint8Array): void {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch (e) {
    throw new Refusal(CODES.malformed, `malformed update (${(e as Error).message}): the connection is closed`);
  }
  for (const s of decoded.structs) {
    if (!(s instanceof Y.Item)) continue;
    // A decoded update names a root type by its key (a string), which the Item type does not say.
    const parent = s.parent as unknown;
    if (typeof parent === 'string' && parent !== DESIGN_TEXT)
      throw new Refusal(CODES.malformed, `an update may change only the design text (it named "${parent.slice(0, 40)}")`);
    if (s.parentSub !== null) throw new Refusal(CODES.malformed, 'an update may change only the design text (it set an attribute)');
    if (!(s.content instanceof Y.ContentString) && !(s.content instanceof Y.ContentDeleted))
      throw new Refusal(CODES.malformed, `an update may hold only text (it held ${s.content.constructor.name})`);
  }
}

/** A token bucket per connection. */
export class RateLimit {
  private tokens: number;
  private at: number;
  constructor(
    private perSecond: number,
    private burst: number,
    private now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.at = now();
  }
  /** False when the message is over the rate. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
