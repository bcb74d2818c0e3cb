// False until `when` has held through one painted frame, then true for good: what is not part
// of the first screen (the import panel's module, a gallery card's table list) waits for it,
// so the first text is painted before that work or that JavaScript is asked for.
import { useEffect, useState } from 'react';

export function useAfterPaint(when = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!when || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [when, painted]);
  return painted;
}
