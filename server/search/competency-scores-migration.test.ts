// The migration behind search's verified-competency filter (decision 185): on a database that already
// holds review rounds, it writes each person's best score per competency name from the rounds they
// show, and leaves private rounds, N/A ratings and people without rounds out.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client.ts';
import { migrateUpTo } from '../test/migrations-before.ts';

const client = new PGlite(pgliteOptions);
afterAll(async () => client.close());

describe('the search competency scores migration', () => {
  it('fills the scores from the public rounds already written', async () => {
    const { migrateAll } = await migrateUpTo(client, 'search_competency_scores');

    await client.exec(`
      insert into users (email, password_hash) values ('a@example.test', 'x'), ('b@example.test', 'x'), ('c@example.test', 'x');
      insert into companies (name, industry) values ('Acme', 'Software'), ('Globex', 'Software');
      insert into competencies (company_id, name, weight) values (1, 'Accessibility', 1), (1, 'Teamwork', 1), (2, 'ACCESSIBILITY', 1);
      insert into company_employments (company_id, user_id, start_date, source) values (1, 1, '2024-01-01', 'workspace'), (2, 1, '2020-01-01', 'workspace'), (1, 2, '2024-01-01', 'workspace');
      -- 1: Accessibility good at Acme (public) and exceptional at Globex (public), Teamwork N/A; 2: a private round only.
      insert into employment_reviews (employment_id, reviewer_name, reviewed_on, is_public)
        values (1, 'R', '2026-01-01', true), (2, 'R', '2021-01-01', true), (3, 'R', '2026-01-01', false);
      insert into employment_review_ratings (review_id, competency_id, rating) values (1, 1, 'good'), (1, 2, 'na'), (2, 3, 'exceptional'), (3, 1, 'exceptional');
    `);
    await migrateAll();

    const rows = await client.query('select user_id::int, competency, score from search_competency_scores order by user_id, competency');
    expect(rows.rows).toEqual([{ user_id: 1, competency: 'accessibility', score: 6 }]);
  });
});
