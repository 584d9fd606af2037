// The workspace's careers screens (decision 120): the company's verified employments, the one
// being managed, and its competencies. Every write reads the changed lists again; a 401 turns the page
// to 'Access denied' like every workspace call.
import { atom } from 'nanostores';
import type {
  CompanyEmployment,
  CompanyEmploymentDetails,
  Competency,
  ConfirmationRequestView,
  EndOfCollaborationRequest,
  HireRequest,
  ReviewRoundRequest,
  SaveCompetencyRequest,
  UpdateEmploymentRequest,
} from '../../../contract/careers-company.ts';
import * as careersApi from '../api/careers-api.ts';
import { companyId, followWorkspaceList, guarded } from './workspace.ts';
import { latestRead } from './latest-read.ts';

export const $employments = atom<readonly CompanyEmployment[] | null>(null);
export const $competencies = atom<readonly Competency[] | null>(null);
/** Open requests to confirm a self-declared job (owners and admins). */
export const $confirmations = atom<readonly ConfirmationRequestView[] | null>(null);
/** The employment open in the workspace, with its rounds and events. */
export const $managedEmployment = atom<CompanyEmploymentDetails | null>(null);

// Each list keeps only its latest read's answer (src/lib/stores/latest-read.ts).
export const refreshEmployments = latestRead($employments, () => guarded(() => careersApi.fetchCompanyEmployments(companyId())));
export const refreshCompetencies = latestRead($competencies, () => guarded(() => careersApi.fetchCompetencies(companyId())));

/** Opens one employment (or reads it again). */
export async function openEmployment(employmentId: number): Promise<void> {
  const details = await guarded(() => careersApi.fetchCompanyEmployment(companyId(), employmentId));
  $managedEmployment.set(details);
}

export function closeEmployment(): void {
  $managedEmployment.set(null);
}

/** A write answered the employment: it shows at once, and the list (position, reviewer, score) is read again. */
async function changed(details: CompanyEmploymentDetails): Promise<void> {
  if ($managedEmployment.get()?.id === details.id) $managedEmployment.set(details);
  await refreshEmployments();
}

export async function hirePerson(input: HireRequest): Promise<void> {
  await guarded(() => careersApi.hire(companyId(), input));
  await refreshEmployments();
}

export async function changeEmployment(employmentId: number, input: UpdateEmploymentRequest): Promise<void> {
  await changed(await guarded(() => careersApi.updateEmployment(companyId(), employmentId, input)));
}

export async function confirmPersonName(employmentId: number, name: string): Promise<void> {
  await changed(await guarded(() => careersApi.confirmName(companyId(), employmentId, name)));
}

export async function addReviewRound(employmentId: number, input: ReviewRoundRequest): Promise<void> {
  await changed(await guarded(() => careersApi.addReviewRound(companyId(), employmentId, input)));
}

export async function saveEndOfCollaboration(employmentId: number, input: EndOfCollaborationRequest): Promise<void> {
  await changed(await guarded(() => careersApi.saveEndOfCollaboration(companyId(), employmentId, input)));
}

export async function saveCompetency(input: SaveCompetencyRequest, competencyId?: number): Promise<void> {
  await guarded(() => careersApi.saveCompetency(companyId(), input, competencyId));
  await refreshCompetencies();
}

export async function retireCompetency(competencyId: number): Promise<void> {
  await guarded(() => careersApi.retireCompetency(companyId(), competencyId));
  await refreshCompetencies();
}

export const refreshConfirmations = latestRead($confirmations, () => guarded(() => careersApi.fetchConfirmations(companyId())));

/** Confirms (a verified employment is made) or declines a request; the lists are read again. */
export async function decideConfirmation(requestId: number, decision: 'confirm' | 'decline'): Promise<void> {
  await guarded(() => careersApi.decideConfirmation(companyId(), requestId, decision));
  await Promise.all([refreshConfirmations(), refreshEmployments()]);
}

// What others change arrives on the company's channel (decision 091): the lists this page shows are read again.
followWorkspaceList('employments', {
  isShown: refreshEmployments.asked,
  read: async () => {
    await refreshEmployments();
    const managed = $managedEmployment.get();
    if (managed) await openEmployment(managed.id);
  },
});
followWorkspaceList('competencies', { isShown: refreshCompetencies.asked, read: refreshCompetencies });
followWorkspaceList('confirmations', { isShown: refreshConfirmations.asked, read: refreshConfirmations });
