// The company workspace on the company host (decision 090): the access step, the workspace
// and its lists, and the actions the islands call. A 401 from any call means the company session is
// gone (removed, signed out, refused by the company's two-step rule, never handed over): the page then
// shows 'Access denied', saying why when the answer does (decision 243). A 403 never ends it: the
// owner's own 'turn two-step on first' is one.
import { atom, computed } from 'nanostores';
import type { CompanyAction } from '../../../contract/company-roles.ts';
import type {
  CompanyBrand,
  CompanyInvitation,
  CreateInvitationRequest,
  RuleAffected,
  SaveTeamRequest,
  UpdateBrandRequest,
  Workspace,
} from '../../../contract/companies.ts';
import type { WorkspaceList } from '../../../contract/realtime.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import * as companyApi from '../api/company-api.ts';
import { ApiError, type SessionEnd } from '../base/api-error.ts';
import { CompanySessionEndReason } from '../../../contract/company-sessions.ts';
import { applyToken, discardToken, $token } from './session.ts';
import { readAgain, refresh, serverData, under, type FetcherStore } from './query.ts';

export type AccessState = 'checking' | 'granted' | 'denied';

/** Where the company host stands: checking its session, in, or refused. */
export const $access = atom<AccessState>('checking');
/** Why the session ended and in which company, when the server said (decision 243); null otherwise. */
export const $accessEnded = atom<SessionEnd | null>(null);
export const $workspace = atom<Workspace | null>(null);

/** The company of the workspace session; throws before the workspace is loaded. */
export function companyId(): number {
  const workspace = $workspace.get();
  if (!workspace) throw new Error('no workspace');
  return workspace.company.id;
}

/** Where this tab keeps why its session ended, so a reload still says it (the token is gone by then). */
const endedKey = 'profiles.workspace-ended';

function rememberEnded(ended: SessionEnd | null): void {
  try {
    if (ended) sessionStorage.setItem(endedKey, JSON.stringify(ended));
    else sessionStorage.removeItem(endedKey);
  } catch {
    // Storage refused (private mode): the reason shows until the next reload only.
  }
}

function rememberedEnded(): SessionEnd | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(endedKey) ?? 'null') as Partial<SessionEnd> | null;
    const reason = CompanySessionEndReason.safeParse(stored?.reason);
    return reason.success && typeof stored?.companyName === 'string' ? { reason: reason.data, companyName: stored.companyName } : null;
  } catch {
    return null;
  }
}

/** Turns the page to 'Access denied': with why the session ended when known, else what this tab last heard. */
function deny(ended: SessionEnd | null = null, options: { forget?: boolean } = {}): void {
  discardToken();
  if (ended || options.forget) rememberEnded(ended);
  $accessEnded.set(ended ?? (options.forget ? null : rememberedEnded()));
  $workspace.set(null);
  $access.set('denied');
}

/** Why a refusal ends the workspace, or undefined when it does not: a 401 (the session is gone, its reason when the server gave one). */
function endingOf(error: unknown): { ended: SessionEnd | null } | undefined {
  if (!(error instanceof ApiError) || error.status !== HttpStatus.unauthorized) return undefined;
  return { ended: error.sessionEnd ?? null };
}

/** Runs a call; a 401 (the session is gone) turns the page to 'Access denied', saying why when it can, and rethrows. */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const ending = endingOf(error);
    if (ending) deny(ending.ended);
    throw error;
  }
}

/** The page is in the workspace's company, as the member the answer says. */
function enter(workspace: Workspace): void {
  $workspace.set(workspace);
  $access.set('granted');
}

/** The access page: trades the hand-over code for this host's session; any refusal is 'denied'. */
export async function enterWithCode(code: string): Promise<void> {
  if (!code) {
    deny(null, { forget: true });
    return;
  }
  try {
    const { token, workspace } = await companyApi.exchangeHandoff(code);
    applyToken(token);
    rememberEnded(null);
    $accessEnded.set(null);
    enter(workspace);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) deny(null, { forget: true });
    else throw error;
  }
}

