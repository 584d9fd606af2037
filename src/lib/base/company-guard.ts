// The client half of the company permission guard (contract/company-roles.ts): which
// workspace sections and which member actions to show to the signed-in member. It reads only the
// permissions the server sent with the workspace (the same role table the server enforces), so the
// page never offers what the server would refuse. The server stays the authority.
import type { CompanyAction, CompanyRoleName } from '../../../contract/company-roles.ts';
import { roleMayManage } from '../../../contract/company-roles.ts';

/** The workspace's sections, in the order the tabs show them, with the action each needs. */
export const workspaceSections = {
  brand: 'workspace.view',
  members: 'members.view',
  invitations: 'invitations.view',
  joinRequests: 'joinRequests.view',
  teams: 'teams.view',
  // Every member: owners and admins see all employments, a reviewer the ones they review (decision 120).
  employees: 'workspace.view',
  competencies: 'competencies.view',
  // Every member reads the published ones; owners and admins write them (decision 255).
  openings: 'openings.view',
  notifications: 'notifications.view',
  // Owners and admins prove the company's domains here (decision 248).
  verification: 'domains.manage',
} as const satisfies Record<string, CompanyAction>;
export type WorkspaceSection = keyof typeof workspaceSections;

export const isWorkspaceSection = (id: string): id is WorkspaceSection => Object.hasOwn(workspaceSections, id);

/** The sections `permissions` may open, in tab order. */
export function visibleSections(permissions: ReadonlySet<CompanyAction>): WorkspaceSection[] {
  return (Object.keys(workspaceSections) as WorkspaceSection[]).filter((id) => permissions.has(workspaceSections[id]));
}

export interface MemberActions {
  changeRole: boolean;
  remove: boolean;
  makeOwner: boolean;
}

/**
 * What the signed-in member (`me`) is offered on another member's row: nobody acts on themselves;
 * role changes and removal also follow who may manage whom (only the owner changes an admin, nobody
 * the owner); only the owner hands ownership on.
 */
export function memberActionsFor(
  me: { member_id: number; role: CompanyRoleName },
  member: { id: number; role: CompanyRoleName },
  permissions: ReadonlySet<CompanyAction>,
): MemberActions {
  const other = member.id !== me.member_id;
  const manageable = other && roleMayManage(me.role, member.role);
  return {
    changeRole: manageable && permissions.has('members.changeRole'),
    remove: manageable && permissions.has('members.remove'),
    makeOwner: other && permissions.has('ownership.transfer'),
  };
}
