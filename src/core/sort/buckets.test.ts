import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockGrouper, layoutOf, plainBytes, SortedWriter, sortedChunks, type Grouped } from './buckets';
import { sampleText, Splitters } from './splitters';

const byBufferCompare = (a: Uint8Array, b: Uint8Array): number => Buffer.compare(a, b);
const joinLines = (lines: Uint8Array[]): Buffer => Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]));

function splittersOf(data: Uint8Array): Splitters {
  return Splitters.fromSample(
    sampleText(data.length, (o, l) => data.subarray(o, o + l)),
    data.length,
  );
}

function drain(writer: SortedWriter): Buffer[] {
  const out: Buffer[] = [];
  for (let chunk = writer.next(); chunk.length > 0; chunk = writer.next()) out.push(Buffer.from(chunk));
  return out;
}

/** Blocks of `blockLines` whole lines each, the way the CLI reads a file. */
function blocksOf(data: Uint8Array, blockLines: number): [number, number][] {
  const blocks: [number, number][] = [];
  for (let from = 0, lines = 0, at = 0; at <= data.length; at++) {
    if (at === data.length || (data[at] === 10 && ++lines % blockLines === 0)) {
      const to = at === data.length ? at : at + 1;
      if (to > from) blocks.push([from, to]);
      from = to;
    }
  }
  return blocks;
}

/**
 * Runs the sample sort the way the CLI does with two threads: the input cut in blocks,
 * taken in turn by two groupers (one a thread), each grouping its blocks into their place
 * in one buffer, and the buckets written in two ranges, the second one sorted first on
 * its own (as the other thread would).
 */
function sampleSort(data: Uint8Array, blockLines = 1000, bucketsFor = data.length): Buffer {
  // bucketsFor: the input size the splitters are chosen for (larger: more buckets).
  const splitters = Splitters.fromSample(
    sampleText(data.length, (o, l) => data.subarray(o, o + l)),
    bucketsFor,
  );
  const blocks = blocksOf(data, blockLines);
  if (blocks.length === 0) blocks.push([0, 0]);
  const groupers = [new BlockGrouper(splitters), new BlockGrouper(splitters)];
  const grouped = new Uint8Array(data.length + 1);
  // Either grouper takes any block; the second takes every third one, out of order.
  const results: Grouped[] = blocks.map(([from, to], k) => groupers[k % 3 === 2 ? 1 : 0]!.group(data, from, to, grouped, from));
  const layout = layoutOf(
    grouped,
    results,
    splitters,
    groupers.map((g) => g.totals),
  );
  const middle = splitters.buckets >> 1;
  const order = new Uint32Array(layout.lineBase[splitters.buckets]! - layout.lineBase[middle]!);
  new SortedWriter(layout, order, middle, splitters.buckets).sortAll();
  const first = drain(new SortedWriter(layout, null, 0, middle));
  const second = drain(new SortedWriter(layout, order, middle, splitters.buckets, true));
  return Buffer.concat([...first, ...second]);
}

function randomKeys(count: number, seed: number): Uint8Array[] {
  let s = seed;
  const rand = (n: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
  const keys: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const kind = rand(5);
    if (kind === 0) keys.push(Buffer.from(`tenant${rand(8)}#device${String(rand(1e6)).padStart(6, '0')}#${rand(1e9)}`));
    else if (kind === 1) keys.push(Buffer.from(`com.example.www#/${'x'.repeat(rand(80))}/${rand(1000)}`));
    else if (kind === 2) keys.push(Buffer.from(`user#${rand(20000)}`));
    else if (kind === 3) keys.push(Buffer.from(`${String(rand(100)).padStart(2, '0')}#é🚀#${rand(100)}`));
    else keys.push(Uint8Array.from({ length: rand(14) }, () => (rand(255) + 11) & 0xff || 1)); // any byte but \n
  }
  return keys.map((k) => k.map((b) => (b === 10 ? 11 : b)));
}

