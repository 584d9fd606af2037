// Button (Primer's variants over GOV.UK's plain wording): primary for the one main action of a view,
// secondary for the rest, danger for destructive ones, invisible for low-emphasis actions.
// `loading` keeps the button's size and name and refuses clicks while the action runs. A submit
// button is disabled in the prerendered HTML until its island's code runs: a press before that would
// post the form natively, which the site cannot answer, and the typed text would be lost (decision 041).
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { useHydrated } from './use-hydrated.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-strong' | 'invisible';
export type ButtonSize = 'small' | 'medium' | 'large';

interface Look {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** Full width of its container. */
  block?: boolean | undefined;
  /** An icon before the label. */
  leading?: ReactNode;
}

export interface ButtonProps extends Look, ButtonHTMLAttributes<HTMLButtonElement> {
  loading?: boolean | undefined;
}

function lookAttributes({ variant = 'secondary', size = 'medium', block }: Look) {
  return {
    'data-variant': variant,
    'data-size': size === 'medium' ? undefined : size,
    'data-block': block ? '' : undefined,
  };
}

export default function Button({
  variant,
  size,
  block,
  leading,
  loading,
  className,
  children,
  type = 'button',
  onClick,
  ref,
  disabled,
  ...rest
}: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled || (type === 'submit' && !hydrated) || undefined}
      className={className ? `ui-button ${className}` : 'ui-button'}
      {...lookAttributes({ variant, size, block })}
      data-loading={loading ? '' : undefined}
      aria-disabled={loading || rest['aria-disabled'] ? true : undefined}
      aria-busy={loading ? true : undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading ? <span className="ui-button-spinner" aria-hidden="true" /> : null}
      <span className="ui-button-label">
        {leading}
        {children}
      </span>
    </button>
  );
}

export interface ButtonLinkProps extends Look, AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

/** A link that looks like a button: for actions that go to another page. */
export function ButtonLink({ variant, size, block, leading, className, children, ...rest }: ButtonLinkProps) {
  return (
    <a {...rest} className={className ? `ui-button ${className}` : 'ui-button'} {...lookAttributes({ variant, size, block })}>
      {leading}
      {children}
    </a>
  );
}
