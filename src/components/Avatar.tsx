// Avatar: a person's photo or, without one, their initials on their own colour; square for companies.
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

/** Up to two initials of a name, e.g. 'Olena Kovalenko' -> 'OK'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toLocaleUpperCase() ?? '').join('');
}

/** Tones in kit.css ([data-tone]): eight colours with strong contrast in both themes. */
export const toneCount = 8;

/** One of the tones for `seed` (an id or a name), the same every time (FNV-1a over its characters). */
export function toneOf(seed: string | number): number {
  let hash = 0x811c9dc5;
  for (const char of String(seed)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % toneCount;
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
