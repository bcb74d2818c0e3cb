// "Share live": makes a room on the server that serves the studio, from the open design, and
// shows its two links. The edit link lets its holder change the design; the view link lets them
// watch. Each link is a key to the room: anyone who has it can open it.
import { useRef, useState } from 'react';
import { useChanged } from '../components/useChanged';
import { copyMessage, copyText } from '../share/browser';
import { Modal } from '../share/Modal';
import { setMyName, myName, shareLive } from './session';
import { useLive } from './live-state';

export function LiveShareDialog({ docId, onClose }: { docId: string; onClose(): void }) {
  const live = useLive((s) => s.rooms[docId]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [name, setName] = useState(myName);
  const editRef = useRef<HTMLInputElement>(null);
  const viewRef = useRef<HTMLInputElement>(null);
  const links = live?.links ?? null;

  // An error is about the design it was raised for.
  const otherDesign = useChanged(docId);
  if (otherDesign) setError(null);
  const startRoom = async () => {
    setBusy(true);
    setError(null);
    try {
      setMyName(name);
      await shareLive(docId);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const copy = async (text: string, el: HTMLInputElement | null, what: string) => setStatus(copyMessage(await copyText(text, el), what));

  return (
    <Modal
      title="Share live"
      onClose={onClose}
      testId="live-share-dialog"
      subtitle="Edit this design together: everyone with a link sees every change as it is made."
    >
      {!links && (
        <>
          <p>
            This makes a room on the collaboration server that serves this studio and puts this design in it. Your own copy stays in step with the room while
            you are in it.
          </p>
          <label className="live-name">
            Your name in the room <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} data-testid="live-name" />
          </label>
          <button type="button" className="primary" data-autofocus onClick={startRoom} disabled={busy} data-testid="live-start">
            {busy ? 'Making the room…' : 'Start a live room'}
          </button>
        </>
      )}
      {links && (
        <>
          <label className="live-link">
            Edit link (can change the design)
            <input ref={editRef} readOnly value={links.edit} data-testid="live-edit-link" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button
            type="button"
            className="primary"
            data-autofocus
            onClick={() => copy(links.edit, editRef.current, 'The edit link')}
            data-testid="live-copy-edit"
          >
            Copy edit link
          </button>
          <label className="live-link">
            View link (can only watch)
            <input ref={viewRef} readOnly value={links.view} data-testid="live-view-link" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" onClick={() => copy(links.view, viewRef.current, 'The view link')} data-testid="live-copy-view">
            Copy view link
          </button>
          <p className="live-note">A link is a key: anyone who has it can open the room. Send it only to the people who should.</p>
        </>
      )}
      {error && (
        <p role="alert" className="live-problem" data-testid="live-share-error">
          {error}
        </p>
      )}
      <p aria-live="polite" className="live-copied">
        {status}
      </p>
    </Modal>
  );
}
