// A form in a dialog: the kit's Dialog with Cancel and the submitting button at its foot. The caller
// renders the form with `id={formId}`; the submit button names it with `form=`, so Enter in a field
// and the button at the foot submit the same form. A failure that belongs to no field shows inside
// the dialog (`error`), never in a toast behind the backdrop.
import type { ReactNode } from 'react';
import Button from './Button.tsx';
import Dialog, { type DialogProps } from './Dialog.tsx';

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

export default function FormDialog({ formId, submitLabel, cancelLabel, busy = false, variant = 'primary', lockWhileBusy = false, onClose, children, ...dialog }: FormDialogProps) {
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
          <Button onClick={close} disabled={locked}>
            {cancelLabel}
          </Button>
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
