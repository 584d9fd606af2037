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
import { expectOwnNotification } from '../own-notifications.ts';
import { followJobChanges } from './job-changes.ts';

export interface CareersState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  jobs: CareerJob[] | null;
}

export const $careers = atom<CareersState>({ status: 'idle', jobs: null });

/** Loads (again) the person's job list, in the server's order: current jobs first. */
export async function loadCareers(): Promise<void> {
  const previous = $careers.get().jobs;
  $careers.set({ status: previous ? 'ready' : 'loading', jobs: previous });
  try {
    $careers.set({ status: 'ready', jobs: (await careersApi.fetchCareers()).jobs });
  } catch (error) {
    if (!$careers.get().jobs) $careers.set({ status: 'failed', jobs: null });
    throw error;
  }
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

export interface EmploymentState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  jobId: number | null;
  job: EmploymentDetails | null;
  error: unknown;
}

export const $employment = atom<EmploymentState>({ status: 'idle', jobId: null, job: null, error: null });

// Owner writes started so far, and those not yet answered. A read that began before a write, or
// while one was under way, may answer the job as it was before the write (a live update's read
// crossing a click on a switch): its answer is dropped, as the write's own answer is newer and shows
//.
let writesStarted = 0;
let writesOpen = 0;

async function owned<T>(call: () => Promise<T>): Promise<T> {
  writesStarted += 1;
  writesOpen += 1;
  try {
    return await call();
  } finally {
    writesOpen -= 1;
  }
}

// Reads started so far: only the latest read's answer shows, so two live updates in a row whose
// answers cross never leave the older one on the page.
let readsStarted = 0;

/** Loads (again) one job; another job's answer arriving late, an older read's, or one older than a write's, is dropped. */
export async function loadEmployment(jobId: number): Promise<void> {
  const current = $employment.get();
  const keep = current.jobId === jobId ? current.job : null;
  $employment.set({ status: keep ? 'ready' : 'loading', jobId, job: keep, error: null });
  const writesBefore = writesOpen > 0 ? -1 : writesStarted;
  const read = ++readsStarted;
  try {
    const job = await careersApi.fetchEmploymentDetails(jobId);
    if ($employment.get().jobId === jobId && writesStarted === writesBefore && read === readsStarted)
      $employment.set({ status: 'ready', jobId, job, error: null });
  } catch (error) {
    if ($employment.get().jobId === jobId && !$employment.get().job) $employment.set({ status: 'failed', jobId, job: null, error });
    throw error;
  }
}

/**
 * Shows a write's answer when the page shows that job. The page's id (its address) and the job's own
 * id differ for a confirmed job opened at its self-declared id: either one names it (the answer was dropped
 * there, so a switch went back while its toast said it was saved).
 */
function showAnswer(jobId: number, job: EmploymentDetails): void {
  const current = $employment.get();
  if (current.jobId === jobId || current.job?.id === jobId || job.id === current.job?.id)
    $employment.set({ status: 'ready', jobId: current.jobId, job, error: null });
}

/** Runs an owner write that answers the job, and shows that answer. */
async function write(jobId: number, call: () => Promise<EmploymentDetails>): Promise<void> {
  showAnswer(jobId, await owned(call));
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
  const { jobId: shownId, job: shown } = $employment.get();
  const companyId = shown && (shownId === jobId || shown.id === jobId) ? shown.company.id : null;
  const cancel = expectOwnNotification('left_company', companyId);
  try {
    const { leaves_on, job } = await owned(() => careersApi.leaveCompany(jobId));
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
  const current = $employment.get();
  if (current.job && (current.jobId === jobId || current.job.id === jobId)) {
    $employment.set({ ...current, job: { ...current.job, work_email: sent.work_email, work_email_domain: null } });
  }
  return sent;
}
export const addWorkEmail = async (jobId: number, email: string) =>
  showWorkEmail(jobId, await owned(() => workEmailApi.addWorkEmail(jobId, email)));
export const resendWorkEmailCode = async (jobId: number) =>
  showWorkEmail(jobId, await owned(() => workEmailApi.resendWorkEmailCode(jobId)));
export const confirmWorkEmail = (jobId: number, code: string) => write(jobId, () => workEmailApi.confirmWorkEmail(jobId, code));
export const removeWorkEmail = (jobId: number) => write(jobId, () => workEmailApi.removeWorkEmail(jobId));

// Live: when a company hires, confirms, declines, reviews, changes or ends a job of
// the person's, or they leave in another tab, the list and the open job are read again.
followJobChanges(() => {
  const reads: Promise<void>[] = [];
  if ($careers.get().jobs) reads.push(loadCareers());
  const { jobId, job } = $employment.get();
  if (jobId !== null && job) reads.push(loadEmployment(jobId));
  return reads.length ? Promise.all(reads) : undefined;
});
