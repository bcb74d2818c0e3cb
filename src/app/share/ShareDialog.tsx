// The Share dialog: the design as a link (`#d=…`, never sent to a server), its length and what
// that means, Copy, the design as a file when the link is too long, and the link's base (this
// page by default; a team's own host when set, remembered under SHARE_BASE_KEY).
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { exportTable } from '../../core/outputs';
import type { Design } from '../../core/model/schema';
import { browserStorage, checkBase, pageBase, readBase, saveBase } from './base';
import { copyMessage, copyText, downloadText } from './browser';
import { buildShareLink } from './link';
import { Modal } from './Modal';

export interface ShareDialogProps {
  design: Design;
  /** The link's base; by default the saved setting, else this page without its hash. */
  base?: string;
  /** The version the link names as the one it came from (`b=`), for a three-way merge of a reply. */
  from?: string;
  onClose(): void;
}

function defaultBase(): string {
  return typeof window === 'undefined' ? 'http://127.0.0.1:4173/' : pageBase(window.location.href);
}

export function ShareDialog({ design, base: baseProp, from, onClose }: ShareDialogProps) {
  const id = useId();
  const here = useMemo(defaultBase, []);
  const [base, setBase] = useState(() => baseProp ?? readBase(browserStorage(), here));
  const [draft, setDraft] = useState(base);
  const [baseError, setBaseError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const linkRef = useRef<HTMLTextAreaElement>(null);
  const link = useMemo(() => buildShareLink(design, base, from), [design, base, from]);
  const { advice } = link;

  const copy = async () => {
    setStatus(copyMessage(await copyText(link.url, linkRef.current), 'The link'));
  };

  const downloadFile = () => {
    const r = exportTable(design, null, 'design', { as: 'yaml' });
    downloadText(r.text, r.filename, r.mime);
    setStatus(`Saved ${r.filename}: send it, and open it in the studio with Import.`);
  };

  const applyBase = (e: FormEvent) => {
    e.preventDefault();
    const c = checkBase(draft);
    if (!c.ok) {
      setBaseError(c.error);
      return;
    }
    setBaseError(null);
    setBase(c.base);
    setDraft(c.base);
    const stored = saveBase(browserStorage(), c.base === here ? null : c.base);
    setStatus(stored ? `Links now start with ${c.base}` : `Links now start with ${c.base} (not remembered: this browser does not allow saving settings)`);
  };

  const resetBase = () => {
    setBaseError(null);
    setBase(here);
    setDraft(here);
    saveBase(browserStorage(), null);
    setStatus('Links start with this page again.');
  };

  return (
    <Modal
      title="Share this design"
      onClose={onClose}
      testId="share-dialog"
      subtitle={<>The whole design travels in the link, after the #: it never reaches a server.</>}
    >
      <div className="field">
        <label htmlFor={`${id}-link`}>Link</label>
        <textarea
          id={`${id}-link`}
          ref={linkRef}
          className="share-link mono"
          readOnly
          rows={4}
          value={link.url}
          data-testid="share-link"
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-length`}
        />
        <p id={`${id}-length`} className="muted small" data-testid="share-length" data-length={link.length}>
          {link.length.toLocaleString('en-US')} characters
        </p>
      </div>
      {advice.message && (
        <p className={`notice-line ${advice.level === 'long' ? 'warn' : 'error'}`} role="status" data-testid="share-warning" data-level={advice.level}>
          {advice.message}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="primary" data-autofocus onClick={copy} disabled={!advice.openable} data-testid="share-copy">
          Copy link
        </button>
        {(advice.offerFile || advice.level === 'long') && (
          <button type="button" onClick={downloadFile} data-testid="share-download-file">
            Download the design file
          </button>
        )}
      </div>
      <p className="status-line small" role="status" aria-live="polite" data-testid="share-status">
        {status}
      </p>
      <form className="field share-base" onSubmit={applyBase}>
        <label htmlFor={`${id}-base`}>Link address (where the studio is hosted)</label>
        <div className="inline-row">
          <input
            id={`${id}-base`}
            type="url"
            className="mono"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={baseError ? true : undefined}
            aria-describedby={`${id}-base-help`}
            data-testid="share-base"
            spellCheck={false}
          />
          <button type="submit">Use</button>
          {base !== here && (
            <button type="button" onClick={resetBase}>
              Use this page
            </button>
          )}
        </div>
        <p id={`${id}-base-help`} className={baseError ? 'field-error small' : 'muted small'}>
          {baseError ?? 'Links open the studio at this address; set your team’s own copy here. Remembered in this browser.'}
        </p>
      </form>
    </Modal>
  );
}
