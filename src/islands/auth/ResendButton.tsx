// "Resend code" with its countdown (SPEC §2): disabled, and saying how many seconds are left, until
// the countdown ends; a polite live region says when a new code is on its way.
interface Props {
  /** Seconds until a resend is allowed; undefined while not yet known. */
  secondsLeft: number | undefined;
  resent: boolean;
  onResend: () => void;
  label: string;
  countdownLabel: (seconds: number) => string;
  resentLabel: string;
}

export default function ResendButton({ secondsLeft, resent, onResend, label, countdownLabel, resentLabel }: Props) {
  const waiting = secondsLeft === undefined || secondsLeft > 0;
  return (
    <div className="auth-resend">
      <button type="button" className="ui-button" data-size="large" data-block="" disabled={waiting} onClick={onResend}>
        {secondsLeft ? countdownLabel(secondsLeft) : label}
      </button>
      <p className="auth-status" role="status">
        {resent ? resentLabel : ''}
      </p>
    </div>
  );
}
