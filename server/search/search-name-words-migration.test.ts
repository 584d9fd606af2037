// The migration that gives the suggestions the words of names (decision 220): on a database that
// already holds people, it fills the lexicon and who has each word from their search documents, split
// where names split; closed accounts have no words.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client.ts';
import { migrateUpTo } from '../test/migrations-before.ts';

const client = new PGlite(pgliteOptions);
afterAll(async () => client.close());

describe('the search name words migration', () => {
  it('fills the words of every active name from what is already written', async () => {
    const { migrateThis } = await migrateUpTo(client, 'search_name_words');

    await client.exec(`
      insert into users (email, password_hash, status) values ('a@example.test', 'x', 'active'), ('b@example.test', 'x', 'closed'), ('c@example.test', 'x', 'active');
      insert into profiles (user_id, first_name, last_name) values (1, 'Olena', 'Kovalenko-Bondar'), (2, 'Closed', 'Account'), (3, 'Олена', 'O''Neill');
    `);
    await migrateThis();

    const people = await client.query<{ word: string; user_id: number }>(
      'select word, user_id::int from search_name_people order by user_id, word',
    );
    expect(people.rows).toEqual([
      { word: 'bondar', user_id: 1 },
      { word: 'kovalenko', user_id: 1 },
      { word: 'olena', user_id: 1 },
      { word: 'neill', user_id: 3 },
      { word: 'o', user_id: 3 },
      { word: 'олена', user_id: 3 },
    ]);
    const words = await client.query<{ word: string }>('select word from search_name_words order by word');
    expect(words.rows.map((r) => r.word).sort()).toEqual(['bondar', 'kovalenko', 'neill', 'o', 'olena', 'олена'].sort());
  });
});
