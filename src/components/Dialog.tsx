// A modal dialog on the native <dialog>: the browser moves focus in, keeps it inside, puts the
// dialog in the top layer and closes it on Esc. The kit adds what the browser leaves to us: focus
// goes back to the control that opened the dialog (or to `fallbackFocus` when that control is
// gone, e.g. a deleted entry's button), and an error from inside the dialog is shown inside it.
// The dialog is open while mounted; closing always goes through `onClose`, which may ask first.
// With `unsaved`, closing while its form holds changes asks the kit's unsaved-changes question first;
// a form inside tells the dialog with `useUnsavedReport(dirty)` (UnsavedChanges.tsx).
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Icon from './Icon.tsx';
import IconButton from './IconButton.tsx';
import { DialogCloseContext, UnsavedReportContext, useUnsavedChanges, type UnsavedChangesTexts } from './UnsavedChanges.tsx';

export interface DialogProps {
  title: string;
  /** The close button's name, e.g. 'Close'. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot of the dialog (a submit button there names its form with `form=`). */
  footer?: ReactNode;
  /** A failure to show at the top of the dialog, announced at once. */
  error?: string | null | undefined;
  size?: 'small' | 'medium' | 'large';
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes when the opener is no longer on the page. */
  fallbackFocus?: () => HTMLElement | null | undefined;
  /** Called with the dialog element once it is open. */
  describedBy?: string;
  /** The unsaved-changes question's texts, and whether the form holds changes (a form inside may report it instead). */
  unsaved?: { dirty?: boolean | undefined; texts: UnsavedChangesTexts } | undefined;
}

export default function Dialog({
  title,
  closeLabel,
  onClose: close,
  children,
  footer,
  error,
  size = 'medium',
  role,
  fallbackFocus,
  describedBy,
  unsaved,
}: DialogProps) {
  const [reportedDirty, setReportedDirty] = useState(false);
  // The latest report, read when closing: the state above reaches onClose only after a re-render.
  const reportedNow = useRef(false);
  const [report] = useState(() => (dirty: boolean) => {
    reportedNow.current = dirty;
    setReportedDirty(dirty);
  });
  const { confirmElement, confirmDiscard } = useUnsavedChanges(
    Boolean(unsaved?.dirty) || reportedDirty,
    unsaved?.texts,
    () => reportedNow.current,
  );
  // Every way out (Esc, the close button, a Cancel in the footer) asks first when something is unsaved.
  const onClose = () => void confirmDiscard(close);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  // Read at close time, so the latest callback is used.
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // React does not write `autofocus` to the page; the kit marks the control to start on instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      if (dialog?.open) dialog.close();
      // After the commit that removed the dialog (and maybe the opener with it).
      queueMicrotask(() => {
        const target = opener?.isConnected ? opener : fallbackRef.current?.();
        target?.focus();
      });
    };
  }, []);

  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  return (
    <DialogCloseContext.Provider value={onClose}>
      <UnsavedReportContext.Provider value={report}>
        <dialog
          ref={ref}
          className="ui-dialog"
          data-size={size === 'medium' ? undefined : size}
          role={role}
          aria-labelledby={titleId}
          aria-describedby={describedBy}
          onKeyDown={(event) => {
            // Esc asks `onClose`, which may keep the dialog open (unsaved changes). Handled on keydown:
            // Chromium lets a page cancel the dialog's own close only after a user gesture.
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onClose();
            }
          }}
          onCancel={(event) => {
            event.preventDefault();
            onClose();
          }}
        >
          <div className="ui-dialog-head">
            <h2 className="ui-dialog-title" id={titleId}>
              {title}
            </h2>
            <IconButton icon="close" label={closeLabel} onClick={onClose} />
          </div>
          <div className="ui-dialog-body">
            <div ref={errorRef} role="alert" className="ui-dialog-error">
              {error ? (
                <div className="ui-alert">
                  <Icon name="alert" />
                  <span>{error}</span>
                </div>
              ) : null}
            </div>
            {children}
          </div>
          {footer ? <div className="ui-dialog-foot">{footer}</div> : null}
        </dialog>
        {confirmElement}
      </UnsavedReportContext.Provider>
    </DialogCloseContext.Provider>
  );
}
