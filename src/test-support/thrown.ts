/** What `fn` throws, or undefined when it returns (the test then checks what it got). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}
