// An opening's applicants in the workspace (decision 262): read when its pipeline opens;
// a stage move puts what the server answered in the list; notes are read and written per applicant.
// Live: the company channel's 'applications' (a new application, a move, a hire, a note, a withdrawal,
// by anyone) reads the open pipeline again, so every member looking at it sees the same list.
import { atom } from 'nanostores';
import type { ApplicantsFilter } from '../../../contract/applicant-ranking.ts';
import type { ApplicationMessage } from '../../../contract/application-messages.ts';
import type { Applicant, ApplicationNote, ApplicationStage, HireApplicantRequest } from '../../../contract/applications.ts';
import * as pipelineApi from '../api/pipeline-api.ts';
import { companyId, followWorkspaceList, guarded } from './workspace.ts';

/** The applicants of the opening whose pipeline is open (kept and ordered by its filter), or null while they load. */
export const $applicants = atom<{ openingId: number; filter: ApplicantsFilter; list: readonly Applicant[] } | null>(null);

/** The opening whose pipeline is open, its filter and the latest read of it: an older or unwanted answer is dropped. */
let wanted: { openingId: number; filter: ApplicantsFilter; read: number } | null = null;
let reads = 0;

export async function loadApplicants(openingId: number, filter: ApplicantsFilter = {}): Promise<void> {
  if ($applicants.get()?.openingId !== openingId) $applicants.set(null);
  const read = ++reads;
  wanted = { openingId, filter, read };
  const list = await guarded(() => pipelineApi.fetchApplicants(companyId(), openingId, filter));
  if (wanted?.openingId === openingId && wanted.read === read) $applicants.set({ openingId, filter, list });
}

/** The pipeline closed: the channel's news no longer reads it. */
export function closeApplicants(): void {
  wanted = null;
  $applicants.set(null);
}

followWorkspaceList('applications', {
  isShown: () => wanted !== null,
  read: async () => {
    if (wanted) await loadApplicants(wanted.openingId, wanted.filter);
  },
});

function put(applicant: Applicant) {
  const current = $applicants.get();
  if (current) $applicants.set({ ...current, list: current.list.map((a) => (a.id === applicant.id ? applicant : a)) });
}

export async function moveApplicant(applicationId: number, stage: ApplicationStage): Promise<Applicant> {
  const applicant = await guarded(() => pipelineApi.moveApplicant(companyId(), applicationId, stage));
  put(applicant);
  return applicant;
}

/** Hires the applicant: their company-verified job starts on the date given (decision 262). */
export async function hireApplicant(applicationId: number, input: HireApplicantRequest): Promise<Applicant> {
  const applicant = await guarded(() => pipelineApi.hireApplicant(companyId(), applicationId, input));
  put(applicant);
  return applicant;
}

/** Sets or takes back the member's own rating; the list shows the new average. */
export async function rateApplicant(applicationId: number, rating: number | null): Promise<Applicant> {
  const applicant = await guarded(() => pipelineApi.rateApplicant(companyId(), applicationId, rating));
  put(applicant);
  return applicant;
}

export function notesOf(applicationId: number): Promise<ApplicationNote[]> {
  return guarded(() => pipelineApi.fetchNotes(companyId(), applicationId));
}

export async function addNote(applicationId: number, body: string): Promise<ApplicationNote[]> {
  const notes = await guarded(() => pipelineApi.addNote(companyId(), applicationId, body));
  const current = $applicants.get();
  if (current)
    $applicants.set({ ...current, list: current.list.map((a) => (a.id === applicationId ? { ...a, notes_count: notes.length } : a)) });
  return notes;
}

export function downloadApplicationDocument(applicant: Applicant): Promise<void> {
  return pipelineApi.downloadApplicationDocument(companyId(), applicant.id, applicant.document?.name ?? 'document');
}

/** The conversation with an applicant (decision 271): read, and written by owners and admins. */
export function messagesOf(applicationId: number): Promise<ApplicationMessage[]> {
  return guarded(() => pipelineApi.fetchMessages(companyId(), applicationId));
}

export async function sendMessage(applicationId: number, body: string): Promise<ApplicationMessage[]> {
  const messages = await guarded(() => pipelineApi.sendMessage(companyId(), applicationId, body));
  const current = $applicants.get();
  if (current)
    $applicants.set({
      ...current,
      list: current.list.map((a) => (a.id === applicationId ? { ...a, messages_count: messages.length } : a)),
    });
  return messages;
}
