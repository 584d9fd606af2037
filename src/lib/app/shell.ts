// The app shell's script (src/layouts/Default.astro): the unread badge in the navigation follows
// $unreadNotifications, the mobile navigation closes once a link is chosen, and a signed-in page
// fills the personal account of the profile menu.
import type { Locale } from '../../../contract/locale.ts';
import { pluralize, type PluralForms } from '../base/plurals.ts';
import { currentSitePath, routeNameOf } from '../base/site-path.ts';
import { loadPersonalAccount } from '../stores/accounts.ts';
import { $unreadNotifications } from '../stores/notification-badge.ts';
import { $token } from '../stores/session.ts';

/** Shows the count in every `[data-unread-badge]`, with its words for screen readers. */
export function renderUnreadBadge(badge: HTMLElement, count: number | null, locale: Locale, forms: PluralForms): void {
  const visible = count !== null && count > 0;
  badge.hidden = !visible;
  const number = badge.querySelector<HTMLElement>('[data-unread-count]');
  const words = badge.querySelector<HTMLElement>('[data-unread-words]');
  if (number) number.textContent = visible ? (count > 99 ? '99+' : String(count)) : '';
  if (words) words.textContent = visible ? pluralize(locale, count, forms) : '';
}

export function startShell(): void {
  const locale = document.body.dataset['locale'] === 'uk_UA' ? 'uk_UA' : 'en_GB';
  for (const badge of document.querySelectorAll<HTMLElement>('[data-unread-badge]')) {
    const forms = JSON.parse(badge.dataset['forms'] ?? '{}') as PluralForms;
    $unreadNotifications.subscribe((count) => renderUnreadBadge(badge, count, locale, forms));
  }
  const nav = document.getElementById('app-nav');
  nav?.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a') && nav.matches(':popover-open')) nav.hidePopover();
  });
  const home = document.querySelector<HTMLAnchorElement>('[data-home-link]');
  // The own profile page reads the same names and photo once, for itself and the menu.
  const path = currentSitePath();
  const isOwnHome = routeNameOf(path.page) === 'home' && path.profileId === undefined;
  if ($token.get() && home && !isOwnHome) void loadPersonalAccount(home.pathname).catch(() => undefined);
  // The companies the person belongs to join the profile menu; loaded on demand, like the
  // personal account, so the shell's first script carries no schemas.
  if ($token.get()) {
    void import('../stores/company-accounts.ts')
      .then(({ loadCompanyAccounts }) => loadCompanyAccounts(locale === 'uk_UA' ? '/uk' : ''))
      .catch(() => undefined);
  }
}
