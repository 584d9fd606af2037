// Careers calls (contract/careers.ts): the person's job list and one job's details with its
// owner-only writes, and the company workspace's employment screens. Typed by the contract.
import { z } from 'zod';
import {
  CompanySuggestions,
  CareerDocument,
  CareersResponse,
  careersPaths,
  companyCareersPaths,
  EmploymentDetails,
  LeaveResponse,
  type ConfirmationRequestBody,
  type UpdateExperienceRequest,
} from '../../../contract/careers.ts';
import {
  CompanyEmployment,
  CompanyEmploymentDetails,
  Competency,
  ConfirmationRequestView,
  type EndOfCollaborationRequest,
  type HireRequest,
  type ReviewRoundRequest,
  type SaveCompetencyRequest,
  type UpdateEmploymentRequest,
} from '../../../contract/careers-company.ts';
import { credentialPaths, IssuedCredential } from '../../../contract/credentials.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import { downloadFile } from './download-file.ts';
import type { ApiClient, UploadHandle } from './request.ts';

// Writes carry the page's locale so violation titles come back in its language.
const localeQuery = () => ({ locale: $locale.get() });
const data = async <T>(call: Promise<{ data: T }>): Promise<T> => (await call).data;

// ── The person ──

/** The current credential of a company-verified job, issued now if none is current. */
export const fetchCredential = (jobId: number, includeReview: boolean, api: ApiClient = defaultApi) =>
  data(
    api.post(credentialPaths.credential(jobId), {
      json: { include_review: includeReview },
      query: localeQuery(),
      schema: dataEnvelope(IssuedCredential),
    }),
  );

export const fetchCareers = (api: ApiClient = defaultApi) => data(api.get(careersPaths.jobs, { schema: dataEnvelope(CareersResponse) }));

/** Registered companies whose name contains `typed`, for the job form. */
export const fetchCompanySuggestions = (typed: string, api: ApiClient = defaultApi, signal?: AbortSignal) =>
  data(
    api.get(careersPaths.companySuggestions, {
      query: { q: typed },
      schema: dataEnvelope(CompanySuggestions),
      ...(signal ? { signal } : {}),
    }),
  );

export const fetchEmploymentDetails = (jobId: number, api: ApiClient = defaultApi) =>
  data(api.get(careersPaths.job(jobId), { schema: dataEnvelope(EmploymentDetails) }));

const Job = dataEnvelope(EmploymentDetails);

/** Every owner write answers the job as it now stands. */
export const saveExperience = (jobId: number, input: UpdateExperienceRequest, api: ApiClient = defaultApi) =>
  data(api.put(careersPaths.experience(jobId), { json: input, query: localeQuery(), schema: Job }));

export const setReviewVisibility = (jobId: number, reviewId: number, isPublic: boolean, api: ApiClient = defaultApi) =>
  data(api.put(careersPaths.reviewVisibility(jobId, reviewId), { json: { is_public: isPublic }, schema: Job }));

export const saveReviewReply = (jobId: number, reviewId: number, text: string, api: ApiClient = defaultApi) =>
  data(api.put(careersPaths.reviewReply(jobId, reviewId), { json: { text }, query: localeQuery(), schema: Job }));

export const deleteReviewReply = (jobId: number, reviewId: number, api: ApiClient = defaultApi) =>
  data(api.delete(careersPaths.reviewReply(jobId, reviewId), { schema: Job }));

export const setFinalFeedbackVisibility = (jobId: number, isPublic: boolean, api: ApiClient = defaultApi) =>
  data(api.put(careersPaths.finalFeedbackVisibility(jobId), { json: { is_public: isPublic }, schema: Job }));

export const saveFinalFeedbackReply = (jobId: number, text: string, api: ApiClient = defaultApi) =>
  data(api.put(careersPaths.finalFeedbackReply(jobId), { json: { text }, query: localeQuery(), schema: Job }));

export const deleteFinalFeedbackReply = (jobId: number, api: ApiClient = defaultApi) =>
  data(api.delete(careersPaths.finalFeedbackReply(jobId), { schema: Job }));

/** Asks the registered company of a self-declared job to confirm it; answers the job. */
export const askConfirmation = (jobId: number, input: ConfirmationRequestBody, api: ApiClient = defaultApi) =>
  data(api.post(careersPaths.confirmation(jobId), { json: input, query: localeQuery(), schema: Job }));

