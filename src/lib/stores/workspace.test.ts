// @vitest-environment happy-dom
// A workspace list keeps only its latest read's answer: a tab's read that began before a change and
// answered after the live event's read must not put the list back as it was (commit 2373330). The
// lists are fetcher stores of the one path (query.ts); these are its races as the workspace meets them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyInvitation, Workspace } from '../../../contract/companies.ts';
import * as companyApi from '../api/company-api.ts';
import { applyToken } from './session.ts';
import { $access, $invitations, $workspace, applyCompanyChange, refreshInvitations } from './workspace.ts';

vi.mock('../api/company-api.ts');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const invitation = (id: number) => ({ id, email: `person${id}@example.test` }) as unknown as CompanyInvitation;
const shown = () => $invitations.get().data?.map((item) => item.id);
let company = 0;

/** A fresh company (its own keys) whose workspace the page is in. */
function enterCompany(): void {
  company += 1;
  applyToken(`token-${company}`);
  $workspace.set({ company: { id: company }, permissions: ['invitations.view'] } as unknown as Workspace);
  $access.set('granted');
}

/** Enters a fresh company whose invitations the page shows, as the workspace island does; answers the way to hide them. */
function showInvitations(): () => void {
  enterCompany();
  return $invitations.listen(() => undefined);
}

afterEach(() => {
  vi.resetAllMocks();
  $access.set('checking');
  $workspace.set(null);
});

describe('a workspace list read twice', () => {
  it('keeps the live event’s answer when the tab’s earlier read answers last', async () => {
    const before = deferred<CompanyInvitation[]>();
    const after = deferred<CompanyInvitation[]>();
    vi.mocked(companyApi.fetchInvitations).mockReturnValueOnce(before.promise).mockReturnValueOnce(after.promise);
    const hide = showInvitations();

    const tabRead = refreshInvitations();
    await vi.waitFor(() => expect(companyApi.fetchInvitations).toHaveBeenCalledTimes(1));
    const live = applyCompanyChange(['invitations']);
    before.resolve([invitation(1)]);
    await vi.waitFor(() => expect(companyApi.fetchInvitations).toHaveBeenCalledTimes(2));
    after.resolve([invitation(1), invitation(2)]);
    await Promise.all([tabRead, live]);

    expect(shown()).toEqual([1, 2]);
    expect(companyApi.fetchInvitations).toHaveBeenCalledWith(company);
    hide();
  });

  it('keeps each read that answers in order', async () => {
    vi.mocked(companyApi.fetchInvitations)
      .mockResolvedValueOnce([invitation(1)])
      .mockResolvedValueOnce([]);
    const hide = showInvitations();
    await refreshInvitations();
    expect(shown()).toEqual([1]);
    await refreshInvitations();
    expect(shown()).toEqual([]);
    hide();
  });

  it('reads again for a live event that comes while the tab’s first read is under way', async () => {
    const first = deferred<CompanyInvitation[]>();
    vi.mocked(companyApi.fetchInvitations)
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce([invitation(1), invitation(2)]);
    const hide = showInvitations();

    const tabRead = refreshInvitations();
    await vi.waitFor(() => expect(companyApi.fetchInvitations).toHaveBeenCalledTimes(1));
    const live = applyCompanyChange(['invitations']);
    first.resolve([invitation(1)]);
    await Promise.all([tabRead, live]);

    expect(companyApi.fetchInvitations).toHaveBeenCalledTimes(2);
    expect(shown()).toEqual([1, 2]);
    hide();
  });

  it('reads nothing for a live event about a list the page does not show, and reads it when shown', async () => {
    vi.mocked(companyApi.fetchInvitations).mockResolvedValue([invitation(3)]);
    enterCompany();
    await applyCompanyChange(['invitations']);
    expect(companyApi.fetchInvitations).not.toHaveBeenCalled();
    const hide = $invitations.listen(() => undefined);
    await vi.waitFor(() => expect(shown()).toEqual([3]));
    hide();
  });
});
