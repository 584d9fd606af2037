export const jobs = [
  { id: 41, verified: true, self_declared_id: null, position: 'Senior Backend Engineer', company: { id: 3, name: 'Northwind Analytics', logo_url: null, registered: true }, start_date: '2023-02-01', end_date: null, is_current: true, planned_termination: null, leaves_on: null, months: 34, confirmation: null },
  { id: 12, verified: false, self_declared_id: 12, position: 'Software Engineer', company: { id: null, name: 'Contoso Ltd', logo_url: null, registered: false }, start_date: '2018-09-01', end_date: '2023-01-01', is_current: false, planned_termination: null, leaves_on: null, months: 53, confirmation: null },
  { id: 9, verified: false, self_declared_id: 9, position: 'Junior Developer', company: { id: null, name: 'Fabrikam', logo_url: null, registered: false }, start_date: '2016-06-01', end_date: '2018-08-01', is_current: false, planned_termination: null, leaves_on: null, months: 27, confirmation: null },
];
const comps = [
  { competency_id: 1, name: 'System design', description: 'Designs services that last', weight: 3, retired: false, latest: 'excellent', history: [] },
  { competency_id: 2, name: 'Code quality', description: null, weight: 2, retired: false, latest: 'good', history: [] },
  { competency_id: 3, name: 'Mentoring', description: null, weight: 1, retired: false, latest: 'na', history: [] },
];
export const details = {
  ...jobs[0],
  team: { id: 2, name: 'Platform' },
  reviewer: { user_id: 7, member_id: 4, name: 'Roman Reviewer', photo_url: null },
  experience_description: 'Led the move of billing to event sourcing.\nMentored two new engineers.',
  technical_skills: ['TypeScript', 'PostgreSQL', 'Kafka'],
  documents: [
    { id: 1, name: 'reference-letter.pdf', mime_type: 'application/pdf', size: 245760, is_document: true, download_path: '/api/careers/41/documents/1', uploaded_at: '2026-10-02T10:00:00Z' },
    { id: 2, name: 'team-photo.png', mime_type: 'image/png', size: 1600000, is_document: false, download_path: '/api/careers/41/documents/2', uploaded_at: '2026-10-03T10:00:00Z' },
  ],
  competencies: comps,
  reviews: [
    { id: 22, reviewed_on: '2026-09-30', reviewer: { user_id: 7, name: 'Roman Reviewer' }, ratings: [
      { competency_id: 1, competency_name: 'System design', rating: 'excellent', comment: 'Clear designs, well argued.' },
      { competency_id: 2, competency_name: 'Code quality', rating: 'good', comment: null },
      { competency_id: 3, competency_name: 'Mentoring', rating: 'na', comment: 'No one to mentor this quarter.' } ],
      is_public: true, reply: 'Thank you — the billing work was a team effort.', replied_at: '2026-10-01T09:00:00Z', created_at: '2026-09-30T10:00:00Z', updated_at: '2026-09-30T10:00:00Z' },
    { id: 21, reviewed_on: '2026-03-31', reviewer: { user_id: 7, name: 'Roman Reviewer' }, ratings: [
      { competency_id: 1, competency_name: 'System design', rating: 'good', comment: null },
      { competency_id: 2, competency_name: 'Code quality', rating: 'satisfactory', comment: 'Tests came late.' } ],
      is_public: false, reply: null, replied_at: null, created_at: '2026-03-31T10:00:00Z', updated_at: '2026-03-31T10:00:00Z' },
  ],
  in_company_score: { score: 4.6, counted: 2, not_applicable: 1, total_weight: 5, inputs: [
    { competency_id: 1, name: 'System design', rating: 'excellent', weight: 3 },
    { competency_id: 2, name: 'Code quality', rating: 'good', weight: 2 },
    { competency_id: 3, name: 'Mentoring', rating: 'na', weight: 1 } ] },
  final_feedback: { text: 'A dependable engineer who raised the bar for the whole platform team.', assessment: 'excellent', given_at: '2026-11-01T10:00:00Z', is_public: false, reply: null, replied_at: null },
  achievements: [{ code: 'five_skills', unlocked_at: '2025-05-01T10:00:00Z' }],
  events: [
    { id: 1, kind: 'hired', position: 'Backend Engineer', reviewer_name: null, occurred_at: '2023-02-01T09:00:00Z' },
    { id: 2, kind: 'reviewer_changed', position: null, reviewer_name: 'Roman Reviewer', occurred_at: '2023-03-01T09:00:00Z' },
    { id: 3, kind: 'job_changed', position: 'Senior Backend Engineer', reviewer_name: null, occurred_at: '2025-01-01T09:00:00Z' },
  ],
  can_leave: true,
};
export const unregistered = { ...jobs[1], team: null, reviewer: null, experience_description: null, technical_skills: [], documents: [], competencies: [], reviews: [], in_company_score: { score: null, counted: 0, not_applicable: 0, total_weight: 0, inputs: [] }, final_feedback: null, achievements: [], events: [], can_leave: false };
