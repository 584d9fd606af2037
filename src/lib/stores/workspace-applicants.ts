// An opening's applicants in the workspace (issue 38, decision 262): read when its pipeline opens;
// a stage move puts what the server answered in the list; notes are read and written per applicant.
import { atom } from 'nanostores';
import type { Applicant, ApplicationNote, ApplicationStage, HireApplicantRequest } from '../../../contract/applications.ts';
import * as pipelineApi from '../api/pipeline-api.ts';
import { companyId, guarded } from './workspace.ts';

/** The applicants of the opening whose pipeline is open, or null while they load. */
export const $applicants = atom<{ openingId: number; list: readonly Applicant[] } | null>(null);

export async function loadApplicants(openingId: number): Promise<void> {
  if ($applicants.get()?.openingId !== openingId) $applicants.set(null);
  const list = await guarded(() => pipelineApi.fetchApplicants(companyId(), openingId));
  $applicants.set({ openingId, list });
}

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