/** The workspace page's first step: the session's company, or 'denied'. */
export async function loadWorkspace(): Promise<void> {
  if (!$token.get()) {
    deny();
    return;
  }
  try {
    enter(await guarded(() => companyApi.fetchSessionWorkspace()));
  } catch (error) {
    if (!endingOf(error)) throw error;
  }
}

/** Signs out of the company host (the personal session is untouched). */
export async function leaveWorkspace(): Promise<void> {
  try {
    await companyApi.endCompanySession();
  } finally {
    discardToken();
  }
}

/**
 * A key part naming the workspace's company while the page is in it (and, with `permission`, only for
 * a member whose role may read the list): null otherwise, so nothing is read (src/lib/stores/query.ts).
 */
export function companyKeyPart(permission?: CompanyAction) {
  return computed([$access, $workspace], (access, workspace) =>
    access === 'granted' && workspace && (!permission || workspace.permissions.includes(permission)) ? workspace.company.id : null,
  );
}

/** The key of a company list: `company/{id}/{list}` (what `companyList` stores read under). */
export const companyKey = (list: string, id = companyId()): string => `company/${id}/${list}`;

/** A list of the workspace's company, read through the one path (query.ts); a 401 turns the page to 'Access denied'. */
export function companyList<T>(list: string, read: (companyId: number) => Promise<T>, permission?: CompanyAction): FetcherStore<T> {
  return serverData(['company/', companyKeyPart(permission), `/${list}`], (_, id) => guarded(() => read(Number(id))));
}

export const $members = companyList('members', companyApi.fetchMembers);
export const $invitations = companyList('invitations', companyApi.fetchInvitations, 'invitations.view');
export const $joinRequests = companyList('join_requests', companyApi.fetchJoinRequests, 'joinRequests.view');
export const $teams = companyList('teams', companyApi.fetchTeams);
export const $companyNotifications = companyList('notifications', companyApi.fetchCompanyNotifications, 'notifications.view');

export const refreshMembers = () => readAgain($members, companyKey('members'));
export const refreshInvitations = () => readAgain($invitations, companyKey('invitations'));
export const refreshJoinRequests = () => readAgain($joinRequests, companyKey('join_requests'));
export const refreshTeams = () => readAgain($teams, companyKey('teams'));
export const refreshCompanyNotifications = () => readAgain($companyNotifications, companyKey('notifications'));

/**
 * Reads again what a `company.changed` event names. Each list is a key (`company/{id}/{list}`, and
 * what lies under it), read again where the page shows it: a list the member's role may not read has
 * no key, and one not shown is read when it is.
 */
export async function applyCompanyChange(lists: readonly WorkspaceList[]): Promise<void> {
  const named = new Set(lists);
  const ignoreEnding = (error: unknown) => {
    if (!endingOf(error)) throw error;
  };
  // The workspace first: a removed member's refused read turns the page to 'Access denied', and nothing more is read.
  if (named.has('workspace')) await loadWorkspace();
  const workspace = $workspace.get();
  if (!workspace || $access.get() !== 'granted') return;
  // A list's key and those under it: 'employments' names the open employment too, 'workspace' the public page's
  // settings, 'applications' the open pipeline and Stages dialog.
  const keys = [...named].map((list) => under(companyKey(list, workspace.company.id)));
  await refresh((key) => keys.some((named) => named(key))).catch(ignoreEnding);
}

export async function saveBrand(input: UpdateBrandRequest): Promise<CompanyBrand> {
  const company = await guarded(() => companyApi.saveBrand(companyId(), input));
  const workspace = $workspace.get();
  if (workspace) $workspace.set({ ...workspace, company });
  return company;
}

