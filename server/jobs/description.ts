// An opening's description (decision 255): a small formatting subset, never HTML. A blank
// line separates paragraphs; a block whose lines all start with `- ` (or `* `) is a list, with `1. `
// a numbered one; `**bold**` and `[words](https://…)` inside. Whatever else is typed, tags included,
// is text: the renderer escapes every character and writes only p, br, ul, ol, li, strong and a.

/** The description as stored: line ends, trailing spaces and runs of blank lines made one way. */
export function normaliseDescription(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => entities[char]!);

/** An http(s) address, else undefined: `javascript:` and every other scheme stay text. */
function linkTarget(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const inlinePattern = /\*\*(.+?)\*\*|\[([^\]\n]{1,200})\]\(([^)\s]{1,2048})\)/g;

/** One line's text with its bold and links. */
function inline(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(inlinePattern)) {
    out += escape(text.slice(at, match.index));
    at = match.index + match[0].length;
    if (match[1] !== undefined) {
      out += `<strong>${escape(match[1])}</strong>`;
      continue;
    }
    const href = linkTarget(match[3]!);
    out += href ? `<a href="${escape(href)}" rel="nofollow noopener ugc">${escape(match[2]!)}</a>` : escape(match[0]);
  }
  return out + escape(text.slice(at));
}

const bullet = /^[-*]\s+/;
const numbered = /^\d{1,3}[.)]\s+/;

/** The description as HTML of the subset: safe to place inside any element that takes flow content. */
export function renderDescription(text: string): string {
  return normaliseDescription(text)
    .split(/\n\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => bullet.test(line)))
        return `<ul>${lines.map((l) => `<li>${inline(l.replace(bullet, ''))}</li>`).join('')}</ul>`;
      if (lines.every((line) => numbered.test(line)))
        return `<ol>${lines.map((l) => `<li>${inline(l.replace(numbered, ''))}</li>`).join('')}</ol>`;
      return `<p>${lines.map(inline).join('<br>')}</p>`;
    })
    .join('');
}

/** The description as plain words (Open Graph, meta description): the formatting marks gone. */
export function plainDescription(text: string): string {
  return normaliseDescription(text)
    .replace(inlinePattern, (_m, bold: string | undefined, label: string | undefined) => bold ?? label ?? '')
    .replace(/^([-*]|\d{1,3}[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
