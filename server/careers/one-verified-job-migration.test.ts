// The migration behind one current verified job per company (decision 166), on a database seeded with
// the duplicates joining again used to make: each pair merges into the row with the most data, which
// takes the other's review rounds, documents, events and notifications; other people's jobs, ended
// jobs and single jobs stay as they were; afterwards the database refuses a new duplicate.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client.ts';
import { migrateUpTo } from '../test/migrations-before.ts';

const client = new PGlite(pgliteOptions);
afterAll(async () => client.close());

describe('the one-current-verified-job migration', () => {
  it('merges duplicates into the fullest row, moving rounds, documents, events and notifications, and then refuses new ones', async () => {
    const { migrateAll } = await migrateUpTo(client, 'one_current_verified_job');

    await client.exec(`
      insert into users (email, password_hash) values ('owner@example.test', 'x'), ('twice@example.test', 'x'), ('once@example.test', 'x');
      insert into companies (name, industry) values ('Northwind Studio', 'Design');
      insert into employments (user_id, position, company_name, start_date) values (2, 'Illustrator', 'Northwind Studio', '2022-01-10');
      -- 2's confirmed job (position, self-declared job, skills, a round, a document) and the empty one the join request added.
      insert into company_employments (company_id, user_id, employment_id, position, start_date, technical_skills, source)
        values (1, 2, 1, 'Illustrator', '2022-01-10', '["Procreate"]', 'confirmation');
      insert into company_employments (company_id, user_id, start_date, source, experience_description) values (1, 2, '2026-11-25', 'join_request', 'Draws the covers.');
      -- 2 also has an ended job there, and 3 one single job: neither is touched.
      insert into company_employments (company_id, user_id, position, start_date, planned_termination, source) values (1, 2, 'Intern', '2019-01-01', '2019-06-30', 'workspace');
      insert into company_employments (company_id, user_id, position, start_date, source) values (1, 3, 'Producer', '2025-02-01', 'invitation');
      insert into employment_reviews (employment_id, reviewer_name, reviewed_on) values (2, 'Olena', '2026-01-15'), (3, 'Olena', '2026-11-25');
      insert into files (user_id, kind, storage_name, original_name, mime_type, size) values (2, 'document', 'a', 'reference.pdf', 'application/pdf', 10);
      insert into career_documents (user_id, company_employment_id, file_id) values (2, 3, 1);
      insert into employment_events (company_id, user_id, employment_id, kind, position, occurred_at)
        values (1, 2, 2, 'hired', 'Illustrator', '2026-11-20T10:00:00Z'), (1, 2, 3, 'hired', null, '2026-11-25T10:00:00Z');
      insert into notifications (user_id, kind, scope, subject_type, subject_id) values (2, 'hired', 'personal', 'employment', 3);
    `);
    await migrateAll();

    const rows = await client.query<Record<string, unknown>>(
      `select id, user_id, position, employment_id, start_date::text as start_date, planned_termination::text as planned_termination, technical_skills, experience_description
       from company_employments order by id`,
    );
    expect(rows.rows).toEqual([
      {
        id: 2,
        user_id: 2,
        position: 'Illustrator',
        employment_id: 1,
        start_date: '2022-01-10',
        planned_termination: null,
        technical_skills: ['Procreate'],
        experience_description: 'Draws the covers.',
      },
      {
        id: 4,
        user_id: 2,
        position: 'Intern',
        employment_id: null,
        start_date: '2019-01-01',
        planned_termination: '2019-06-30',
        technical_skills: [],
        experience_description: null,
      },
      {
        id: 5,
        user_id: 3,
        position: 'Producer',
        employment_id: null,
        start_date: '2025-02-01',
        planned_termination: null,
        technical_skills: [],
        experience_description: null,
      },
    ]);
    expect((await client.query(`select employment_id, reviewed_on::text as reviewed_on from employment_reviews order by id`)).rows).toEqual(
      [
        { employment_id: 2, reviewed_on: '2026-01-15' },
        { employment_id: 2, reviewed_on: '2026-11-25' },
      ],
    );
    expect((await client.query(`select company_employment_id from career_documents`)).rows).toEqual([{ company_employment_id: 2 }]);
    // The confirmation's hire reads as a confirmation now (decision 167); both events stay on the kept job.
    expect((await client.query(`select employment_id, kind from employment_events order by id`)).rows).toEqual([
      { employment_id: 2, kind: 'confirmed' },
      { employment_id: 2, kind: 'hired' },
    ]);
    expect((await client.query(`select subject_id from notifications`)).rows).toEqual([{ subject_id: 2 }]);
    await expect(
      client.exec(`insert into company_employments (company_id, user_id, start_date, source) values (1, 2, '2026-11-26', 'join_request')`),
    ).rejects.toMatchObject({ code: '23505' });
  }, 120_000);
});
