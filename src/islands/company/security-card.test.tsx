// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://company.localhost:4321/"}
// Switching on 'Require two-step sign-in for owners and admins' first lists the owners
// and admins it would sign out and asks; cancelling changes nothing, confirming saves. Nobody affected:
// no question.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import * as workspace from '../../lib/stores/workspace.ts';
import SecurityCard from './SecurityCard.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/workspace.ts', () => ({ ruleAffected: vi.fn(), saveCompanySecurity: vi.fn() }));
const affected = vi.mocked(workspace.ruleAffected);
const save = vi.mocked(workspace.saveCompanySecurity);

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

function show(locale: Locale) {
  const t = messagesTranslator(islandMessages(locale, 'company/SecurityCard.tsx'));
  render(<SecurityCard requireTwoFactor={false} localePrefix="" locale={locale} t={t} />);
  return t;
}

const people = [
  { member_id: 4, name: 'Taras Hnatiuk', role: 'admin' as const },
  { member_id: 5, name: 'Olena Kovalenko', role: 'owner' as const },
];

describe('switching the two-step rule on', () => {
  it('names who would be signed out and saves only once confirmed, in English', async () => {
    affected.mockResolvedValue(people);
    save.mockResolvedValue(undefined);
    show('en_GB');
    fireEvent.click(screen.getByRole('switch'));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Require two-step sign-in?');
    expect(dialog.textContent).toContain('Taras Hnatiuk (Admin)');
    expect(dialog.textContent).toContain('Olena Kovalenko (Owner)');
    expect(save).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Require it' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(true));
  });

  it('changes nothing when cancelled, in Ukrainian', async () => {
    affected.mockResolvedValue(people);
    const t = show('uk_UA');
    fireEvent.click(screen.getByRole('switch'));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Вимагати двоетапний вхід?');
    expect(dialog.textContent).toContain('Їхні сеанси в робочому просторі завершаться зараз');
    fireEvent.click(screen.getByRole('button', { name: t('company.cancel') }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(save).not.toHaveBeenCalled();
  });

  it('asks nothing when nobody would be signed out', async () => {
    affected.mockResolvedValue([]);
    save.mockResolvedValue(undefined);
    show('en_GB');
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
