// The simulation loop. Simulated time advances in ticks; in each tick the generated keys are
// routed to tablets, each node's offered writes beyond its capacity are throttled, and
// accepted bytes grow the tablets. Load windows end with splits, balancer runs with moves.
// The loop runs in slices (step) so a Web Worker can report progress and stop between them.
import type { Table } from '../model/schema';
import { recordStream, sampleKeys, type RecordStream } from '../keys/generate';
import { utf8 } from '../keys/bytes';
import type { KeyRecord } from '../keys/values';
import { balance } from './balance';
import { BlockStats } from './blocks';
import { resolveParams, type SimOptions, type SimParams } from './params';
import { declaredWrites } from '../analysis/design';
import { SampleStore } from './samples';
import { sequentialRewriter } from './sequential';
import { TabletSet, type SplitEvent, type Tablet } from './tablets';

/** Split and move events kept for display; the counts are always exact. */
const MAX_EVENTS = 2000;

export interface SimEvent {
  kind: 'split' | 'move';
  /** Simulated seconds from the start. */
  atSeconds: number;
  /** The split key, or the start key of the moved tablet. */
  key: Uint8Array;
  reason?: SplitEvent['reason'];
  /** Node of the split tablet, or the source of a move. */
  node: number;
  to?: number;
}

/** Live counters the result and the analysis read. */
export class SimState {
  readonly slots: number;
  readonly nodeWrites: Float64Array;
  readonly nodeThrottled: Float64Array;
  readonly tabletsBySlot: Uint32Array;
  readonly splitsBySlot: Uint32Array;
  readonly movesBySlot: Uint32Array;
  /** Offered writes per node over the second half of the run. */
  readonly secondHalf: Float64Array;
  /** Busiest node and hottest tablet per block of second-half windows. */
  readonly blocks: BlockStats;
  readonly events: SimEvent[] = [];
  writes = 0;
  throttled = 0;
  /** Refused writes over the second half (offered ones are secondHalf's sum): the verdict's steady state. */
  throttledSecondHalf = 0;
  splits = 0;
  moves = 0;

  constructor(readonly params: SimParams) {
    this.slots = Math.min(params.maxSlots, params.ticks);
    this.nodeWrites = new Float64Array(this.slots * params.nodes);
    this.nodeThrottled = new Float64Array(this.slots * params.nodes);
    this.tabletsBySlot = new Uint32Array(this.slots);
    this.splitsBySlot = new Uint32Array(this.slots);
    this.movesBySlot = new Uint32Array(this.slots);
    this.secondHalf = new Float64Array(params.nodes);
    const perWindow = params.sampleRate * params.windowTicks * params.tickSeconds;
    this.blocks = new BlockStats(params.nodes, Math.max(1, Math.ceil((400 * params.nodes) / Math.max(1, perWindow))));
  }

  slotOf(tick: number): number {
    return Math.min(this.slots - 1, Math.floor((tick * this.slots) / this.params.ticks));
  }

  /** The first tick of the second half. */
  get halfTick(): number {
    return Math.floor(this.params.ticks / 2);
  }
}

export class SimEngine {
  readonly params: SimParams;
  readonly state: SimState;
  readonly samples: SampleStore;
  readonly tablets: TabletSet;
  private readonly stream: RecordStream;
  private readonly rewrite: ((record: KeyRecord, j: number) => void) | null;
  private readonly totalSamples: number;
  private nextSample = 0;
  tick = 0;
  private readonly nodeTick: Float64Array;
  private readonly windowNode: Float64Array;
  /** Throttling period: its first tick, length, and offered writes per tick and node. */
  private periodStart = 0;
  private readonly periodTicks: number;
  private readonly periodNode: Float64Array;
  private readonly accept: Float64Array;
  private windowSamples = 0;
  /** Tablets written in the current throttling period. */
  private touched: Tablet[] = [];

  constructor(
    readonly table: Table,
    opts: SimOptions,
  ) {
    // The mean key length enters the bytes of a write, and so the node capacity.
    // 64 keys, or 8 when those are already long (64 keys of megabytes would be the run's largest cost).
    const probeOpts = { seed: opts.seed ?? 1, writesPerSecond: opts.writesPerSecond ?? declaredWrites(table).peak ?? undefined };
    const meanBytes = (keys: Uint8Array[]) => keys.reduce((a, k) => a + k.length, 0) / keys.length;
    const few = sampleKeys(table.rowKey, 8, probeOpts);
    const keyBytes = meanBytes(meanBytes(few) > 65_536 ? few : sampleKeys(table.rowKey, 64, probeOpts));
    const p = resolveParams(table, opts, keyBytes);
    this.params = p;
    this.state = new SimState(p);
    this.totalSamples = Math.floor(p.sampleRate * p.seconds + 1e-9);
    this.samples = new SampleStore(this.totalSamples);
    this.stream = recordStream(table.rowKey, { seed: p.seed, startMs: p.startMs, writesPerSecond: p.sampleRate > 0 ? p.sampleRate : 1 });
    this.rewrite = p.writesPerSample !== 1 ? sequentialRewriter(table.rowKey) : null;
    this.tablets = new TabletSet((table.splits ?? []).map(utf8), p.nodes, p.seed);
    this.nodeTick = new Float64Array(p.nodes);
    this.windowNode = new Float64Array(p.nodes);
    const perTick = p.sampleRate * p.tickSeconds;
    this.periodTicks = Math.max(1, Math.min(p.windowTicks, Math.ceil((200 * p.nodes) / Math.max(1, perTick))));
    this.periodNode = new Float64Array(this.periodTicks * p.nodes);
    this.accept = new Float64Array(p.nodes);
  }

