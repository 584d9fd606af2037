// A modal dialog on the native <dialog> element: focus is trapped and restored by the browser, Esc
// closes. Closing goes through `onRequestClose`, which may ask about unsaved changes first.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  closeLabel: string;
  onRequestClose: () => void;
  children: ReactNode;
  /** Wider dialogs for previews. */
  size?: 'normal' | 'wide';
}

export default function Modal({ title, closeLabel, onRequestClose, children, size = 'normal' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        // Esc: keep the dialog open until the person has answered about unsaved changes. Handled on
        // keydown because Chromium lets a page cancel the dialog's own close only after a user gesture.
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onRequestClose();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
    >
      <div className="modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={onRequestClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
