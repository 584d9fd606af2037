// The migration that gives search its document per person (decision 219): on a database that already
// holds people, it writes each active person's row from their profile, skills, languages and verified
// jobs, leaves closed accounts out, and keeps a city the person hides out of what matches.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client.ts';
import { migrateUpTo } from '../test/migrations-before.ts';

const client = new PGlite(pgliteOptions);
afterAll(async () => client.close());

describe('the search people migration', () => {
  it('fills a row for every active person from what is already written', async () => {
    const { migrateThis } = await migrateUpTo(client, 'search_people');

    await client.exec(`
      insert into users (email, password_hash, status) values ('a@example.test', 'x', 'active'), ('b@example.test', 'x', 'closed'), ('c@example.test', 'x', 'active');
      insert into profiles (user_id, first_name, last_name, headline, location, city, contact_visibility, profile_status)
        values (1, 'Olena', 'Kovalenko', 'Accessibility engineer', 'Kyiv', 'Bucha', null, 'open_to_work'),
               (2, 'Closed', 'Account', null, null, null, null, null),
               (3, 'Petro', 'Shevchenko', null, null, 'Odesa', '{"city": "owner"}', null);
      insert into skills (user_id, name) values (1, 'TypeScript'), (1, 'WAI-ARIA');
      insert into profile_languages (user_id, code, proficiency) values (1, 'en', 'B1');
      insert into companies (name, industry) values ('Acme', 'Software');
      insert into company_employments (company_id, user_id, start_date, source) values (1, 1, '2024-01-01', 'workspace');
    `);
    await migrateThis();

    const rows = await client.query(
      'select user_id::int, name, text::text, skills, tags, location, city from search_people order by user_id',
    );
    expect(rows.rows).toEqual([
      {
        user_id: 1,
        name: 'olena kovalenko',
        text: "'accessibility':1 'engineer':2",
        skills: 'typescript | wai-aria',
        tags: ['lang:en:A1', 'lang:en:A2', 'lang:en:B1', 'verified', 'status:open_to_work'],
        location: 'kyiv',
        city: 'bucha',
      },
      { user_id: 3, name: 'petro shevchenko', text: '', skills: '', tags: [], location: null, city: null },
    ]);
  });
});
