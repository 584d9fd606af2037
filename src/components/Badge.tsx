// Badge: a short status or count beside a name ('Verified', 'Current', '3').
import type { ReactNode } from 'react';

interface Props {
  variant?: 'neutral' | 'accent' | 'success' | 'attention' | 'danger' | 'count';
  children: ReactNode;
  className?: string;
}

export default function Badge({ variant = 'neutral', children, className }: Props) {
  return (
    <span className={className ? `ui-badge ${className}` : 'ui-badge'} data-variant={variant === 'neutral' ? undefined : variant}>
      {children}
    </span>
  );
}