  get done(): boolean {
    return this.tick >= this.params.ticks;
  }

  /** Runs up to `maxTicks` ticks; true when the run is complete. */
  run(maxTicks: number): boolean {
    const end = Math.min(this.params.ticks, this.tick + Math.max(1, Math.floor(maxTicks)));
    while (this.tick < end) this.runTick();
    return this.done;
  }

  private sampleEnd(tick: number): number {
    const p = this.params;
    const t = Math.min(p.seconds, (tick + 1) * p.tickSeconds);
    return Math.min(this.totalSamples, Math.ceil(t * p.sampleRate - 1e-9));
  }

  private runTick(): void {
    const p = this.params;
    const st = this.state;
    const tick = this.tick;
    const slot = st.slotOf(tick);
    const w = p.writesPerSample;
    const end = this.sampleEnd(tick);
    const { tablets, samples, nodeTick, touched, stream, rewrite } = this;
    for (let k = this.nextSample; k < end; k++) {
      const s = stream.next();
      let key = s.key;
      if (rewrite) {
        rewrite(s.record, Math.floor(k * w));
        key = stream.codec.encode(s.record);
      }
      const t = tablets.route(key);
      if (t.periodWrites === 0) touched.push(t);
      tablets.write(t, key, w, k);
      nodeTick[t.node]! += w;
      samples.add(key, tick, t.node);
    }
    this.windowSamples += end - this.nextSample;
    this.nextSample = end;

    const second = tick >= st.halfTick;
    const at = (tick - this.periodStart) * p.nodes;
    for (let n = 0; n < p.nodes; n++) {
      const offered = nodeTick[n]!;
      this.periodNode[at + n] = offered;
      st.nodeWrites[slot * p.nodes + n]! += offered;
      st.writes += offered;
      if (second) st.secondHalf[n]! += offered;
      this.windowNode[n]! += offered;
      nodeTick[n] = 0;
    }
    const windowEnds = (tick + 1) % p.windowTicks === 0 || tick + 1 >= p.ticks;
    if (windowEnds || tick + 1 - this.periodStart >= this.periodTicks) this.settle(tick + 1);

    this.tick++;
    if (this.tick % p.windowTicks === 0 || this.done) this.endWindow(tick, slot);
    if (this.tick % p.balanceTicks === 0) this.rebalance(tick, slot);
    st.tabletsBySlot[slot] = tablets.size;
  }

  /**
   * Throttling: over a period of ticks, a node takes at most its capacity; the rest is refused,
   * spread over the period's ticks as they offered it. The period is long enough for about 200
   * generated keys per node, so sampling noise alone does not throttle, and ends with each
   * load window. Accepted writes grow the tablets.
   */
  private settle(endTick: number): void {
    const p = this.params;
    const st = this.state;
    const seconds = Math.min(p.seconds, endTick * p.tickSeconds) - this.periodStart * p.tickSeconds;
    const cap = p.nodeCapacity * (1 - p.otherShare) * seconds;
    const accept = this.accept;
    for (let n = 0; n < p.nodes; n++) {
      let offered = 0;
      for (let t = this.periodStart; t < endTick; t++) offered += this.periodNode[(t - this.periodStart) * p.nodes + n]!;
      const refused = offered > cap ? offered - cap : 0;
      accept[n] = offered > 0 ? (offered - refused) / offered : 1;
      if (refused === 0) continue;
      st.throttled += refused;
      for (let t = this.periodStart; t < endTick; t++) {
        const refusedAt = this.periodNode[(t - this.periodStart) * p.nodes + n]! * (1 - accept[n]!);
        st.nodeThrottled[st.slotOf(t) * p.nodes + n]! += refusedAt;
        if (t >= st.halfTick) st.throttledSecondHalf += refusedAt;
      }
    }
    for (const t of this.touched) {
      t.bytes += t.periodWrites * accept[t.node]! * p.rowBytes;
      t.periodWrites = 0;
    }
    this.touched.length = 0;
    this.periodStart = endTick;
  }

  private endWindow(tick: number, slot: number): void {
    const p = this.params;
    const st = this.state;
    const windowTicks = tick + 1 - Math.floor(tick / p.windowTicks) * p.windowTicks;
    const windowStart = tick + 1 - windowTicks;
    if (windowStart >= st.halfTick) st.blocks.addWindow(this.windowNode, this.tablets.tablets, this.windowSamples);
    this.windowNode.fill(0);
    this.windowSamples = 0;
    const seconds = Math.max(1e-9, Math.min(p.seconds, (tick + 1) * p.tickSeconds) - windowStart * p.tickSeconds);
    const splits = this.tablets.endWindow(seconds, p.splitLoadShare * p.nodeCapacity, p.splitBytes, p.maxTablets, tick);
    st.blocks.afterWindow(this.tablets.tablets, this.done);
    st.splits += splits.length;
    st.splitsBySlot[slot]! += splits.length;
    for (const e of splits) this.log({ kind: 'split', atSeconds: (tick + 1) * p.tickSeconds, key: e.key, reason: e.reason, node: e.node });
  }

  private rebalance(tick: number, slot: number): void {
    const st = this.state;
    const moves = balance(this.tablets.tablets, this.params.nodes);
    st.moves += moves.length;
    st.movesBySlot[slot]! += moves.length;
    for (const m of moves) this.log({ kind: 'move', atSeconds: (tick + 1) * this.params.tickSeconds, key: m.tablet.start, node: m.from, to: m.to });
  }

  private log(e: SimEvent): void {
    if (this.state.events.length < MAX_EVENTS) this.state.events.push(e);
  }
}
