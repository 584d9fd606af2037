// A button that shows only an icon. `label` is its accessible name and its tooltip, so sighted and
// screen-reader users get the same words (WCAG 2.5.3).
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import Icon, { type IconName } from './Icon.tsx';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  label: string;
  size?: 'small' | 'medium';
  variant?: 'default' | 'danger';
}

// forwardRef, not React 19's ref-as-prop: Preact renders the islands (decision 063).
const IconButton = forwardRef<HTMLButtonElement, Props>(function IconButton({ icon, label, size = 'medium', variant = 'default', className, type = 'button', ...rest }, ref) {
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
});
export default IconButton;
