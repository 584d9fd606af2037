// The initials and colour a person or company without a photo is shown with: the same everywhere
// (the avatar, the profile's cover, the header's suggestions), so they sit below the components.

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
