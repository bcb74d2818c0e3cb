// What a page opened from a share link shows: the banner over a shared copy (save it to my
// designs under a name no design has, or dismiss it), or, for a bad link, why it cannot be
// opened. Neither touches saved designs: saving calls `onSave` with the renamed design, and the
// store adds it as a new design.
import { useMemo, useState } from 'react';
import type { Design } from '../../core/model/schema';
import { uniqueName } from './link';
import './dialogs.css';

export interface SharedLinkBannerProps {
  /** The shared design as the link holds it. */
  design: Design;
  /** Names of the user's own designs (not the shared copy itself): a clash gets " (2)", " (3)", ... */
  existingNames?: readonly string[];
  /** Save: the design with its name made unique. The store adds it as a new design. */
  onSave(design: Design): void;
  onDismiss(): void;
  /** When the user has a design of this name: open "Compare with my version". */
  onCompare?(): void;
}

export function SharedLinkBanner({ design, existingNames = [], onSave, onDismiss, onCompare }: SharedLinkBannerProps) {
  const name = useMemo(() => uniqueName(design.name, existingNames), [design.name, existingNames]);
  const [saved, setSaved] = useState<string | null>(null);
  const save = () => {
    onSave(name === design.name ? design : { ...design, name });
    setSaved(name);
  };
  if (saved !== null) {
    return (
      <section className="shared-banner saved" aria-label="Shared design" data-testid="shared-banner" data-saved="true">
        <p role="status">
          Saved to your designs as <strong>{saved}</strong>.
        </p>
        <button type="button" onClick={onDismiss}>
          Close
        </button>
      </section>
    );
  }
  return (
    <section className="shared-banner" aria-label="Shared design" data-testid="shared-banner">
      <p>
        <strong>This is a shared copy</strong> of <q>{design.name}</q>, opened from a link. It is not in your designs until you save it.
        {name !== design.name && (
          <>
            {' '}
            You already have a design with this name: it will be saved as <q data-testid="shared-save-name">{name}</q>.
          </>
        )}
      </p>
      <div className="button-row">
        <button type="button" className="primary" data-testid="shared-save" onClick={save}>
          Save to my designs
        </button>
        {onCompare && (
          <button type="button" onClick={onCompare} data-testid="shared-compare" aria-haspopup="dialog">
            Compare with my version
          </button>
        )}
        <button type="button" onClick={onDismiss} data-testid="shared-dismiss">
          Dismiss
        </button>
      </div>
    </section>
  );
}

export interface SharedLinkErrorProps {
  /** openSharedLink's message. */
  message: string;
  /** openSharedLink's title ("This link is cut off"); default "This link could not be opened". */
  title?: string;
  onDismiss(): void;
}

/** A link that cannot be opened: what is wrong, and that nothing changed. */
export function SharedLinkError({ message, title = 'This link could not be opened', onDismiss }: SharedLinkErrorProps) {
  return (
    <section className="shared-banner error" role="alert" data-testid="shared-link-error">
      <div>
        <h2>{title}</h2>
        <p>{message}</p>
      </div>
      <button type="button" onClick={onDismiss} data-testid="shared-link-error-dismiss">
        Dismiss
      </button>
    </section>
  );
}
