// The company's public brand page settings in the workspace (decision 211): read when the
// card first shows, and read again when the company's channel says the workspace changed (another
// owner or admin saved them): they are under the workspace's key. Saving and checking an address are
// company-public-page-save.ts's, loaded with the form: the brand tab's first load stays within its budget.
import { fetchPublicPageSettings } from '../api/company-api.ts';
import { readAgain } from './query.ts';
import { companyKey, companyList } from './workspace.ts';

/** The settings: `data` once read. */
export const $companyPublicPage = companyList('workspace/public_page', fetchPublicPageSettings);

/** Reads the settings again; rejects when the read fails. */
export const refreshCompanyPublicPage = () => readAgain($companyPublicPage, companyKey('workspace/public_page'));
