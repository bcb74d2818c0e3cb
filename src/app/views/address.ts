// The address follows the design's name (documents/slugs.ts): an old address
// of the open design (its id, or its name before a rename) is replaced by the current one,
// keeping the table and tab it names. Only for the design it names, so it never sends the
// tab elsewhere.
import { useEffect } from 'react';
import { resolveSegment } from '../documents/slugs';
import { designHref, navigate, parseHash } from '../routing';
import { useStudio } from '../store';

export function useFollowingAddress(id: string | null, name: string | undefined): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a rename changes the segment designHref builds (from the store), so `name` must re-run it though the effect does not read it
  useEffect(() => {
    if (id === null) return;
    const follow = () => {
      const route = parseHash(window.location.hash);
      if (route.view !== 'design' || resolveSegment(useStudio.getState(), route.designId) !== id) return;
      const href = designHref(id, route.table, route.tab);
      const segment = decodeURIComponent(href.split('?')[0]!.split('/')[2] ?? '');
      if (segment !== route.designId) navigate(href, { replace: true });
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [id, name]);
}