export const leaveCompany = (jobId: number, api: ApiClient = defaultApi) =>
  data(api.post(careersPaths.leave(jobId), { schema: dataEnvelope(LeaveResponse) }));

/** Starts uploading a supporting document; `onProgress` gets 0..1 as bytes leave the browser. */
export function startDocumentUpload(
  jobId: number,
  file: File,
  onProgress: (fraction: number) => void,
  api: ApiClient = defaultApi,
): UploadHandle<{ data: CareerDocument }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload(careersPaths.documents(jobId), form, { schema: dataEnvelope(CareerDocument), onProgress });
}

export async function deleteDocument(jobId: number, documentId: number, api: ApiClient = defaultApi): Promise<void> {
  await api.delete(careersPaths.document(jobId, documentId));
}

/** Saves a document as a file; a failure is SPEC §8 'Failed to download file'. */
export const downloadDocument = (document: CareerDocument, api: ApiClient = defaultApi) =>
  downloadFile(document.download_path, document.name, globalThis.document, api);

/** A document's content for showing it on the page (an image shows itself, SPEC §5). */
export const fetchDocumentBlob = (document: CareerDocument, api: ApiClient = defaultApi) => api.download(document.download_path);

// ── The company workspace ──

export const fetchCompanyEmployments = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(companyCareersPaths.employments(companyId), { schema: dataEnvelope(z.array(CompanyEmployment)) }));

export const fetchCompanyEmployment = (companyId: number, employmentId: number, api: ApiClient = defaultApi) =>
  data(api.get(companyCareersPaths.employment(companyId, employmentId), { schema: dataEnvelope(CompanyEmploymentDetails) }));

const Managed = dataEnvelope(CompanyEmploymentDetails);

/** Every write on an employment answers it as it now stands. */
export const hire = (companyId: number, input: HireRequest, api: ApiClient = defaultApi) =>
  data(api.post(companyCareersPaths.employments(companyId), { json: input, query: localeQuery(), schema: Managed }));

export const updateEmployment = (companyId: number, employmentId: number, input: UpdateEmploymentRequest, api: ApiClient = defaultApi) =>
  data(api.put(companyCareersPaths.employment(companyId, employmentId), { json: input, query: localeQuery(), schema: Managed }));

/** Confirms the person's name as their profile shows it now (`name`: the name the member saw). */
export const confirmName = (companyId: number, employmentId: number, name: string, api: ApiClient = defaultApi) =>
  data(api.put(companyCareersPaths.confirmedName(companyId, employmentId), { json: { name }, query: localeQuery(), schema: Managed }));

export const addReviewRound = (companyId: number, employmentId: number, input: ReviewRoundRequest, api: ApiClient = defaultApi) =>
  data(api.post(companyCareersPaths.reviews(companyId, employmentId), { json: input, query: localeQuery(), schema: Managed }));

export const saveEndOfCollaboration = (
  companyId: number,
  employmentId: number,
  input: EndOfCollaborationRequest,
  api: ApiClient = defaultApi,
) => data(api.put(companyCareersPaths.endOfCollaboration(companyId, employmentId), { json: input, query: localeQuery(), schema: Managed }));

export const fetchCompetencies = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(companyCareersPaths.competencies(companyId), { schema: dataEnvelope(z.array(Competency)) }));

export async function saveCompetency(
  companyId: number,
  input: SaveCompetencyRequest,
  competencyId?: number,
  api: ApiClient = defaultApi,
): Promise<void> {
  if (competencyId === undefined) await api.post(companyCareersPaths.competencies(companyId), { json: input, query: localeQuery() });
  else await api.put(companyCareersPaths.competency(companyId, competencyId), { json: input, query: localeQuery() });
}

export async function retireCompetency(companyId: number, competencyId: number, api: ApiClient = defaultApi): Promise<void> {
  await api.delete(companyCareersPaths.competency(companyId, competencyId));
}

export const fetchConfirmations = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(companyCareersPaths.confirmations(companyId), { schema: dataEnvelope(z.array(ConfirmationRequestView)) }));

export async function decideConfirmation(
  companyId: number,
  requestId: number,
  decision: 'confirm' | 'decline',
  api: ApiClient = defaultApi,
): Promise<void> {
  await api.post(companyCareersPaths.confirmationDecision(companyId, requestId), { json: { decision }, query: localeQuery() });
}
