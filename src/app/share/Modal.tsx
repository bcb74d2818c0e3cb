// A modal dialog for the share and export dialogs: role=dialog, aria-modal, labelled by its
// title, focus moved in on open (the element marked data-autofocus, else the first control)
// and kept inside (Tab and Shift+Tab wrap), Escape or the backdrop closes, focus returns to
// what had it before. Rendered in place (no portal), so it also renders on the server.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialogs.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0);
}

export interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** data-testid of the dialog element. */
  testId?: string;
  /** Extra class for sizing ("modal-wide"). */
  className?: string;
  /** One line under the title. */
  subtitle?: ReactNode;
}

export function Modal({ title, onClose, children, testId, className, subtitle }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root) {
      const first = root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0] ?? root;
      first.focus();
    }
    // Focus that leaves the dialog (a click on the page behind it, a screen reader) comes back.
    const onFocusIn = (e: FocusEvent) => {
      const r = ref.current;
      if (r && e.target instanceof Node && !r.contains(e.target)) (focusables(r)[0] ?? r).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      if (before?.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      e.nativeEvent.stopPropagation();
      closeRef.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const root = ref.current;
    if (!root) return;
    const list = focusables(root);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === root || !root.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !root.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) closeRef.current();
      }}
    >
      <div
        ref={ref}
        className={`modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <header className="modal-head">
          <div>
            <h2 id={titleId}>{title}</h2>
            {subtitle && <p className="modal-sub muted small">{subtitle}</p>}
          </div>
          <button type="button" className="modal-close" aria-label="Close" onClick={() => closeRef.current()}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
