// Every text colour of the tokens on every background it may sit on meets WCAG AA (4.5:1), and the
// control border meets 3:1 (WCAG 1.4.11), in the light and the dark theme, read from tokens.css itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');
const [lightBlock = '', darkBlock = ''] = css.split('@media (prefers-color-scheme: dark)');

function tokensOf(block: string): Map<string, string> {
  return new Map([...block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const texts = [
  '--color-fg-default',
  '--color-fg-muted',
  '--color-fg-accent',
  '--color-fg-danger',
  '--color-fg-success',
  '--color-fg-attention',
];
const grounds = ['--color-bg-canvas', '--color-bg-surface', '--color-bg-subtle', '--color-bg-inset'];
const pairs: [string, string][] = [
  ...texts.flatMap((text) => grounds.map((ground): [string, string] => [text, ground])),
  ['--color-fg-on-emphasis', '--color-bg-accent-emphasis'],
  ['--color-fg-on-emphasis', '--color-bg-accent-hover'],
  ['--color-fg-on-emphasis', '--color-bg-danger-emphasis'],
  ['--color-fg-on-emphasis', '--color-bg-danger-hover'],
  ['--color-fg-accent', '--color-bg-accent-subtle'],
  ['--color-fg-danger', '--color-bg-danger-subtle'],
  ['--color-fg-success', '--color-bg-success-subtle'],
  ['--color-fg-attention', '--color-bg-attention-subtle'],
  ['--color-fg-default', '--color-bg-accent-subtle'],
  ['--color-fg-default', '--color-bg-danger-subtle'],
];

describe.each([
  ['light', tokensOf(lightBlock)],
  ['dark', new Map([...tokensOf(lightBlock), ...tokensOf(darkBlock)])],
])('the %s theme', (_name, tokens) => {
  it.each(pairs)('%s on %s is at least 4.5:1', (text, ground) => {
    expect(tokens.get(text), text).toBeDefined();
    expect(tokens.get(ground), ground).toBeDefined();
    expect(contrast(tokens.get(text) ?? '', tokens.get(ground) ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives form controls a border of at least 3:1', () => {
    for (const ground of ['--color-bg-surface', '--color-bg-subtle']) {
      expect(contrast(tokens.get('--color-border-control') ?? '', tokens.get(ground) ?? '')).toBeGreaterThanOrEqual(3);
    }
  });
});
