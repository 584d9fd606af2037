// The profile's dialogs: the kit's Dialog (native <dialog>, focus back to the opener, errors shown
// inside), with the profile's close wording. Closing goes through `onRequestClose`, which may ask
// about unsaved changes first.
import type { ReactNode } from 'react';
import Dialog from '../../components/Dialog.tsx';

interface Props {
  title: string;
  closeLabel: string;
  onRequestClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** A failed save, shown at the top of the dialog. */
  error?: string | null | undefined;
  size?: 'normal' | 'wide';
  /** Where focus goes when the control that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

export default function Modal({ title, closeLabel, onRequestClose, children, footer, error, size = 'normal', fallbackFocus }: Props) {
  return (
    <Dialog
      title={title}
      closeLabel={closeLabel}
      onClose={onRequestClose}
      footer={footer}
      error={error}
      size={size === 'wide' ? 'large' : 'medium'}
      fallbackFocus={fallbackFocus}
    >
      {children}
    </Dialog>
  );
}
