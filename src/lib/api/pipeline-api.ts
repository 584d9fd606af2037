// An opening's applicants on the company host (decision 262): the list, moving one to a
// stage, the company's notes and the document; typed by the contract.
import { z } from 'zod';
import { Applicant, ApplicationNote, pipelinePaths, type HireApplicantRequest } from '../../../contract/applications.ts';
import type { ApplicantsFilter } from '../../../contract/applicant-ranking.ts';
import { ApplicantsPage } from '../../../contract/jobs-pipeline.ts';
import { PipelineStage, stagePaths, type UpdateStageRequest } from '../../../contract/jobs-stages.ts';
import { ApplicationMessage, applicationMessagePaths } from '../../../contract/application-messages.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import { downloadFile } from './download-file.ts';
import type { ApiClient } from './request.ts';

const localeQuery = () => ({ locale: $locale.get() });

/** Which page: a board's column (`stage`), after `cursor`, `limit` applicants (decision 279). */
interface ApplicantsPageQuery {
  stage?: string;
  cursor?: string;
  limit?: number;
}

/** A page of the applicants the filter keeps, in its order (decisions 271, 279); empty values are left out of the address. */
export const fetchApplicants = async (
  companyId: number,
  openingId: number,
  filter: ApplicantsFilter = {},
  page: ApplicantsPageQuery = {},
  api: ApiClient = defaultApi,
) => {
  const query = Object.fromEntries(
    Object.entries({ ...filter, ...page })
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return (await api.get(pipelinePaths.applicants(companyId, openingId), { query, schema: dataEnvelope(ApplicantsPage) })).data;
};

const stagesEnvelope = dataEnvelope(z.array(PipelineStage));

/** The company's pipeline stages in its order (decision 279). */
export const fetchStages = async (companyId: number, api: ApiClient = defaultApi) =>
  (await api.get(stagePaths.stages(companyId), { schema: stagesEnvelope })).data;

export const addStage = async (companyId: number, name: string, api: ApiClient = defaultApi) =>
  (await api.post(stagePaths.stages(companyId), { json: { name }, query: localeQuery(), schema: stagesEnvelope })).data;

export const updateStage = async (companyId: number, key: string, change: UpdateStageRequest, api: ApiClient = defaultApi) =>
  (await api.put(stagePaths.stage(companyId, key), { json: change, query: localeQuery(), schema: stagesEnvelope })).data;

/** Removes a stage; its applications, if any, move to `moveTo` first. */
export const removeStage = async (companyId: number, key: string, moveTo?: string, api: ApiClient = defaultApi) =>
  (
    await api.delete(stagePaths.stage(companyId, key), {
      query: { ...localeQuery(), ...(moveTo ? { move_to: moveTo } : {}) },
      schema: stagesEnvelope,
    })
  ).data;

/** The member's own rating of an applicant, 1–5, or null to take it back. */
export const rateApplicant = async (companyId: number, applicationId: number, rating: number | null, api: ApiClient = defaultApi) =>
  (
    await api.put(pipelinePaths.rating(companyId, applicationId), {
      json: { rating },
      query: localeQuery(),
      schema: dataEnvelope(Applicant),
    })
  ).data;

export const moveApplicant = async (companyId: number, applicationId: number, stage: string, api: ApiClient = defaultApi) =>
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
