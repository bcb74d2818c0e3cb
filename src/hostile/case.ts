// The hostile-input corpus: every case feeds one bad input through the real entry
// point (loadDesign, decodeShare, importText, the CLI) and says what answer it must get.
// The unit tests (src/hostile/*.test.ts) assert each answer; `npm run bench` (bench/hostile)
// runs the same cases and reports how long each took (the bar is 1 s a case).
export type HostileGroup = 'design' | 'share' | 'import' | 'cli';

/** What the entry point answered. */
export interface HostileAnswer {
  /** True when the input was refused with an error (what every case expects). */
  refused: boolean;
  /** The whole error text the user would see (all issues joined by newlines). */
  message: string;
}

export interface HostileCase {
  /** Unique, stable, kebab-case: `design-alias-bomb`. */
  id: string;
  group: HostileGroup;
  /** One line: what the input is. */
  what: string;
  /** Runs the input; must not throw (a throw is a crash and fails the case). */
  run(): HostileAnswer | Promise<HostileAnswer>;
  /**
   * Most inputs must be refused with an error that says what is wrong (`what`) and where
   * (`where`: file:line:column, a path, a position in the link, or the flag). A few odd but
   * legal inputs (a byte-order mark, CRLF line ends) must be accepted: `{ refused: false }`.
   */
  expect: { refused: true; what: RegExp; where: RegExp } | { refused: false; why: string };
}

export interface HostileResult {
  id: string;
  ms: number;
  answer?: HostileAnswer;
  /** Set when run() threw: the case crashed. */
  crash?: string;
}

/** Runs one case, timing it and catching a crash. */
export async function runHostileCase(c: HostileCase): Promise<HostileResult> {
  const t0 = performance.now();
  try {
    const answer = await c.run();
    return { id: c.id, ms: performance.now() - t0, answer };
  } catch (e) {
    return { id: c.id, ms: performance.now() - t0, crash: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}
