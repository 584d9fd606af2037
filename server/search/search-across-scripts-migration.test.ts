// The migration that folds names and places and puts job titles in search's document (decision 237):
// on a database that already holds people, every document is rebuilt folded, the lexicon of name
// words holds the folded words only, and the jobs each person lists or a company verified are there.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client.ts';
import { migrateUpTo } from '../test/migrations-before.ts';

const client = new PGlite(pgliteOptions);
afterAll(async () => client.close());

describe('the search across scripts migration', () => {
  it('rebuilds every document folded, with the titles of every job', async () => {
    const { migrateThis } = await migrateUpTo(client, 'search_across_scripts');

    await client.exec(`
      insert into users (email, password_hash, status) values ('a@example.test', 'x', 'active'), ('b@example.test', 'x', 'active');
      insert into profiles (user_id, first_name, last_name, headline, location, city)
        values (1, 'Олена', 'Коваленко', 'Designer', 'Київ', null), (2, 'Andrey', 'Melnyk', null, null, 'Kiev');
      insert into employments (user_id, position, company_name, start_date, is_current) values (1, 'Junior researcher', 'Acme', '2024-01-01', true);
      insert into companies (name, industry) values ('Globex', 'Software');
      insert into company_employments (company_id, user_id, position, start_date, source) values (1, 2, 'Data analyst', '2024-01-01', 'workspace');
    `);
    const before = await client.query<{ word: string }>('select word from search_name_words order by word');
    expect(before.rows.map((r) => r.word)).toContain('олена');
    await migrateThis();

    const rows = await client.query('select user_id::int, name, text::text, location, city from search_people order by user_id');
    expect(rows.rows).toEqual([
      { user_id: 1, name: 'olina kovalinko', text: "'designer':1 'junior':2 'researcher':3", location: 'kiv', city: null },
      { user_id: 2, name: 'andri milnik', text: "'analyst':2 'data':1", location: null, city: 'kiv' },
    ]);
    const words = await client.query<{ word: string }>('select word from search_name_words order by word');
    expect(words.rows.map((r) => r.word)).toEqual(['andri', 'kovalinko', 'milnik', 'olina']);
    const people = await client.query<{ word: string; user_id: number }>(
      'select word, user_id::int from search_name_people order by user_id, word',
    );
    expect(people.rows).toEqual([
      { word: 'kovalinko', user_id: 1 },
      { word: 'olina', user_id: 1 },
      { word: 'andri', user_id: 2 },
      { word: 'milnik', user_id: 2 },
    ]);
  });
});
