// @vitest-environment happy-dom
// A workspace list keeps only its latest read's answer: a tab's read that began before a change and
// answered after the live event's read must not put the list back as it was (commit 2373330).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyInvitation, Workspace } from '../../../contract/companies.ts';
import * as companyApi from '../api/company-api.ts';
import { $access, $invitations, $workspace, applyCompanyChange, refreshInvitations } from './workspace.ts';

vi.mock('../api/company-api.ts');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const invitation = (id: number) => ({ id, email: `person${id}@example.test` }) as unknown as CompanyInvitation;

afterEach(() => {
  vi.resetAllMocks();
  $invitations.set(null);
  $workspace.set(null);
});

describe('a workspace list read twice', () => {
  it('keeps the second read when the first answers last', async () => {
    $workspace.set({ company: { id: 3 } } as unknown as Workspace);
    const before = deferred<CompanyInvitation[]>();
    const after = deferred<CompanyInvitation[]>();
    vi.mocked(companyApi.fetchInvitations).mockReturnValueOnce(before.promise).mockReturnValueOnce(after.promise);

    const tabRead = refreshInvitations();
    const liveRead = refreshInvitations();
    after.resolve([invitation(1), invitation(2)]);
    await liveRead;
    before.resolve([invitation(1)]);
    await tabRead;

    expect($invitations.get()?.map((item) => item.id)).toEqual([1, 2]);
    expect(companyApi.fetchInvitations).toHaveBeenCalledWith(3);
  });

  it('keeps each read that answers in order', async () => {
    $workspace.set({ company: { id: 3 } } as unknown as Workspace);
    vi.mocked(companyApi.fetchInvitations)
      .mockResolvedValueOnce([invitation(1)])
      .mockResolvedValueOnce([]);
    await refreshInvitations();
    expect($invitations.get()?.map((item) => item.id)).toEqual([1]);
    await refreshInvitations();
    expect($invitations.get()).toEqual([]);
  });

  it('reads again for a live event that comes while the tab’s first read is under way', async () => {
    $workspace.set({ company: { id: 3 }, permissions: ['invitations.view'] } as unknown as Workspace);
    $access.set('granted');
    const before = deferred<CompanyInvitation[]>();
    vi.mocked(companyApi.fetchInvitations)
      .mockReturnValueOnce(before.promise)
      .mockResolvedValueOnce([invitation(1), invitation(2)]);

    const tabRead = refreshInvitations();
    const live = applyCompanyChange(['invitations']);
    before.resolve([invitation(1)]);
    await Promise.all([tabRead, live]);

    expect(companyApi.fetchInvitations).toHaveBeenCalledTimes(2);
    expect($invitations.get()?.map((item) => item.id)).toEqual([1, 2]);
  });
});
