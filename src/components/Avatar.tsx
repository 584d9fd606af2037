// Avatar: a person's photo or, without one, their initials; square for companies.
interface Props {
  name: string;
  src?: string | null | undefined;
  size?: 'small' | 'medium' | 'large' | 'xlarge';
  square?: boolean;
  /** Decorative when the name is written next to it (the default). */
  labelled?: boolean;
  className?: string;
}

/** Up to two initials of a name, e.g. 'Olena Kovalenko' -> 'OK'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toLocaleUpperCase() ?? '').join('');
}

export default function Avatar({ name, src, size = 'medium', square, labelled, className }: Props) {
  return (
    <span
      className={className ? `ui-avatar ${className}` : 'ui-avatar'}
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
