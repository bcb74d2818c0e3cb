// What the pattern analysis reads about nodes and tablets over the second half of a run. Load
// windows are grouped into blocks long enough for about 400 generated keys per node, so that
// sampling noise does not pass for a busy node or tablet. Within a block a tablet and the
// tablets split from it count as one unit: a hot edge that splits every window is one hot unit.
import type { Tablet } from './tablets';

export interface BlockTotals {
  /** Sum over blocks of the busiest node's writes, of the hottest unit's writes, and of all writes. */
  busiestNode: number;
  hottestUnit: number;
  total: number;
  blocks: number;
  /** Generated keys in the counted blocks. */
  samples: number;
}

export class BlockStats {
  readonly totals: BlockTotals = { busiestNode: 0, hottestUnit: 0, total: 0, blocks: 0, samples: 0 };
  private readonly node: Float64Array;
  private unit = new Float64Array(0);
  private windows = 0;
  private samples = 0;

  constructor(
    nodes: number,
    /** Windows per block. */
    readonly blockWindows: number,
  ) {
    this.node = new Float64Array(nodes);
  }

  /** Call before a window's tablets split: adds the window's writes per node and per unit. */
  addWindow(nodeWrites: Float64Array, tablets: readonly Tablet[], samples: number): void {
    for (let n = 0; n < nodeWrites.length; n++) this.node[n]! += nodeWrites[n]!;
    for (const t of tablets) if (t.unit >= 0 && t.unit < this.unit.length) this.unit[t.unit]! += t.windowWrites;
    this.samples += samples;
    this.windows++;
  }

  /** Call after a window's splits: ends the block when full (or `last`), and starts units afresh when a block begins. */
  afterWindow(tablets: readonly Tablet[], last: boolean): void {
    if (this.windows > 0 && (this.windows >= this.blockWindows || last)) this.endBlock();
    if (this.windows === 0) {
      tablets.forEach((t, i) => (t.unit = i));
      this.unit = new Float64Array(tablets.length);
    }
  }

  private endBlock(): void {
    let busiest = 0;
    let total = 0;
    for (const x of this.node) {
      total += x;
      if (x > busiest) busiest = x;
    }
    let hottest = 0;
    for (const x of this.unit) if (x > hottest) hottest = x;
    if (total > 0) {
      const t = this.totals;
      t.busiestNode += busiest;
      t.hottestUnit += hottest;
      t.total += total;
      t.blocks++;
      t.samples += this.samples;
    }
    this.node.fill(0);
    this.windows = 0;
    this.samples = 0;
  }
}
