// A button that shows only an icon. `label` is its accessible name and its tooltip, so sighted and
// screen-reader users get the same words (WCAG 2.5.3).
import type { ButtonHTMLAttributes, Ref } from 'react';
import Icon, { type IconName } from './Icon.tsx';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  label: string;
  size?: 'small' | 'medium';
  variant?: 'default' | 'danger';
}

export default function IconButton({
  icon,
  label,
  size = 'medium',
  variant = 'default',
  className,
  type = 'button',
  ref,
  ...rest
}: Props & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={className ? `ui-icon-button ${className}` : 'ui-icon-button'}
      aria-label={label}
      title={label}
      data-size={size === 'small' ? 'small' : undefined}
      data-variant={variant === 'danger' ? 'danger' : undefined}
    >
      <Icon name={icon} />
    </button>
  );
}
