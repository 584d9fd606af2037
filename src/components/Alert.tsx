// Alert: a message inside a form or section (an error summary, a notice), announced when it appears.
import type { ReactNode } from 'react';
import Button from './Button.tsx';
import Icon from './Icon.tsx';

interface Props {
  variant?: 'error' | 'info';
  children: ReactNode;
  className?: string;
}

export default function Alert({ variant = 'error', children, className }: Props) {
  return (
    <div
      className={className ? `ui-alert ${className}` : 'ui-alert'}
      data-variant={variant === 'info' ? 'info' : undefined}
      role={variant === 'error' ? 'alert' : 'status'}
    >
      <Icon name={variant === 'error' ? 'alert' : 'info'} />
      <div>{children}</div>
    </div>
  );
}

/** A section whose data did not load: what failed, and the button that tries again. */
export function LoadFailedAlert({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert>
      <p>{message}</p>
      <Button size="small" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
