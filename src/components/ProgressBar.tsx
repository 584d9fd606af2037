// ProgressBar: a native <progress> with its label and value in words above it.
import { useId, type ReactNode } from 'react';

interface Props {
  label: ReactNode;
  /** 0..max; undefined for a progress whose end is not known yet. */
  value: number | undefined;
  max?: number;
  /** The value in words, e.g. '60%' or '3 of 5'. */
  valueText?: string;
  className?: string;
}

export default function ProgressBar({ label, value, max = 100, valueText, className }: Props) {
  const id = useId();
  return (
    <div className={className ? `ui-progress ${className}` : 'ui-progress'}>
      <div className="ui-progress-head">
        <span id={id}>{label}</span>
        {valueText ? <span aria-hidden="true">{valueText}</span> : null}
      </div>
      <progress className="ui-progress-bar" aria-labelledby={id} aria-valuetext={valueText} value={value} max={max} />
    </div>
  );
}
