// The studio's live parts that are always loaded (small): the "Share live" button, whose
// dialog (and Yjs with it) loads on first click, and the bar above a design that is live:
// the connection, the mode, who else is here and where, and leaving. Names and places are
// rendered as text.
import { lazy, Suspense, useState } from 'react';
import { PanelBoundary } from '../components/Boundary';
import { useLive, type LivePeer, type LiveRoomState } from './live-state';
import './live.css';

const LiveShareDialog = lazy(() => import('./LiveShareDialog').then((m) => ({ default: m.LiveShareDialog })));

export function LiveShareAction({ docId }: { docId: string }) {
  const [open, setOpen] = useState(false);
  const live = useLive((s) => s.rooms[docId]);
  return (
    <>
      <button type="button" data-testid="live-share-open" aria-haspopup="dialog" onClick={() => setOpen(true)} disabled={live?.mode === 'view'}>
        {live ? 'Live links' : 'Share live'}
      </button>
      {open && (
        <PanelBoundary name="The live share dialog" resetKey={docId} onClose={() => setOpen(false)}>
          <Suspense fallback={null}>
            <LiveShareDialog docId={docId} onClose={() => setOpen(false)} />
          </Suspense>
        </PanelBoundary>
      )}
    </>
  );
}

const STATUS: Record<LiveRoomState['status'], string> = {
  connecting: 'Connecting…',
  connected: 'Live',
  offline: 'Offline: edits are kept in this browser and sent on reconnect',
};

function where(p: LivePeer): string {
  if (p.field) return `${p.table ? `${p.table}: ` : ''}${p.field}`;
  return p.table ?? 'the design';
}

export function LiveBar({ docId }: { docId: string }) {
  const live = useLive((s) => s.rooms[docId]);
  if (!live) return null;
  const leave = () => void import('./session').then((m) => m.leaveLive(docId));
  return (
    <section className="live-bar" data-testid="live-bar" data-status={live.status} data-mode={live.mode} aria-label="Live room">
      <span className={`live-status live-${live.status}`} data-testid="live-status">
        {STATUS[live.status]}
      </span>
      <span className="live-mode" data-testid="live-mode">
        {live.mode === 'view' ? 'View only: your changes are not sent' : 'Editing together'}
      </span>
      {live.unsynced > 0 && (
        <span className="live-unsynced" data-testid="live-unsynced">
          {live.unsynced} {live.unsynced === 1 ? 'change' : 'changes'} not yet saved by the server
        </span>
      )}
      <ul className="live-peers" aria-label="Also here">
        {live.peers.map((p) => (
          <li key={p.clientId} data-testid="live-peer" title={`${p.name} is at ${where(p)}`}>
            <span className="live-dot" style={{ background: p.color }} aria-hidden="true" />
            <span className="live-peer-name">{p.name}</span> <span className="live-peer-at">at {where(p)}</span>
          </li>
        ))}
        {live.peers.length === 0 && <li className="live-alone">Nobody else is here yet</li>}
      </ul>
      <button type="button" onClick={leave} data-testid="live-leave">
        Leave
      </button>
      {live.problem && (
        <p className="live-problem" role="alert" data-testid="live-problem">
          {live.problem}
        </p>
      )}
    </section>
  );
}
