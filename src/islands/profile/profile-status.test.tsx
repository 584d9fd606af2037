// @vitest-environment happy-dom
// The profile status beside the name (decision 170), in the page's language.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../../contract/locale.ts';
import { emptyProfilePage } from '../../../contract/profile-page.fixture.ts';
import type { ProfileStatus } from '../../../contract/profile-status.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import ProfileHeader from './ProfileHeader.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

afterEach(cleanup);

function header(status: ProfileStatus | null, locale: Locale, isOwner = false) {
  const noop = () => {};
  const { container } = render(
    <ProfileHeader
      page={{ ...emptyProfilePage, is_owner: isOwner, profile_status: status, open_to_work: status === 'open_to_work' }}
      t={messagesTranslator(islandMessages(locale, 'profile/ProfileApp.tsx'))}
      onEdit={noop}
      onChangeImage={noop}
      onRemoveImage={noop}
    />,
  );
  return container.querySelector('.profile-status');
}

describe('the profile status on a profile', () => {
  it.each([
    ['open_to_work', 'en_GB', 'Open to work', 'success'],
    ['hiring', 'en_GB', 'Hiring', 'accent'],
    ['providing_services', 'uk_UA', 'Надаю послуги', 'accent'],
    ['not_looking', 'uk_UA', 'Не шукаю роботу', null],
  ] as const)('shows %s in %s as "%s"', (status, locale, text, variant) => {
    const badge = header(status, locale);
    expect(badge?.textContent).toBe(text);
    expect(badge?.getAttribute('data-variant')).toBe(variant);
  });

  it('shows nothing without a status, to the owner or others', () => {
    expect(header(null, 'en_GB')).toBeNull();
    cleanup();
    expect(header(null, 'uk_UA', true)).toBeNull();
    expect(screen.queryByText('Не показувати')).toBeNull();
  });
});
