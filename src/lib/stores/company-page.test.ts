// A company's public page through the one path (decision 236): asking to join shows the request
// pending (the page is read again), and an answer for a company no longer shown never shows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyPublicPage } from '../../../contract/companies.ts';
import * as api from '../api/company-api.ts';
import { $companyPage, askToJoin, loadCompanyPage } from './company-page.ts';
import { forgetServerData } from './query.ts';

vi.mock('../api/company-api.ts', () => ({ fetchCompanyPublicPage: vi.fn(), askToJoin: vi.fn() }));

const pageOf = (id: number, join_request: CompanyPublicPage['join_request'] = null) =>
  ({ company: { id, name: `Company ${id}` }, is_member: false, join_request }) as CompanyPublicPage;

afterEach(() => {
  vi.resetAllMocks();
  forgetServerData();
});

describe("a company's public page", () => {
  it('shows the request pending once the person asked to join', async () => {
    const pending = { status: 'pending' } as NonNullable<CompanyPublicPage['join_request']>;
    vi.mocked(api.fetchCompanyPublicPage).mockResolvedValueOnce(pageOf(3)).mockResolvedValueOnce(pageOf(3, pending));
    vi.mocked(api.askToJoin).mockResolvedValue(undefined as never);
    const stop = $companyPage.listen(() => undefined);
    await loadCompanyPage(3);
    expect($companyPage.get().data?.join_request).toBeNull();
    await askToJoin(3, 'Hello');
    expect(api.askToJoin).toHaveBeenCalledWith(3, 'Hello');
    expect($companyPage.get().data?.join_request).toEqual(pending);
    stop();
  });

  it('drops the answer for a company no longer shown, even when it arrives last', async () => {
    let answerFirst: (page: CompanyPublicPage) => void = () => undefined;
    vi.mocked(api.fetchCompanyPublicPage).mockImplementation((id) =>
      id === 3 ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve(pageOf(id)),
    );
    const stop = $companyPage.listen(() => undefined);
    const first = loadCompanyPage(3);
    await vi.waitFor(() => expect(api.fetchCompanyPublicPage).toHaveBeenCalledWith(3));
    await loadCompanyPage(8);
    answerFirst(pageOf(3));
    await first;
    expect($companyPage.get().data?.company.id).toBe(8);
    stop();
  });
});
