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
  JoinRequest,
  Member,
  RuleAffected,
  SaveTeamRequest,
  Team,
  UpdateBrandRequest,
  Workspace,
} from '../../../contract/companies.ts';
import type { Notification } from '../../../contract/notifications.ts';
import type { WorkspaceList } from '../../../contract/realtime.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import * as companyApi from '../api/company-api.ts';
import { ApiError, type SessionEnd } from '../api/api-error.ts';
import { CompanySessionEndReason } from '../../../contract/company-sessions.ts';
import { applyToken, discardToken, $token } from './session.ts';
import { latestRead } from './latest-read.ts';

export type AccessState = 'checking' | 'granted' | 'denied';

/** Where the company host stands: checking its session, in, or refused. */
export const $access = atom<AccessState>('checking');
/** Why the session ended and in which company, when the server said (decision 243); null otherwise. */
export const $accessEnded = atom<SessionEnd | null>(null);
export const $workspace = atom<Workspace | null>(null);
export const $members = atom<readonly Member[] | null>(null);
export const $invitations = atom<readonly CompanyInvitation[] | null>(null);
export const $joinRequests = atom<readonly JoinRequest[] | null>(null);
export const $teams = atom<readonly Team[] | null>(null);
export const $companyNotifications = atom<readonly Notification[] | null>(null);

/** The client half of the permission guard: what the member's role allows (contract/company-roles.ts). */
export const $permissions = computed($workspace, (workspace) => new Set<CompanyAction>(workspace?.permissions ?? []));

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
    $workspace.set(workspace);
    $access.set('granted');
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
    $workspace.set(await guarded(() => companyApi.fetchSessionWorkspace()));
    $access.set('granted');
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

// Each list keeps only its latest read's answer (src/lib/stores/latest-read.ts).
export const refreshMembers = latestRead($members, () => guarded(() => companyApi.fetchMembers(companyId())));
export const refreshInvitations = latestRead($invitations, () => guarded(() => companyApi.fetchInvitations(companyId())));
export const refreshJoinRequests = latestRead($joinRequests, () => guarded(() => companyApi.fetchJoinRequests(companyId())));
export const refreshTeams = latestRead($teams, () => guarded(() => companyApi.fetchTeams(companyId())));
export const refreshCompanyNotifications = latestRead($companyNotifications, () =>
  guarded(() => companyApi.fetchCompanyNotifications(companyId())),
);

/** A list another workspace store holds: whether the page shows it, and how to read it again. */
export interface ListReader {
  isShown: () => boolean;
  read: () => Promise<void>;
}
const otherReaders: Partial<Record<WorkspaceList, ListReader>> = {};

/** Lets the store of another workspace list (careers; the public page follows 'workspace') read it again when the company's channel names it. */
export function followWorkspaceList(list: WorkspaceList, reader: ListReader): void {
  otherReaders[list] = reader;
}

const otherRead = (list: WorkspaceList): [boolean, () => Promise<void>] => [
  otherReaders[list]?.isShown() ?? false,
  () => otherReaders[list]?.read() ?? Promise.resolve(),
];

/** Reads again what a `company.changed` event names, as far as the member's role may see it. */
export async function applyCompanyChange(lists: readonly WorkspaceList[]): Promise<void> {
  const permissions = $permissions.get();
  const reads: Record<WorkspaceList, [boolean, () => Promise<void>]> = {
    // The workspace and what follows it (the public page's settings, decision 211).
    workspace: [
      true,
      async () => {
        await loadWorkspace();
        const [shown, read] = otherRead('workspace');
        if (shown) await read();
      },
    ],
    members: [permissions.has('members.view') && refreshMembers.asked(), refreshMembers],
    invitations: [permissions.has('invitations.view') && refreshInvitations.asked(), refreshInvitations],
    join_requests: [permissions.has('joinRequests.view') && refreshJoinRequests.asked(), refreshJoinRequests],
    teams: [permissions.has('teams.view') && refreshTeams.asked(), refreshTeams],
    notifications: [permissions.has('notifications.view') && refreshCompanyNotifications.asked(), refreshCompanyNotifications],
    // Careers lists: src/lib/stores/workspace-careers.ts holds them and follows them here.
    employments: otherRead('employments'),
    competencies: otherRead('competencies'),
    confirmations: otherRead('confirmations'),
    // The open pipeline: src/lib/stores/workspace-applicants.ts follows it here.
    applications: otherRead('applications'),
  };
  // One at a time: a removed member's first refused read turns the page to 'Access denied'.
  for (const list of new Set(lists)) {
    const [allowed, read] = reads[list];
    if (!allowed || $access.get() !== 'granted') continue;
    try {
      await read();
    } catch (error) {
      if (!endingOf(error)) throw error;
    }
  }
}

/**
 * Keeps this workspace live (decision 091): the company's changes made anywhere (another admin, a
 * person answering an invitation) show without a reload. Loaded on demand, like the personal site's.
 */
export async function startLiveWorkspace(): Promise<void> {
  const workspace = $workspace.get();
  if (!workspace) return;
  const { startCompanyRealtime } = await import('../realtime.ts');
  startCompanyRealtime(workspace.company.id, (lists) => void applyCompanyChange(lists).catch(() => undefined));
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
/** Transfers ownership; the workspace is read again, since the caller is now an admin. */
export async function transferOwnership(memberId: number): Promise<void> {
  await guarded(() => companyApi.transferOwnership(companyId(), memberId));
  $workspace.set(await guarded(() => companyApi.fetchSessionWorkspace()));
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
