// The client role check against the server's role table: every role sees exactly the sections and
// member actions the table allows it, given the permissions the server sends with the workspace.
import { describe, expect, it } from 'vitest';
import { companyRoles, roleMay, rolePermissions, type CompanyRoleName } from '../../../contract/company-roles.ts';
import { memberActionsFor, visibleSections, workspaceSections } from './company-guard.ts';

// What the server's workspace answer carries for a role (server/companies/brand.ts workspaceOf).
const sent = (role: CompanyRoleName) => new Set([...rolePermissions[role]]);

describe('the workspace sections a role sees', () => {
  it.each([
    [
      'owner',
      [
        'brand',
        'members',
        'invitations',
        'joinRequests',
        'teams',
        'employees',
        'competencies',
        'openings',
        'notifications',
        'verification',
      ],
    ],
    [
      'admin',
      [
        'brand',
        'members',
        'invitations',
        'joinRequests',
        'teams',
        'employees',
        'competencies',
        'openings',
        'notifications',
        'verification',
      ],
    ],
    // A member sees the employments they review (none for most) and the competencies they rate.
    ['member', ['brand', 'members', 'teams', 'employees', 'competencies', 'openings']],
  ] as const)('%s: %j', (role, expected) => {
    expect(visibleSections(sent(role))).toEqual(expected);
  });

  it('follow the server table for every role and section', () => {
    for (const role of companyRoles) {
      for (const [section, action] of Object.entries(workspaceSections)) {
        expect(visibleSections(sent(role)).includes(section as never), `${role} ${section}`).toBe(roleMay(role, action));
      }
    }
  });

  it('are none without permissions (no workspace yet)', () => {
    expect(visibleSections(new Set())).toEqual([]);
  });
});

describe('the actions offered on a member’s row', () => {
  const none = { changeRole: false, remove: false, makeOwner: false };
  it.each([
    ['owner', 'admin', { changeRole: true, remove: true, makeOwner: true }],
    ['owner', 'member', { changeRole: true, remove: true, makeOwner: true }],
    ['admin', 'owner', none],
    ['admin', 'admin', none],
    ['admin', 'member', { changeRole: true, remove: true, makeOwner: false }],
    ['member', 'owner', none],
    ['member', 'admin', none],
    ['member', 'member', none],
  ] as const)('%s on a %s: %j', (myRole, theirRole, expected) => {
    expect(memberActionsFor({ member_id: 1, role: myRole }, { id: 2, role: theirRole }, sent(myRole))).toEqual(expected);
  });

  it.each(companyRoles)('nothing on their own row (%s)', (role) => {
    expect(memberActionsFor({ member_id: 7, role }, { id: 7, role }, sent(role))).toEqual(none);
  });
});