/** Replaces the logo or cover through the upload pipeline. */
export async function uploadBrandImage(image: 'logo' | 'cover', file: File): Promise<void> {
  const company = await guarded(() => companyApi.uploadBrandImage(companyId(), image, file));
  const workspace = $workspace.get();
  if (workspace) $workspace.set({ ...workspace, company });
}

/**
 * The owners and admins without two-step sign-in, whom switching the rule on would sign out (the
 * owner's confirmation names them); empty when the caller is one of them, as the server then refuses
 * the rule and says to turn it on first.
 */
export async function ruleAffected(): Promise<RuleAffected['items']> {
  const { items } = await guarded(() => companyApi.fetchRuleAffected(companyId()));
  const me = $workspace.get()?.me.member_id;
  return items.some((person) => person.member_id === me) ? [] : items;
}

/** Sets the company's sign-in rule; the workspace shows what the server confirmed. */
export async function saveCompanySecurity(requireTwoFactor: boolean): Promise<void> {
  const security = await guarded(() => companyApi.saveCompanySecurity(companyId(), { require_two_factor: requireTwoFactor }));
  const workspace = $workspace.get();
  if (workspace) $workspace.set({ ...workspace, security });
}

export async function changeRole(memberId: number, role: 'admin' | 'member'): Promise<void> {
  await guarded(() => companyApi.changeMemberRole(companyId(), memberId, role));
  await refreshMembers();
}
export async function removeMember(memberId: number): Promise<void> {
  await guarded(() => companyApi.removeMember(companyId(), memberId));
  await Promise.all([refreshMembers(), refreshTeams()]);
}
/** Transfers ownership with the owner's password; the workspace is read again, since the caller is now an admin. */
export async function transferOwnership(memberId: number, currentPassword: string): Promise<void> {
  await guarded(() => companyApi.transferOwnership(companyId(), memberId, currentPassword));
  enter(await guarded(() => companyApi.fetchSessionWorkspace()));
  await refreshMembers();
}

export async function invite(input: CreateInvitationRequest): Promise<CompanyInvitation> {
  const invitation = await guarded(() => companyApi.sendInvitation(companyId(), input));
  await refreshInvitations();
  return invitation;
}
export async function resendInvitation(invitationId: number): Promise<void> {
  await guarded(() => companyApi.resendInvitation(companyId(), invitationId));
  await refreshInvitations();
}
export async function revokeInvitation(invitationId: number): Promise<void> {
  await guarded(() => companyApi.revokeInvitation(companyId(), invitationId));
  await refreshInvitations();
}

export async function decideJoinRequest(requestId: number, decision: 'approve' | 'decline'): Promise<void> {
  await guarded(() => companyApi.decideJoinRequest(companyId(), requestId, decision));
  await Promise.all([refreshJoinRequests(), refreshMembers()]);
}

export async function createTeam(input: SaveTeamRequest): Promise<void> {
  await guarded(() => companyApi.createTeam(companyId(), input));
  await Promise.all([refreshTeams(), refreshMembers()]);
}
export async function updateTeam(teamId: number, input: SaveTeamRequest): Promise<void> {
  await guarded(() => companyApi.updateTeam(companyId(), teamId, input));
  await Promise.all([refreshTeams(), refreshMembers()]);
}
export async function deleteTeam(teamId: number): Promise<void> {
  await guarded(() => companyApi.deleteTeam(companyId(), teamId));
  await Promise.all([refreshTeams(), refreshMembers()]);
}
export async function addTeamMember(teamId: number, memberId: number): Promise<void> {
  await guarded(() => companyApi.addTeamMember(companyId(), teamId, memberId));
  await Promise.all([refreshTeams(), refreshMembers()]);
}
export async function removeTeamMember(teamId: number, memberId: number): Promise<void> {
  await guarded(() => companyApi.removeTeamMember(companyId(), teamId, memberId));
  await Promise.all([refreshTeams(), refreshMembers()]);
}
