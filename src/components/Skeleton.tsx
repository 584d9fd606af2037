// Skeleton: the shape of content that is loading. Decorative; the region that waits says so with
// aria-busy and a status text of its own.
interface Props {
  shape?: 'block' | 'text' | 'circle';
  className?: string;
}

// Sized by the caller's class: inline styles would break the Content-Security-Policy.
export default function Skeleton({ shape = 'block', className }: Props) {
  return (
    <span
      className={className ? `ui-skeleton ${className}` : 'ui-skeleton'}
      data-shape={shape === 'block' ? undefined : shape}
      aria-hidden="true"
    />
  );
}
