// The company's domains on the company host (decision 248): list, add, check now, remove,
// typed by the contract.
import { z } from 'zod';
import { CompanyDomain } from '../../../contract/company-domains.ts';
import { workspacePaths } from '../../../contract/company-routes.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { $locale } from '../base/page-locale.ts';
import { downloadFile } from './download-file.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

// POSTs carry the page's locale so violation titles come back in its language.
const localeQuery = () => ({ locale: $locale.get() });

export const fetchDomains = async (companyId: number, api: ApiClient = defaultApi) =>
  (await api.get(workspacePaths.domains(companyId), { schema: dataEnvelope(z.array(CompanyDomain)) })).data;

export const addDomain = async (companyId: number, domain: string, api: ApiClient = defaultApi) =>
  (await api.post(workspacePaths.domains(companyId), { json: { domain }, query: localeQuery(), schema: dataEnvelope(CompanyDomain) })).data;

export const checkDomain = async (companyId: number, domainId: number, api: ApiClient = defaultApi) =>
  (await api.post(workspacePaths.domainCheck(companyId, domainId), { query: localeQuery(), schema: dataEnvelope(CompanyDomain) })).data;

export const removeDomain = (companyId: number, domainId: number, api: ApiClient = defaultApi) =>
  api.delete(workspacePaths.domain(companyId, domainId));

/** Saves a verified domain's did-configuration.json (decision 258) as a file the browser downloads. */
export const downloadDidConfiguration = (companyId: number, domainId: number, api: ApiClient = defaultApi) =>
  downloadFile(workspacePaths.domainDidConfiguration(companyId, domainId), 'did-configuration.json', document, api);