describe('sample sort of whole inputs', () => {
  it('matches Buffer.compare on an input large enough for sampled splitters and many buckets', () => {
    const keys = randomKeys(80_000, 7);
    const data = joinLines(keys);
    expect(data.length).toBeGreaterThan(512 * 1024); // sampled in windows, not whole
    expect(splittersOf(data).buckets).toBeGreaterThan(10);
    expect(sampleSort(data).equals(joinLines([...keys].sort(byBufferCompare)))).toBe(true);
  });

  it('matches Buffer.compare when the input is already sorted or reversed', () => {
    const sorted = randomKeys(30_000, 3).sort(byBufferCompare);
    expect(sampleSort(joinLines(sorted)).equals(joinLines(sorted))).toBe(true);
    expect(sampleSort(joinLines([...sorted].reverse())).equals(joinLines(sorted))).toBe(true);
  });

  it('tells "a" from "a\\0" when splitters and lines agree but for trailing NULs', () => {
    let seed = 5;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const keys = Array.from({ length: 60_000 }, () => Uint8Array.from({ length: rand(24) }, () => [0, 1, 0x61][rand(3)]!));
    const data = joinLines(keys);
    expect(splittersOf(data).buckets).toBeGreaterThan(5);
    expect(sampleSort(data).equals(joinLines([...keys].sort(byBufferCompare)))).toBe(true);
  });

  it('finds lines of 255 bytes and more (their length kept as "long") around that length and far past it', () => {
    let seed = 9;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    // Lengths on both sides of 255, with and without the bucket prefix they share (key#),
    // some far longer, among short keys.
    const keys = Array.from({ length: 20_000 }, (_, i) => {
      const length = i % 7 === 0 ? 250 + rand(12) : i % 101 === 0 ? 1000 + rand(70_000) : rand(30);
      return Buffer.from(`key#${rand(50)}#${'abcxyz'[rand(6)]!.repeat(length)}`);
    });
    const data = joinLines(keys);
    expect(splittersOf(data).buckets).toBeGreaterThan(5);
    expect(sampleSort(data, 700).equals(joinLines([...keys].sort(byBufferCompare)))).toBe(true);
  });

  it('keeps every copy when most of the input is one repeated line', () => {
    const keys = [...Array.from({ length: 50_000 }, () => Buffer.from('same#key#that#repeats')), Buffer.from('a'), Buffer.from('z')];
    expect(sampleSort(joinLines(keys)).equals(joinLines([...keys].sort(byBufferCompare)))).toBe(true);
  });

  it('adds the missing newline after the last line and handles empty lines and empty input', () => {
    expect(sampleSort(Buffer.from('b\n\na')).toString()).toBe('\na\nb\n');
    expect(sampleSort(new Uint8Array(0)).length).toBe(0);
    expect(sampleSort(Buffer.from('\n')).toString()).toBe('\n');
  });

  it('hands out a line longer than the output chunk whole', () => {
    const long = Buffer.alloc(3 * 1024 * 1024, 'q');
    const keys = [Buffer.from('r'), long, Buffer.from('a'), Buffer.from('qq')];
    expect(sampleSort(joinLines(keys)).equals(joinLines([...keys].sort(byBufferCompare)))).toBe(true);
  });

  it('matches Buffer.compare for arbitrary small inputs fed in blocks of a few lines', () => {
    const line = fc.uint8Array({ maxLength: 14 }).map((b) => b.map((x) => (x === 10 ? 11 : x)));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), fc.integer({ min: 1, max: 7 }), (lines, blockLines) => {
        expect(sampleSort(joinLines(lines), blockLines).equals(joinLines([...lines].sort(byBufferCompare)))).toBe(true);
      }),
    );
  });

  it('matches a Buffer.compare sort on random keys with long shared prefixes, in many buckets (fast-check)', () => {
    // Few distinct prefixes, tails from a small alphabet with NUL, \r and 0xff: keys that are
    // prefixes of others, duplicates and empty lines are common.
    // Rare keys cut short within what every splitter shares (tenant_000; rare enough not to be
    // picked as splitters themselves) sort before them all.
    const prefix = fc.constantFrom('tenant_0001#', 'tenant_0001#sensor#', 'tenant_0002#sensor#00', 'tenant_0001#sensor#0000000');
    const tail = fc.uint8Array({ maxLength: 10 }).map((a) => Buffer.from(a.map((b) => [0, 0x0d, 0x23, 0x30, 0x31, 0xff][b % 6]!)));
    const key = fc.oneof(
      { weight: 400, arbitrary: fc.tuple(prefix, tail).map(([p, t]) => Buffer.concat([Buffer.from(p), t])) },
      {
        weight: 1,
        arbitrary: fc.tuple(prefix, fc.nat(12), tail).map(([p, n, t]) => (n % 2 ? Buffer.from(p.slice(0, n)) : Buffer.concat([Buffer.from(p.slice(0, n)), t]))),
      },
      { weight: 1, arbitrary: fc.constantFrom(Buffer.from(''), Buffer.from('\r'), Buffer.from('zz'), Buffer.from([0xff])) },
    );
    fc.assert(
      fc.property(
        fc.array(key, { minLength: 500, maxLength: 3000, size: 'max' }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        (keys, blockLines, lastNewline) => {
          const data = joinLines(keys);
          const input = lastNewline || data.length === 0 ? data : data.subarray(0, data.length - 1);
          // Splitters chosen as for an input 200 times larger: a bucket for every few lines.
          expect(sampleSort(input, blockLines, input.length * 200).equals(joinLines([...keys].sort(byBufferCompare)))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sorts an input held in memory in blocks on one thread the same way', () => {
    const keys = randomKeys(20_000, 11);
    const data = joinLines(keys);
    expect(
      Buffer.concat(drain(sortedChunks([data.subarray(0, data.indexOf(10, 1000) + 1), data.subarray(data.indexOf(10, 1000) + 1)], splittersOf(data)))).equals(
        joinLines([...keys].sort(byBufferCompare)),
      ),
    ).toBe(true);
  });

  it('groups each block into its own place, bucket by bucket, and counts its lines', () => {
    const splitters = Splitters.fromSample(Buffer.from('b\nc\nd\n'), 3 * 128 * 1024);
    expect(splitters.buckets).toBe(3); // before c, [c, d), d and after
    const text = Buffer.from('x\nzzz\nb\na\nc\nd');
    const data = new Uint8Array(4 + 11 + 1).fill(0x2e);
    const g = new BlockGrouper(splitters).group(text, 2, text.length, data, 4);
    // "zzz", "b", "a", "c", "d" (no \n: it gets one) from offset 4 on: b a | c | zzz d
    expect(Buffer.from(data).toString()).toBe('....b\na\nc\nzzz\nd\n');
    expect([...g.runs]).toEqual([4, 8, 10, 16]);
    expect([...g.firstLine]).toEqual([0, 2, 3, 5]); // 2, 1 and 2 lines
    // Its grouper's totals: lines, and bytes with the prefixes (none here) and the \n.
    const grouper = new BlockGrouper(splitters);
    grouper.group(text, 2, text.length, new Uint8Array(16), 4);
    grouper.group(Buffer.from('c\ne\n'), 0, 4, new Uint8Array(16), 0);
    expect([...grouper.totals.lines]).toEqual([2, 2, 3]);
    expect([...grouper.totals.bytes]).toEqual([4, 4, 8]);
  });

  it('keeps the lines of a bucket without the prefix its splitters share, and writes it back, also around a long line', () => {
    const splitters = Splitters.fromSample(Buffer.from('user#10\nuser#20\nuser#30\n'), 3 * 128 * 1024);
    expect([...splitters.depths()]).toEqual([0, 5, 0]); // [user#20, user#30): "user#"
    const long = `user#2${'x'.repeat(40)}`;
    const lines = ['user#25', 'user#2', long, 'user#21', 'a', 'user#29', 'zz'];
    const text = Buffer.from(lines.join('\n') + '\n');
    const data = new Uint8Array(text.length + 1);
    const grouper = new BlockGrouper(splitters);
    const g = grouper.group(text, 0, text.length, data, 0);
    // Bucket 1's four lines (user#2 sorts before user#20) take 5 bytes less each.
    const inBucket1 = lines.filter((l) => l >= 'user#20' && l < 'user#30');
    expect(inBucket1).toHaveLength(4);
    expect(g.runs[2]! - g.runs[1]!).toBe(inBucket1.reduce((n, l) => n + l.length - 5 + 1, 0));
    expect(g.runs[3]).toBe(text.length - 4 * 5); // and the end of the buffer is left unwritten
    expect(Buffer.from(data.subarray(g.runs[1]!, g.runs[1]! + 3)).toString()).toBe('25\n');
    const layout = layoutOf(data, [g], splitters, [grouper.totals]);
    const expected = joinLines([...lines].sort().map((l) => Buffer.from(l)));
    expect(layout.byteBase[splitters.buckets]).toBe(expected.length);
    // A chunk of 16 bytes: the long line goes out as its prefix, then the rest.
    const chunks = drain(new SortedWriter(layout, null, 0, splitters.buckets, false, new Uint8Array(16)));
    expect(Buffer.concat(chunks).equals(expected)).toBe(true);
    expect(chunks.map((c) => c.toString())).toContain('user#');
  });

  it('refuses blocks held in memory that cut a line', () => {
    const splitters = splittersOf(Buffer.from('a\nb\n'));
    expect(() => sortedChunks([Buffer.from('a\nb'), Buffer.from('c\n')], splitters)).toThrow(/must end with/);
  });
});

describe('plainBytes and a block that is a Node Buffer', () => {
  it('reads a Buffer through a plain Uint8Array over the same memory, and passes a plain one through', () => {
    const buffer = Buffer.from('b\na\n');
    const plain = plainBytes(buffer);
    expect(Object.getPrototypeOf(plain)).toBe(Uint8Array.prototype);
    expect(plain.buffer).toBe(buffer.buffer);
    expect([plain.byteOffset, plain.byteLength]).toEqual([buffer.byteOffset, buffer.byteLength]);
    const bytes = new Uint8Array(4);
    expect(plainBytes(bytes)).toBe(bytes);
  });

  it('groups a block given as a Buffer (a slice of a larger one) exactly as the same bytes in a plain array', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `k#${(i * 7919) % 1000}#${'x'.repeat(i % 300)}`);
    const text = Buffer.from(`${lines.join('\n')}\n`);
    // A Buffer that starts inside a larger allocation, as the CLI's blocks do.
    const backing = Buffer.alloc(text.length + 64);
    text.copy(backing, 64);
    const asBuffer = backing.subarray(64);
    const splitters = splittersOf(text);
    const sorted = (block: Uint8Array): Buffer => {
      const data = new Uint8Array(text.length + 1);
      const grouper = new BlockGrouper(splitters);
      const grouped = grouper.group(block, 0, block.length, data, 0);
      return Buffer.concat(drain(new SortedWriter(layoutOf(data, [grouped], splitters, [grouper.totals]), null, 0, splitters.buckets)));
    };
    const fromBuffer = sorted(asBuffer);
    expect(fromBuffer.equals(sorted(new Uint8Array(text)))).toBe(true);
    expect(fromBuffer.toString()).toBe(`${[...lines].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))).join('\n')}\n`);
  });
});
