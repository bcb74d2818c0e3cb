// What the user must know about saving: storage unavailable or full (editing continues in
// memory, nothing saved before is touched), a newer studio's data, and designs another tab
// changed while this tab was editing them (reload theirs, or keep this version as a copy).
import { useShallow } from 'zustand/react/shallow';
import { designHref, galleryHref, navigate } from '../routing';
import { LazySharedLinkError } from './LazyPanels';
import { useStudio } from '../store';
import { resolveConflict } from '../persist/app-persist';

function PersistBanner() {
  const problem = useStudio((s) => s.persist.problem);
  const historySaved = useStudio((s) => s.persist.historySaved);
  if (!problem && historySaved) return null;
  const title = !problem
    ? 'Undo history not saved.'
    : { unavailable: 'Saving is off in this browser.', quota: 'Storage is full.', newer: 'Saved by a newer studio.', error: 'Saving failed.' }[problem.kind];
  return (
    <div className={`banner ${problem ? 'banner-error' : 'banner-info'}`} role="alert" data-testid="persist-banner" data-kind={problem?.kind ?? 'history'}>
      <strong>{title}</strong> {problem?.message ?? 'Your designs are saved, but undo will not survive a reload.'}{' '}
      {problem && problem.kind !== 'newer' && 'Designs saved earlier are safe. Keep this tab open, or download your designs.'}
    </div>
  );
}

function ConflictBanners() {
  const list = useStudio((s) => s.conflicts);
  // Names as primitives (stable for the shallow compare): the doc's name, or null when deleted here.
  const names = useStudio(useShallow((s) => Object.keys(s.conflicts).map((id) => s.docs[id]?.design.name ?? null)));
  const conflicts = Object.values(list).map((c, i) => ({ ...c, name: names[i] ?? c.docId, here: names[i] !== null && names[i] !== undefined }));
  return (
    <>
      {conflicts.map((c) => (
        <div key={c.docId} className="banner banner-warning" role="alert" data-testid="conflict-banner" data-doc={c.docId}>
          <p>
            <strong>{c.name}</strong> was {c.kind === 'deleted' ? 'deleted' : 'changed'} in another tab while you edited it here. Your changes here are not
            saved until you choose.
          </p>
          <button type="button" onClick={() => void resolveConflict(c.docId, 'reload')}>
            {c.kind === 'deleted' ? 'Remove it here too' : 'Reload their version'}
          </button>
          <button
            type="button"
            onClick={() =>
              void resolveConflict(c.docId, 'fork').then((id) => {
                if (id) navigate(designHref(id));
              })
            }
          >
            {c.here ? 'Keep mine as a copy' : 'Keep it deleted'}
          </button>
        </div>
      ))}
    </>
  );
}

/** The last notice ("Undone: Rename table", "Deleted Chat"), read out politely, with Undo after a delete. */
function NoticeLine() {
  const notice = useStudio((s) => s.notice);
  return (
    <div className="studio-notice" role="status" aria-live="polite" data-testid="notice">
      {notice && (
        <span key={notice.seq}>
          {notice.text}
          {notice.undo && (
            <button type="button" className="link-button" onClick={() => useStudio.getState().undo()}>
              Undo
            </button>
          )}
        </span>
      )}
    </div>
  );
}

function LinkError() {
  const error = useStudio((s) => s.linkError);
  if (!error) return null;
  return (
    <LazySharedLinkError
      title={error.title}
      message={error.message}
      onDismiss={() => {
        useStudio.getState().setLinkError(null);
        navigate(galleryHref());
      }}
    />
  );
}

export function Banners() {
  return (
    <>
      <LinkError />
      <PersistBanner />
      <ConflictBanners />
      <NoticeLine />
    </>
  );
}
