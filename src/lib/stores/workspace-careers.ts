// The workspace's careers screens (decision 120): the company's verified employments, the one
// being managed, and its competencies. Every write reads the changed lists again; a 401 turns the page
// to 'Access denied' like every workspace call.
import { atom } from 'nanostores';
import type {
  CompanyEmploymentDetails,
  EndOfCollaborationRequest,
  HireRequest,
  ReviewRoundRequest,
  SaveCompetencyRequest,
  UpdateEmploymentRequest,
} from '../../../contract/careers-company.ts';
import * as careersApi from '../api/careers-api.ts';
import { companyId, companyKey, companyKeyPart, companyList, guarded } from './workspace.ts';
import { put, readAgain, serverData } from './query.ts';

// Each is a company list of the one path (src/lib/stores/query.ts): the company's channel names it
// ('employments', 'competencies', 'confirmations'), and the page reads it again where it shows it.
export const $employments = companyList('employments', careersApi.fetchCompanyEmployments);
export const $competencies = companyList('competencies', careersApi.fetchCompetencies, 'competencies.view');
/** Open requests to confirm a self-declared job (owners and admins). */
export const $confirmations = companyList('confirmations', careersApi.fetchConfirmations, 'confirmations.decide');

export const refreshEmployments = () => readAgain($employments, companyKey('employments'));
export const refreshCompetencies = () => readAgain($competencies, companyKey('competencies'));
export const refreshConfirmations = () => readAgain($confirmations, companyKey('confirmations'));

/** The employment open in the workspace, or null. */
const $managedId = atom<number | null>(null);
/** The employment open in the workspace, with its rounds and events: under the employments' key, so their news reads it again too. */
export const $managedEmployment = serverData<CompanyEmploymentDetails>(
  ['company/', companyKeyPart(), '/employments/', $managedId],
  (_, id, __, employmentId) => guarded(() => careersApi.fetchCompanyEmployment(Number(id), Number(employmentId))),
);
const managedKey = (employmentId: number) => companyKey(`employments/${employmentId}`);

/** Opens one employment (or reads it again); the list shows while it loads, and again if it fails. */
export async function openEmployment(employmentId: number): Promise<void> {
  $managedId.set(employmentId);
  try {
    await readAgain($managedEmployment, managedKey(employmentId));
  } catch (error) {
    if ($managedId.get() === employmentId) $managedId.set(null);
    throw error;
  }
}

export function closeEmployment(): void {
  $managedId.set(null);
}

/** A write answered the employment: it shows at once, and the list (position, reviewer, score) is read again. */
async function changed(details: CompanyEmploymentDetails): Promise<void> {
  if ($managedId.get() === details.id) put(managedKey(details.id), details);
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

/** Confirms (a verified employment is made) or declines a request; the lists are read again. */
export async function decideConfirmation(requestId: number, decision: 'confirm' | 'decline'): Promise<void> {
  await guarded(() => careersApi.decideConfirmation(companyId(), requestId, decision));
  await Promise.all([refreshConfirmations(), refreshEmployments()]);
}
