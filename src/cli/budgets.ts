// The budget of each command (docs/fuzz.md, "Budgets"): how much it may print and how long it
// may take for any valid design, at the format's limits. Output is bounded by the design's own
// size (D, the bytes of the design file) plus a constant; a command that could go past its
// bound (keys of megabyte keys, a review quoting them) cuts and says so. The property tests
// check the output bounds on every generated design; `npm run fuzz` also checks the times,
// failing a run that takes more than ten times its time budget.

const KiB = 1024;
const MiB = 1024 * KiB;

/** Bytes `btstudio keys` writes at most, whatever -n and the key length (then it stops and says so). */
export const KEYS_OUTPUT_BYTES = 256 * MiB;

/** The budgets the commands read; a test may lower one to see the cut without writing 256 MiB. */
export const LIVE_BUDGETS = { keysOutputBytes: KEYS_OUTPUT_BYTES };

export interface Budget {
  /** What the budget covers, as the docs say it. */
  what: string;
  /** Bytes of stdout and stderr together, given the design file's bytes. */
  outputBytes(designBytes: number): number;
  /** Wall-clock milliseconds on our machine (2 cores) for one run. */
  ms: number;
}

/** Per command (the first word of its command line), the budget the fuzz harness checks. */
export const BUDGETS: Record<string, Budget> = {
  check: { what: 'every issue once', outputBytes: (d) => 64 * KiB + 4 * d, ms: 2_000 },
  lint: { what: 'findings, plans and estimates: linear in the design', outputBytes: (d) => 256 * KiB + 64 * d, ms: 5_000 },
  plan: { what: 'one line per table and cluster', outputBytes: (d) => 64 * KiB + 8 * d, ms: 2_000 },
  export: { what: 'one table or the design; key samples in a review cut to 1,024 bytes', outputBytes: (d) => 512 * KiB + 32 * d, ms: 5_000 },
  keys: {
    what: `-n keys, at most ${KEYS_OUTPUT_BYTES / MiB} MiB of output (past it, the chunk and key under way)`,
    outputBytes: () => KEYS_OUTPUT_BYTES + 32 * MiB,
    ms: 30_000,
  },
  simulate: { what: 'the simulator budgets (docs/simulator.md, "Budgets")', outputBytes: (d) => 256 * KiB + 4 * d, ms: 30_000 },
  fix: { what: 'at most 200 fixes; the fixed design and one line per fix and query', outputBytes: (d) => 256 * KiB + 64 * d, ms: 10_000 },
  diff: { what: 'one line per change and per query whose plan or findings changed', outputBytes: (d) => 128 * KiB + 64 * d, ms: 10_000 },
  infer: { what: 'a design from at most --sample keys (default 20,000)', outputBytes: (d) => 256 * KiB + 16 * d, ms: 10_000 },
  import: { what: 'the design read from one export', outputBytes: (d) => 64 * KiB + 8 * d, ms: 2_000 },
  share: { what: 'one link of at most the design compressed', outputBytes: (d) => 64 * KiB + 2 * d, ms: 2_000 },
  open: { what: 'the design of one link', outputBytes: (d) => 64 * KiB + 4 * d, ms: 2_000 },
};
