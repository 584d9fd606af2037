// A menu of links and actions under a button, on the native popover: the browser opens and closes
// it, closes it on Esc or a click elsewhere, and puts it after its button in the Tab order. It is a
// disclosure (a list of links and buttons), not an ARIA menu, so no arrow-key handling is needed.
import { useId, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';

interface MenuProps {
  /** What the button shows; its accessible name is this visible content. */
  button: ReactNode;
  buttonClassName?: string;
  /** Extra words for screen readers after the visible content, e.g. 'account menu'. */
  buttonDescription?: string;
  className?: string;
  children: ReactNode;
  id?: string;
}

export default function Menu({ button, buttonClassName, buttonDescription, className, children, id }: MenuProps) {
  const generated = useId();
  const menuId = id ?? `menu-${generated.replaceAll(':', '')}`;
  return (
    <div className="ui-menu-anchor">
      <button type="button" className={buttonClassName ?? 'ui-button'} popoverTarget={menuId} aria-haspopup="true">
        {button}
        {buttonDescription ? <span className="visually-hidden"> {buttonDescription}</span> : null}
      </button>
      <div id={menuId} popover="auto" className={className ? `ui-menu ${className}` : 'ui-menu'}>
        {children}
      </div>
    </div>
  );
}

export function MenuList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="ui-menu-list" aria-label={label}>
      {children}
    </ul>
  );
}

export function MenuHeading({ children }: { children: ReactNode }) {
  return <p className="ui-menu-heading">{children}</p>;
}

export function MenuSeparator() {
  return <hr className="ui-menu-separator" />;
}

export function MenuLink({ children, current, className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { current?: boolean }) {
  return (
    <li>
      <a {...rest} className={className ? `ui-menu-item ${className}` : 'ui-menu-item'} aria-current={current ? 'true' : undefined}>
        {children}
      </a>
    </li>
  );
}

/** A menu entry that acts at once (the kit's API, src/components/README.md; no screen uses one yet). @public */
export function MenuButton({
  children,
  variant,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'danger' }) {
  return (
    <li>
      <button {...rest} type={type} className={className ? `ui-menu-item ${className}` : 'ui-menu-item'} data-variant={variant}>
        {children}
      </button>
    </li>
  );
}
