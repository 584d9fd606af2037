// The company permission guard (SPEC §2 'permission', §6): one table of what each role may
// do in a company. The server enforces it on every company endpoint; the workspace mirrors it to hide
// what a role may not do. Plain data (no schema library), so any page's first script may import it.

export const companyRoles = ['owner', 'admin', 'member'] as const;
export type CompanyRoleName = (typeof companyRoles)[number];

export const companyActions = [
  'workspace.view',
  'brand.edit',
  'members.view',
  'members.changeRole',
  'members.remove',
  'ownership.transfer',
  // Whether owners and admins need two-step sign-in to enter; the owner's alone.
  'security.manage',
  'invitations.view',
  'invitations.manage',
  'joinRequests.view',
  'joinRequests.decide',
  'teams.view',
  'teams.manage',
  'notifications.view',
  // Careers (decision 120): the assigned reviewer of an employment may also review it.
  'employments.view',
  'employments.manage',
  'employments.review',
  'competencies.view',
  'competencies.manage',
  'confirmations.decide',
  // Decision 248: adding, proving and removing the company's domains; owners and admins.
  'domains.manage',
  // Decision 255: every member sees the company's published and closed openings; owners and
  // admins also see drafts and create, edit, publish, close and reopen them.
  'openings.view',
  'openings.manage',
  // Decision 262: the applicants of an opening (their profile, cover note, document, stage and the
  // company's notes) are seen and moved by owners and admins only; a plain member sees neither.
  'applications.view',
  'applications.manage',
] as const;
export type CompanyAction = (typeof companyActions)[number];

const everyAction = new Set<CompanyAction>(companyActions);
const ownerOnly = new Set<CompanyAction>(['ownership.transfer', 'security.manage']);
const adminActions = new Set<CompanyAction>(companyActions.filter((a) => !ownerOnly.has(a)));
const memberActions = new Set<CompanyAction>(['workspace.view', 'members.view', 'teams.view', 'competencies.view', 'openings.view']);

/** What each role may do. An owner may do everything; only an owner transfers ownership or sets the company's sign-in rule. */
export const rolePermissions: Record<CompanyRoleName, ReadonlySet<CompanyAction>> = {
  owner: everyAction,
  admin: adminActions,
  member: memberActions,
};

/** Whether `role` may perform `action`. */
export function roleMay(role: CompanyRoleName, action: CompanyAction): boolean {
  return rolePermissions[role].has(action);
}

/**
 * Whether someone with `actorRole` may change or remove a member who has `targetRole`. Nobody changes
 * the owner that way (ownership moves only by transfer); admins are changed only by the owner.
 */
export function roleMayManage(actorRole: CompanyRoleName, targetRole: CompanyRoleName): boolean {
  if (targetRole === 'owner') return false;
  if (targetRole === 'admin') return actorRole === 'owner';
  return actorRole === 'owner' || actorRole === 'admin';
}
