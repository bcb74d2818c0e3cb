// A "Share" button that opens the Share dialog: the one-line way to mount it.
import { useState } from 'react';
import type { Design } from '../../core/model/schema';
import { ShareDialog } from './ShareDialog';

export function ShareButton({ design, base, className }: { design: Design; base?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} data-testid="share-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Share
      </button>
      {open && <ShareDialog design={design} onClose={() => setOpen(false)} {...(base !== undefined ? { base } : {})} />}
    </>
  );
}
