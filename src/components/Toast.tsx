// Toast: one short message after an action, with a close button (SPEC §9: closable, 5000 ms). The
// host (src/islands/app/AppToaster.tsx) decides when; this is only how one looks.
import Icon from './Icon.tsx';
import IconButton from './IconButton.tsx';

interface Props {
  kind: 'success' | 'error';
  message: string;
  closeLabel: string;
  onClose: () => void;
}

export default function Toast({ kind, message, closeLabel, onClose }: Props) {
  return (
    <div className="ui-toast" data-kind={kind} data-toast={kind}>
      <Icon name={kind === 'error' ? 'alert' : 'check'} />
      <span className="ui-toast-message">{message}</span>
      <IconButton icon="close" size="small" label={closeLabel} onClick={onClose} />
    </div>
  );
}
