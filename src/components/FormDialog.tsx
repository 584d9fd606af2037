// A form in a dialog: the kit's Dialog with Cancel and the submitting button at its foot. The caller
// renders the form with `id={formId}`; the submit button names it with `form=`, so Enter in a field
// and the button at the foot submit the same form. A failure that belongs to no field shows inside
// the dialog (`error`), never in a toast behind the backdrop. With `unsaved` (Dialog's), closing with
// changes (Cancel, the close button, Esc) asks first (UnsavedChanges.tsx).
import type { ReactNode } from 'react';
import Button from './Button.tsx';
import Dialog, { type DialogProps } from './Dialog.tsx';
import { useDialogClose } from './UnsavedChanges.tsx';

export interface FormDialogProps extends Omit<DialogProps, 'footer' | 'role' | 'describedBy'> {
  /** The id of the form inside the dialog. */
  formId: string;
  submitLabel: ReactNode;
  cancelLabel: string;
  /** The form is being sent: the submit button shows it is busy. */
  busy?: boolean | undefined;
  /** 'danger' for a destructive submission (closing an account). */
  variant?: 'primary' | 'danger';
  /** While busy, Cancel is disabled and the dialog cannot be closed (a submission that cannot be undone). */
  lockWhileBusy?: boolean;
}

/** Cancel at the foot: the dialog's own close, so unsaved changes are asked about first. */
function CancelButton({ label, disabled }: { label: string; disabled: boolean }) {
  const close = useDialogClose();
  return (
    <Button onClick={() => close?.()} disabled={disabled}>
      {label}
    </Button>
  );
}

export default function FormDialog({
  formId,
  submitLabel,
  cancelLabel,
  busy = false,
  variant = 'primary',
  lockWhileBusy = false,
  onClose,
  children,
  ...dialog
}: FormDialogProps) {
  const locked = lockWhileBusy && busy;
  const close = () => {
    if (!locked) onClose();
  };
  return (
    <Dialog
      {...dialog}
      onClose={close}
      footer={
        <>
          <CancelButton label={cancelLabel} disabled={locked} />
          <Button type="submit" form={formId} variant={variant === 'danger' ? 'danger-strong' : 'primary'} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
