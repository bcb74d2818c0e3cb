// Many keys in three typed arrays: every key's bytes back to back in `data`, and where each
// one starts and ends. Keys may hold any byte (a generated big-endian int can contain 0x0a),
// so keys are never split on newlines once packed. The arrays transfer to and from a worker
// without copying, and 1,000,000 keys cost two Uint32Arrays and their bytes, not a million
// objects.

export interface KeySet {
  data: Uint8Array;
  starts: Uint32Array;
  ends: Uint32Array;
  count: number;
}

export function keyAt(keys: KeySet, i: number): Uint8Array {
  return keys.data.subarray(keys.starts[i]!, keys.ends[i]!);
}

/** Appends keys to one growing buffer (doubling, so a million pushes copy little). */
export class KeyPacker {
  private data: Uint8Array;
  private starts: Uint32Array;
  private ends: Uint32Array;
  private used = 0;
  count = 0;

  constructor(expectedKeys = 1024, bytesPerKey = 32) {
    this.data = new Uint8Array(Math.max(64, expectedKeys * bytesPerKey));
    this.starts = new Uint32Array(Math.max(16, expectedKeys));
    this.ends = new Uint32Array(Math.max(16, expectedKeys));
  }

  push(key: Uint8Array): void {
    this.pushFrom(key, key.length);
  }

  /** Appends bytes[0, n) as one key (the key writer's reused buffer, without a view per key). */
  pushFrom(bytes: Uint8Array, n: number): void {
    if (this.used + n > this.data.length) {
      const next = new Uint8Array(Math.max(this.data.length * 2, this.used + n));
      next.set(this.data.subarray(0, this.used));
      this.data = next;
    }
    if (this.count === this.starts.length) {
      const s = new Uint32Array(this.count * 2);
      s.set(this.starts);
      this.starts = s;
      const e = new Uint32Array(this.count * 2);
      e.set(this.ends);
      this.ends = e;
    }
    const data = this.data;
    const at = this.used;
    if (n > 32) data.set(n === bytes.length ? bytes : bytes.subarray(0, n), at);
    else for (let k = 0; k < n; k++) data[at + k] = bytes[k]!;
    this.starts[this.count] = at;
    this.used += n;
    this.ends[this.count] = this.used;
    this.count++;
  }

  /** The packed keys, trimmed to size (copies, so the result owns compact buffers). */
  finish(): KeySet {
    return {
      data: this.data.slice(0, this.used),
      starts: this.starts.slice(0, this.count),
      ends: this.ends.slice(0, this.count),
      count: this.count,
    };
  }
}
