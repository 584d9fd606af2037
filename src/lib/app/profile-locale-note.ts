// The note on another person's profile shown in that profile's language (SPEC §4): it says why, and
// its link reads the same page in the reader's language, which then stays for this tab.
import { keepReaderLocale } from '../base/reader-locale.ts';
import { currentSitePath, pathInLocale } from '../base/site-path.ts';
import { $locale } from '../stores/locale.ts';

export async function startProfileLocaleNote(note: HTMLElement): Promise<void> {
  // Loaded on demand: the profile store brings the contract's schemas.
  const { $profilePage, $ownProfile } = await import('../stores/profile.ts');
  const link = note.querySelector<HTMLAnchorElement>('a');
  const update = () => {
    const own = $ownProfile.get().data;
    const shown = $profilePage.get().data;
    // The reader's own profile is read only on another person's page (src/lib/stores/profile.ts).
    if (!own || !shown) return;
    // The reader's language is the one their own profile keeps (SPEC §4).
    const reader = own.locale;
    const isFollowed = shown.user_id !== own.user_id && reader !== $locale.get();
    if (link) link.href = pathInLocale(currentSitePath(), reader);
    note.hidden = !isFollowed;
  };
  $ownProfile.subscribe(update);
  $profilePage.subscribe(update);
  link?.addEventListener('click', () => keepReaderLocale(pathInLocale(currentSitePath(), 'en_GB')));
}
