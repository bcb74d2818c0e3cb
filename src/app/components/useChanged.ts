// True in the render where `value` differs (Object.is) from the value of the render before, and
// false on the first render: React's "adjusting some state when a prop changes" (react.dev, You
// Might Not Need an Effect). State reset on such a change is set during that render, so the
// screen never paints the stale state, and there is no effect whose only dependency is a trigger
// it does not read.
import { useState } from 'react';

export function useChanged<T>(value: T): boolean {
  const [seen, setSeen] = useState(value);
  if (Object.is(seen, value)) return false;
  setSeen(value);
  return true;
}
