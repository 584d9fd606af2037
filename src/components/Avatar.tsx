// Avatar: a person's photo or, without one, their initials on their own colour; square for companies.
import { initialsOf, toneOf } from '../lib/base/avatar-tone.ts';

interface Props {
  name: string;
  src?: string | null | undefined;
  /** Who it is (an id), so the initials keep one colour wherever they appear; the name when absent. */
  seed?: string | number | null | undefined;
  size?: 'small' | 'medium' | 'large' | 'xlarge';
  square?: boolean;
  /** Decorative when the name is written next to it (the default). */
  labelled?: boolean;
  className?: string;
}

export default function Avatar({ name, src, seed, size = 'medium', square, labelled, className }: Props) {
  return (
    <span
      className={className ? `ui-avatar ${className}` : 'ui-avatar'}
      data-tone={src ? undefined : toneOf(seed ?? name)}
      data-size={size === 'medium' ? undefined : size}
      data-square={square ? '' : undefined}
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? name : undefined}
      aria-hidden={labelled ? undefined : true}
    >
      {src ? <img src={src} alt="" /> : initialsOf(name)}
    </span>
  );
}
