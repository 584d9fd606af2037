// The page's own "are you sure?" (replaces window.confirm): a small alertdialog with the question,
// a cancel button that has focus first, and the confirming action, which runs inside the dialog:
// while it runs the button shows it is busy, and if it fails the error shows in the dialog.
import { useId, useState, type ReactNode } from 'react';
import Button from './Button.tsx';
import Dialog from './Dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** 'danger' for deletions and losses (the default), 'primary' for anything else. */
  variant?: 'danger' | 'primary';
  /** The action; the dialog closes when it resolves and shows the error when it rejects. */
  onConfirm: () => Promise<void> | void;
  /** Called on cancel, and after the action succeeded. */
  onClose: (confirmed: boolean) => void;
  /** The text for a failure; the error's own message by default. */
  describeError?: (error: unknown) => string;
  fallbackFocus?: () => HTMLElement | null | undefined;
}

export default function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  closeLabel,
  variant = 'danger',
  onConfirm,
  onClose,
  describeError = (error) => (error instanceof Error ? error.message : String(error)),
  fallbackFocus,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose(true);
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={title}
      closeLabel={closeLabel}
      onClose={() => {
        if (!busy) onClose(false);
      }}
      size="small"
      role="alertdialog"
      error={error}
      describedBy={messageId}
      fallbackFocus={fallbackFocus}
      footer={
        <>
          <Button data-autofocus onClick={() => onClose(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={variant === 'danger' ? 'danger-strong' : 'primary'} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div id={messageId} className="ui-confirm-message">
        {message}
      </div>
    </Dialog>
  );
}
