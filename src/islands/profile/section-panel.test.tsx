// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../../contract/locale.ts';
import { emptyProfilePage } from '../../../contract/profile-page.fixture.ts';
import { sectionEntryLimit, type ProfilePage } from '../../../contract/profile-sections.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import SectionPanel from './SectionPanel.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

afterEach(cleanup);

const ownPageWithSkills = (count: number): ProfilePage => ({
  ...emptyProfilePage,
  skills: Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Skill ${i}`,
    endorsement_count: 0,
    endorsed_by_me: false,
    endorsers: [],
  })),
});

function renderSkills(count: number, locale: Locale = 'en_GB') {
  const noop = () => {};
  render(
    <SectionPanel
      section="skills"
      page={ownPageWithSkills(count)}
      locale={locale}
      // Only the keys the profile page ships: a missing one would show as the key itself.
      t={messagesTranslator(islandMessages(locale, 'profile/ProfileApp.tsx'))}
      languageName={(code) => code}
      onAdd={noop}
      onEdit={noop}
      onDelete={noop}
      onEndorse={noop}
    />,
  );
}

describe('a section at its entry limit (decision 157)', () => {
  it('offers to add while there is room', () => {
    renderSkills(sectionEntryLimit - 1);
    expect(screen.getByRole('button', { name: 'Add skill' })).toBeTruthy();
    expect(screen.queryByText(/entries at most/)).toBeNull();
  });

  it('says it is full instead of offering a form the server would refuse, in both languages', () => {
    renderSkills(sectionEntryLimit);
    expect(screen.queryByRole('button', { name: 'Add skill' })).toBeNull();
    expect(screen.getByText('Full: 100 entries at most. Remove one to add another.')).toBeTruthy();
    cleanup();
    renderSkills(sectionEntryLimit, 'uk_UA');
    expect(screen.getByText('Заповнено: щонайбільше 100 записів. Видаліть один, щоб додати новий.')).toBeTruthy();
  });
});
