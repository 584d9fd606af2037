// Card: a titled surface for one section of a page. With a title it is a labelled region.
import { useId, type ReactNode } from 'react';

interface Props {
  title?: ReactNode;
  /** The heading level of the title (h2 on most pages). */
  level?: 2 | 3;
  /** Controls beside the title, e.g. an 'Add' button. */
  actions?: ReactNode;
  padding?: 'normal' | 'none';
  className?: string;
  /** The id of the title, for focus after a deletion. */
  titleId?: string;
  as?: 'section' | 'div' | 'article';
  children: ReactNode;
}

export default function Card({ title, level = 2, actions, padding = 'normal', className, titleId, as = 'section', children }: Props) {
  const generated = useId();
  const headingId = titleId ?? generated;
  const Heading = level === 2 ? 'h2' : 'h3';
  const Tag = as;
  return (
    <Tag
      className={className ? `ui-card ${className}` : 'ui-card'}
      data-padding={padding === 'none' ? 'none' : undefined}
      aria-labelledby={title ? headingId : undefined}
    >
      {title ? (
        <div className="ui-card-head">
          <Heading className="ui-card-title" id={headingId} tabIndex={-1}>
            {title}
          </Heading>
          {actions}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}
