// A modal <dialog> whose open state belongs to its parent (the store, a prop), as the command
// palette and the rule documentation are: the handlers that keep the two in step when the
// dialog closes itself.
import type { RefObject, SyntheticEvent } from 'react';

/**
 * The dialog's onCancel and onClose. Escape closes it through the parent (`close`) at once: the
 * native close event comes a task later, and a key pressed in between (Ctrl+K again) would find
 * the parent still open and do nothing. That late close event closes it through the parent only
 * if the dialog is still closed by then and `parentOpen()` holds, so one reopened meanwhile
 * stays open.
 */
export function closeThroughParent(ref: RefObject<HTMLDialogElement | null>, close: () => void, parentOpen: () => boolean = () => true) {
  return {
    onCancel(e: SyntheticEvent) {
      e.preventDefault();
      close();
    },
    onClose() {
      if (!ref.current?.open && parentOpen()) close();
    },
  };
}
