// The careers pages' data: the signed-in person's job list, and the one job the details
// page shows. Islands read the atoms and call the actions; every write shows the job as the server
// answered it, so the page never shows a state the server does not hold.
import { atom } from 'nanostores';
import type {
  CareerDocument,
  CareerJob,
  ConfirmationRequestBody,
  EmploymentDetails,
  UpdateExperienceRequest,
} from '../../../contract/careers.ts';
import type { Employment } from '../../../contract/profile-sections.ts';
import type { WorkEmailCodeSent } from '../../../contract/work-email.ts';
import { deleteSectionItem } from '../api/profile-page-api.ts';
import * as careersApi from '../api/careers-api.ts';
import * as workEmailApi from '../api/work-email-api.ts';
import { saveBlob } from '../api/download-file.ts';
import type { UploadHandle } from '../api/request.ts';
import { expectOwnNotification } from '../base/own-notifications.ts';
import { myJobsKey, put, readAgain, serverData, writing } from './query.ts';

// The person's jobs are under one key, and each job's details under it: the realtime module names
// that key when one changes anywhere (a company's decision, leaving in another tab).
const jobKey = (jobId: number) => `${myJobsKey}/${jobId}`;

/** The person's job list, in the server's order: current jobs first. */
export const $careers = serverData<CareerJob[]>(myJobsKey, async () => (await careersApi.fetchCareers()).jobs);

/** Loads the job list again; rejects when the read fails (the list shown stays). */
export function loadCareers(): Promise<CareerJob[]> {
  return readAgain($careers);
}

/**
 * The person's own record of a job, for the profile's employment form: only a self-declared job is
 * theirs to change; a verified one is the company's word.
 */
export function ownRecordOf(job: CareerJob): Employment | null {
  const id = job.self_declared_id;
  if (job.verified || id === null) return null;
  return {
    id,
    position: job.position ?? '',
    company_name: job.company.name,
    start_date: job.start_date,
    end_date: job.end_date,
    is_current: job.is_current,
  };
}

/** Deletes one of the person's own jobs, then reloads the list. */
export async function deleteOwnJob(employmentId: number): Promise<void> {
  await deleteSectionItem('employments', employmentId);
  await loadCareers();
}

// ── One job: /employment-details/{id} ──

/** The job the page shows (its address's id), or null before it is known. */
const $shownJobId = atom<number | null>(null);

/** The job the page shows: `data` once read (kept while it is read again), `error` when the read failed. */
export const $employment = serverData<EmploymentDetails>([`${myJobsKey}/`, $shownJobId], (_, jobId) =>
  careersApi.fetchEmploymentDetails(Number(jobId)),
);

/** Shows one job and reads it (again); rejects when the read fails. An answer for a job the page no longer shows is not shown. */
export async function loadEmployment(jobId: number): Promise<void> {
  $shownJobId.set(jobId);
  await readAgain($employment, jobKey(jobId));
}

/**
 * The key the page reads a job under when `jobId` names it. The page's id (its address) and the
 * job's own id differ for a confirmed job opened at its self-declared id: either one names it (the
 * answer was dropped there, so a switch went back while its toast said it was saved).
 */
function shownKeyOf(jobId: number, job?: EmploymentDetails): string | undefined {
  const shownId = $shownJobId.get();
  if (shownId === null) return undefined;
  const shown = $employment.get().data;
  return shownId === jobId || shown?.id === jobId || (job && shown?.id === job.id) ? jobKey(shownId) : undefined;
}

/**
 * An owner write of a job: a read of the job the page shows that answers while it is under way reads
 * again after it, so the write's own answer, newer, is what shows.
 */
function owned<T>(jobId: number, call: () => Promise<T>): Promise<T> {
  const key = shownKeyOf(jobId);
  return writing(key ? [key] : [], call);
}

/** Shows a write's answer when the page shows that job. */
function showAnswer(jobId: number, job: EmploymentDetails): void {
  const key = shownKeyOf(jobId, job);
  if (key) put(key, job);
}

/** Runs an owner write that answers the job, and shows that answer. */
async function write(jobId: number, call: () => Promise<EmploymentDetails>): Promise<void> {
  showAnswer(jobId, await owned(jobId, call));
}

export const saveExperience = (jobId: number, input: UpdateExperienceRequest) =>
  write(jobId, () => careersApi.saveExperience(jobId, input));
