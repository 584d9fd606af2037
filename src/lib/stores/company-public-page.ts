// The company's public brand page settings in the workspace (decision 211): read when the
// card first shows, and read again when the company's channel says the workspace changed (another
// owner or admin saved them). Saving and checking an address are company-public-page-save.ts's,
// loaded with the form: the brand tab's first load stays within its budget.
import { atom } from 'nanostores';
import type { CompanyPublicPageSettings } from '../../../contract/companies.ts';
import { fetchPublicPageSettings } from '../api/company-api.ts';
import { companyId, followWorkspaceList, guarded } from './workspace.ts';
import { latestRead } from './latest-read.ts';

/** The settings once read; null before. */
export const $companyPublicPage = atom<CompanyPublicPageSettings | null>(null);

/** Reads the settings; only the latest read's answer is kept (src/lib/stores/latest-read.ts). */
export const refreshCompanyPublicPage = latestRead($companyPublicPage, () => guarded(() => fetchPublicPageSettings(companyId())));

followWorkspaceList('workspace', { isShown: refreshCompanyPublicPage.asked, read: refreshCompanyPublicPage });
