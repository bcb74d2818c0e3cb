// The address follows the design's name (documents/slugs.ts): an old address
// of the open design (its id, or its name before a rename) is replaced by the current one,
// keeping the table and tab it names. Only for the design it names, so it never sends the
// tab elsewhere.
import { useEffect } from 'react';
import { resolveSegment } from '../documents/slugs';
import { designHref, navigate, parseHash } from '../routing';
import { useStudio } from '../store';

export function useFollowingAddress(id: string | null): void {
  // The segment the address should have (the name's slug once the id no longer says the name),
  // read on each render: a rename renders the design view again, and so changes it.
  const segment = id === null ? null : decodeURIComponent(designHref(id).split('/')[2] ?? '');
  useEffect(() => {
    if (id === null || segment === null) return;
    const follow = () => {
      const route = parseHash(window.location.hash);
      if (route.view !== 'design' || resolveSegment(useStudio.getState(), route.designId) !== id) return;
      if (segment !== route.designId) navigate(designHref(id, route.table, route.tab), { replace: true });
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [id, segment]);
}
