// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/locale.ts';
import { loadLanguageNamer } from '../../lib/base/language-names.ts';
import { useLanguageNamer } from './use-language-namer.ts';

function Name({ locale, code }: { locale: Locale; code: string }) {
  const name = useLanguageNamer(locale);
  return <p>{name ? name(code) : 'loading'}</p>;
}

afterEach(cleanup);

describe('language names of the page', () => {
  it('name a code in each language, and give an unknown code back', async () => {
    expect((await loadLanguageNamer('uk_UA'))('de')).toBe('Німецька');
    expect((await loadLanguageNamer('en_GB'))('de')).toBe('German');
    expect((await loadLanguageNamer('en_GB'))('xx')).toBe('xx');
  });

  it('show codes when the names cannot be loaded, and load them on the next try', async () => {
    const { names } = await import('../../../contract/language-names/en.ts');
    let calls = 0;
    const flaky = () => (calls++ === 0 ? Promise.reject(new Error('offline')) : Promise.resolve({ names }));
    // A fresh module: nothing loaded yet.
    vi.resetModules();
    const fresh = await import('../../lib/base/language-names.ts');
    expect((await fresh.loadLanguageNamer('en_GB', flaky as never))('de')).toBe('DE');
    expect((await fresh.loadLanguageNamer('en_GB', flaky as never))('de')).toBe('German');
  });

  it('arrive after the first render and follow a change of language', async () => {
    const view = render(<Name locale="en_GB" code="uk" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('Ukrainian')).toBeTruthy();
    await act(async () => view.rerender(<Name locale="uk_UA" code="uk" />));
    expect(await screen.findByText('Українська')).toBeTruthy();
  });
});
