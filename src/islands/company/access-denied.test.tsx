// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://company.localhost:4321/"}
// Decision 243: when the company session ended, the workspace says why and where in
// the person's language, not a guess at removal. A 403 never ends the page (the owner's own 'turn
// two-step on first' is one): the server ends a session its rule refuses and answers 401 with why.
// Without a reason, the old 'Access denied' stays.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '../../../contract/companies.ts';
import type { CompanySessionEndReason } from '../../../contract/company-sessions.ts';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import * as companyApi from '../../lib/api/company-api.ts';
import { $access, $accessEnded, $workspace, enterWithCode, loadWorkspace, refreshMembers } from '../../lib/stores/workspace.ts';
import { applyToken, discardToken } from '../../lib/stores/session.ts';
import AccessDenied from './AccessDenied.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/api/company-api.ts');

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
  $access.set('checking');
  $accessEnded.set(null);
  $workspace.set(null);
});

const ended = (reason: CompanySessionEndReason) =>
  new ApiError({
    status: 401,
    method: 'GET',
    path: '/api/company/session',
    message: 'ended',
    code: 'company_session_ended',
    sessionEnd: { reason, companyName: 'Northwind Studio' },
  });

function show(locale: Locale) {
  const t = messagesTranslator(islandMessages(locale, 'company/AccessDenied.tsx'));
  render(<AccessDenied t={t} profileHref="/profile" />);
}

describe('the workspace after its session ended', () => {
  it('says the company now requires two-step for owners and admins, in English and Ukrainian, with the way back to the profile', async () => {
    // The server's own answer for this (see server/companies/session-endings.test.ts).
    applyToken('company-token');
    vi.mocked(companyApi.fetchSessionWorkspace).mockRejectedValue(ended('two_step_required'));
    await loadWorkspace();
    expect($access.get()).toBe('denied');
    show('en_GB');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signed out of Northwind Studio');
    expect(screen.getByText(/^You were signed out of Northwind Studio because the company now requires two-step sign-in/)).toBeTruthy();
    expect(screen.queryByText(/removed from the company/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my profile' }).getAttribute('href')).toBe('/profile');
    cleanup();
    show('uk_UA');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Сеанс у компанії «Northwind Studio» завершено');
    expect(screen.getByText(/компанія тепер вимагає двоетапного входу від власників і адміністраторів/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Повернутися до мого профілю' })).toBeTruthy();
  });

  it.each(['signed_out', 'password_changed', 'two_step_turned_on', 'removed', 'left', 'expired'] as const)(
    'names the company for %s in both languages',
    async (reason) => {
      $accessEnded.set({ reason, companyName: 'Northwind Studio' });
      for (const locale of ['en_GB', 'uk_UA'] as const) {
        show(locale);
        expect(screen.getByRole('alert').textContent).toContain('Northwind Studio');
        cleanup();
      }
    },
  );

  it('turns the page to the reason when a list read answers that the session ended; a 403 (the owner’s own “turn two-step on first”) does not', async () => {
    $workspace.set({ company: { id: 3, name: 'Northwind Studio' }, permissions: [] } as unknown as Workspace);
    $access.set('granted');
    vi.mocked(companyApi.fetchMembers).mockRejectedValueOnce(
      new ApiError({ status: 403, method: 'GET', path: '/x', message: 'rule', code: 'two_factor_required' }),
    );
    await expect(refreshMembers()).rejects.toBeInstanceOf(ApiError);
    expect($access.get()).toBe('granted');
    vi.mocked(companyApi.fetchMembers).mockRejectedValueOnce(ended('removed'));
    await expect(refreshMembers()).rejects.toBeInstanceOf(ApiError);
    expect($access.get()).toBe('denied');
    expect($accessEnded.get()).toEqual({ reason: 'removed', companyName: 'Northwind Studio' });
  });

  it('still says why after a reload (the token is gone by then), until a new hand-over', async () => {
    applyToken('company-token');
    vi.mocked(companyApi.fetchSessionWorkspace).mockRejectedValue(ended('expired'));
    await loadWorkspace();
    $accessEnded.set(null);
    // The reloaded page has no token: it asks nothing and says what this tab last heard.
    await loadWorkspace();
    expect($accessEnded.get()).toEqual({ reason: 'expired', companyName: 'Northwind Studio' });
    vi.mocked(companyApi.exchangeHandoff).mockResolvedValue({
      token: 'new',
      workspace: { company: { id: 3, name: 'Northwind Studio' } } as unknown as Workspace,
    });
    await enterWithCode('code');
    expect($accessEnded.get()).toBeNull();
    $access.set('checking');
    discardToken();
    await loadWorkspace();
    expect($accessEnded.get()).toBeNull();
  });

  it('keeps the plain Access denied when the answer gave no reason', async () => {
    sessionStorage.clear();
    applyToken('company-token');
    vi.mocked(companyApi.fetchSessionWorkspace).mockRejectedValue(
      new ApiError({ status: 401, method: 'GET', path: '/x', message: 'no', code: 'unauthenticated' }),
    );
    await loadWorkspace();
    show('en_GB');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Access denied');
  });
});
