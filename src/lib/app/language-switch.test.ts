// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/request.ts';
import { saveProfileLocale, switchLanguage } from './language-switch.ts';
import { isReaderLocaleKept, keepReaderLocale } from '../base/reader-locale.ts';

afterEach(() => {
  document.cookie = 'locale=; max-age=0; path=/';
  sessionStorage.clear();
});

describe('the language switch', () => {
  it('saves a signed-in person’s choice before it leaves the page', async () => {
    const order: string[] = [];
    const save = vi.fn(async (locale: string) => {
      order.push(`save ${locale}`);
      return true;
    });
    await switchLanguage('uk_UA', '/uk/careers', { isSignedIn: true, save, navigate: (href) => order.push(`go ${href}`) });
    expect(order).toEqual(['save uk_UA', 'go /uk/careers']);
    expect(document.cookie).toContain('locale=uk_UA');
  });

  it('only sets the cookie for a signed-out visitor', async () => {
    const save = vi.fn(async () => true);
    const navigate = vi.fn();
    await switchLanguage('en_GB', '/login', { isSignedIn: false, save, navigate });
    expect(save).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(document.cookie).toContain('locale=en_GB');
  });

  it('puts the locale to the API, and a failure does not stop the switch', async () => {
    const fetch = vi.fn(async () => Response.json({ data: { locale: 'uk_UA' } }));
    const api = createApiClient({ baseUrl: '', fetch, token: () => 't', locale: () => 'en_GB' });
    expect(await saveProfileLocale('uk_UA', api)).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/profile\/locale(\?|$)/),
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ locale: 'uk_UA' }) }),
    );
    const failing = createApiClient({
      baseUrl: '',
      fetch: vi.fn(async () => Response.json({ message: 'x' }, { status: 500 })),
      token: () => 't',
      locale: () => 'en_GB',
    });
    expect(await saveProfileLocale('uk_UA', failing)).toBe(false);
  });
});

describe('the reader’s language on a followed profile', () => {
  it('is kept per page once chosen', () => {
    expect(isReaderLocaleKept('/profile-4/')).toBe(false);
    keepReaderLocale('/profile-4/');
    expect(isReaderLocaleKept('/profile-4/')).toBe(true);
    expect(isReaderLocaleKept('/profile-5/')).toBe(false);
  });
});
