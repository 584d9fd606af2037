// For tests of the workspace's employee view: three members and one current employment of the third,
// with the second as reviewer, as the list and the employee page receive them.
import type { CompanyEmployment } from '../../../contract/careers-company.ts';
import type { Member } from '../../../contract/companies.ts';

const member = (id: number, name: string): Member => ({
  id,
  user_id: id + 100,
  name,
  email: `${name.toLowerCase()}@e.test`,
  photo_url: null,
  role: 'member',
  position: null,
  team_ids: [],
  joined_at: '2026-01-01T00:00:00Z',
});

export const members = [member(1, 'Olena'), member(2, 'Roman'), member(3, 'Kateryna')];

export const employment: CompanyEmployment = {
  id: 41,
  person: { user_id: 103, member_id: 3, name: 'Kateryna', photo_url: null },
  position: 'Engineer',
  team: null,
  start_date: '2026-01-05',
  end_date: null,
  is_current: true,
  reviewer: { user_id: 102, member_id: 2, name: 'Roman', photo_url: null },
  planned_termination: null,
  leaves_on: null,
  in_company_score: null,
  may_review: true,
  may_manage: true,
};