export const setReviewVisibility = (jobId: number, reviewId: number, isPublic: boolean) =>
  write(jobId, () => careersApi.setReviewVisibility(jobId, reviewId, isPublic));
export const saveReviewReply = (jobId: number, reviewId: number, text: string) =>
  write(jobId, () => careersApi.saveReviewReply(jobId, reviewId, text));
export const deleteReviewReply = (jobId: number, reviewId: number) => write(jobId, () => careersApi.deleteReviewReply(jobId, reviewId));
export const setFinalFeedbackVisibility = (jobId: number, isPublic: boolean) =>
  write(jobId, () => careersApi.setFinalFeedbackVisibility(jobId, isPublic));
export const saveFinalFeedbackReply = (jobId: number, text: string) => write(jobId, () => careersApi.saveFinalFeedbackReply(jobId, text));
export const deleteFinalFeedbackReply = (jobId: number) => write(jobId, () => careersApi.deleteFinalFeedbackReply(jobId));

export const askConfirmation = (jobId: number, input: ConfirmationRequestBody) =>
  write(jobId, () => careersApi.askConfirmation(jobId, input));

/** Deletes a supporting document (the answer is empty), then reads the job again. */
export async function deleteDocument(jobId: number, documentId: number): Promise<void> {
  await careersApi.deleteDocument(jobId, documentId);
  await loadEmployment(jobId);
}

export type { UploadHandle };

/** Starts uploading a supporting document with its progress; once stored, the job is read again. */
export function uploadDocument(jobId: number, file: File, onProgress: (fraction: number) => void): UploadHandle<void> {
  const handle = careersApi.startDocumentUpload(jobId, file, onProgress);
  return { done: handle.done.then(() => loadEmployment(jobId)), cancel: handle.cancel };
}

/** Saves a document as a file; a failure is SPEC §8 'Failed to download file'. */
export function downloadDocument(document: CareerDocument): Promise<void> {
  return careersApi.downloadDocument(document);
}

/** A document's content, for showing an image as itself (SPEC §5). */
export function documentContent(document: CareerDocument): Promise<Blob> {
  return careersApi.fetchDocumentBlob(document);
}

/** Issues the job's verifiable credential and saves it as a file; answers the credential (a JWT). */
export async function downloadCredential(jobId: number, includeReview: boolean): Promise<string> {
  const issued = await careersApi.fetchCredential(jobId, includeReview);
  saveBlob(new Blob([issued.jwt], { type: 'application/vc+jwt' }), issued.file_name);
  return issued.jwt;
}

/**
 * Leaves the company; answers the day it takes effect (the next day, SPEC §4). The page says so with
 * its own toast, so the 'You left …' notification the server sends for it does not toast again here.
 */
export async function leaveCompany(jobId: number): Promise<string> {
  const shown = $employment.get().data;
  const companyId = shown && shownKeyOf(jobId) ? shown.company.id : null;
  const cancel = expectOwnNotification('left_company', companyId);
  try {
    const { leaves_on, job } = await owned(jobId, () => careersApi.leaveCompany(jobId));
    showAnswer(jobId, job);
    return leaves_on;
  } catch (error) {
    cancel();
    throw error;
  }
}

// A job's work email (decision 260): adding one or asking for a new code answers where it stands, which
// the open job shows at once; confirming and removing answer the whole job.
function showWorkEmail(jobId: number, sent: WorkEmailCodeSent): WorkEmailCodeSent {
  const key = shownKeyOf(jobId);
  const shown = $employment.get().data;
  if (key && shown) put(key, { ...shown, work_email: sent.work_email, work_email_domain: null });
  return sent;
}
export const addWorkEmail = async (jobId: number, email: string) =>
  showWorkEmail(jobId, await owned(jobId, () => workEmailApi.addWorkEmail(jobId, email)));
export const resendWorkEmailCode = async (jobId: number) =>
  showWorkEmail(jobId, await owned(jobId, () => workEmailApi.resendWorkEmailCode(jobId)));
export const confirmWorkEmail = (jobId: number, code: string) => write(jobId, () => workEmailApi.confirmWorkEmail(jobId, code));
export const removeWorkEmail = (jobId: number) => write(jobId, () => workEmailApi.removeWorkEmail(jobId));
