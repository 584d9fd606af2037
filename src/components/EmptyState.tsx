// EmptyState: what a section will hold and the one action that fills it, instead of "Nothing here".
import type { ReactNode } from 'react';
import Icon, { type IconName } from './Icon.tsx';

interface Props {
  title: string;
  text?: ReactNode;
  icon?: IconName;
  /** Usually a Button or ButtonLink. */
  action?: ReactNode;
}

export default function EmptyState({ title, text, icon, action }: Props) {
  return (
    <div className="ui-empty">
      {icon ? <Icon name={icon} /> : null}
      <p className="ui-empty-title">{title}</p>
      {text ? <p className="ui-empty-text">{text}</p> : null}
      {action}
    </div>
  );
}
