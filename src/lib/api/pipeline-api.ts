// An opening's applicants on the company host (decision 262): the list, moving one to a
// stage, the company's notes and the document; typed by the contract.
import { z } from 'zod';
import {
  Applicant,
  ApplicationNote,
  pipelinePaths,
  type ApplicationStage,
  type HireApplicantRequest,
} from '../../../contract/applications.ts';
import type { ApplicantsFilter } from '../../../contract/applicant-ranking.ts';
import { ApplicationMessage, applicationMessagePaths } from '../../../contract/application-messages.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { $locale } from '../page-locale.ts';
import { api as defaultApi } from './client.ts';
import { downloadFile } from './download-file.ts';
import type { ApiClient } from './request.ts';

const localeQuery = () => ({ locale: $locale.get() });

/** The applicants the filter keeps, in its order (decision 271); empty values are left out of the address. */
export const fetchApplicants = async (companyId: number, openingId: number, filter: ApplicantsFilter = {}, api: ApiClient = defaultApi) => {
  const query = Object.fromEntries(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return (await api.get(pipelinePaths.applicants(companyId, openingId), { query, schema: dataEnvelope(z.array(Applicant)) })).data;
};

/** The member's own rating of an applicant, 1–5, or null to take it back. */
export const rateApplicant = async (companyId: number, applicationId: number, rating: number | null, api: ApiClient = defaultApi) =>
  (
    await api.put(pipelinePaths.rating(companyId, applicationId), {
      json: { rating },
      query: localeQuery(),
      schema: dataEnvelope(Applicant),
    })
  ).data;

export const moveApplicant = async (companyId: number, applicationId: number, stage: ApplicationStage, api: ApiClient = defaultApi) =>
  (await api.put(pipelinePaths.stage(companyId, applicationId), { json: { stage }, query: localeQuery(), schema: dataEnvelope(Applicant) }))
    .data;

export const fetchNotes = async (companyId: number, applicationId: number, api: ApiClient = defaultApi) =>
  (await api.get(pipelinePaths.notes(companyId, applicationId), { schema: dataEnvelope(z.array(ApplicationNote)) })).data;

export const addNote = async (companyId: number, applicationId: number, body: string, api: ApiClient = defaultApi) =>
  (
    await api.post(pipelinePaths.notes(companyId, applicationId), {
      json: { body },
      query: localeQuery(),
      schema: dataEnvelope(z.array(ApplicationNote)),
    })
  ).data;

export const downloadApplicationDocument = (companyId: number, applicationId: number, name: string) =>
  downloadFile(pipelinePaths.document(companyId, applicationId), name);

export const hireApplicant = async (companyId: number, applicationId: number, input: HireApplicantRequest, api: ApiClient = defaultApi) =>
  (await api.post(pipelinePaths.hire(companyId, applicationId), { json: input, query: localeQuery(), schema: dataEnvelope(Applicant) }))
    .data;

/** The conversation with the applicant (decision 271). */
export const fetchMessages = async (companyId: number, applicationId: number, api: ApiClient = defaultApi) =>
  (await api.get(applicationMessagePaths.company(companyId, applicationId), { schema: dataEnvelope(z.array(ApplicationMessage)) })).data;

export const sendMessage = async (companyId: number, applicationId: number, body: string, api: ApiClient = defaultApi) =>
  (
    await api.post(applicationMessagePaths.company(companyId, applicationId), {
      json: { body },
      query: localeQuery(),
      schema: dataEnvelope(z.array(ApplicationMessage)),
    })
  ).data;
