// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialsOf, toneCount, toneOf } from '../lib/base/avatar-tone.ts';
import Avatar from './Avatar.tsx';

afterEach(cleanup);

describe('Avatar', () => {
  it('gives each person one tone wherever they appear, and people different tones', () => {
    expect(toneOf(42)).toBe(toneOf('42'));
    expect(toneOf('Olena Kovalenko')).toBe(toneOf('Olena Kovalenko'));
    const tones = new Set(Array.from({ length: 64 }, (_, id) => toneOf(id + 1)));
    // 64 people spread over every tone, none outside the palette.
    expect(tones.size).toBe(toneCount);
    for (const tone of tones) expect(tone).toBeGreaterThanOrEqual(0);
  });

  it('shows initials on the tone of its seed, and a photo without one', () => {
    const { container, rerender } = render(<Avatar name="Olena Kovalenko" seed={7} />);
    const avatar = container.querySelector('.ui-avatar')!;
    expect(avatar.textContent).toBe(initialsOf('Olena Kovalenko'));
    expect(avatar.getAttribute('data-tone')).toBe(String(toneOf(7)));
    rerender(<Avatar name="Olena Kovalenko" seed={7} src="/api/files/a.png" />);
    expect(container.querySelector('.ui-avatar')!.hasAttribute('data-tone')).toBe(false);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/api/files/a.png');
  });
});
