// The careers migration keeps what the first hires recorded (decision 092): every hire made before the
// careers tables existed becomes a verified employment, named by its 'Hired by the company' event.
// Runs the migrations up to the one before careers, records a hire the old way, then the rest.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client.ts';
import { migrateUpTo } from '../test/migrations-before.ts';

const client = new PGlite(pgliteOptions);
afterAll(async () => client.close());

describe('the careers migration', () => {
  it('turns every earlier hire into a verified employment that its event names', async () => {
    const { migrateAll } = await migrateUpTo(client, 'careers');

    await client.exec(`
      insert into users (email, password_hash) values ('owner@example.test', 'x'), ('hired@example.test', 'x');
      insert into companies (name, industry) values ('Acme Ltd', 'Software');
      insert into employment_events (company_id, user_id, kind, position, source, source_id, occurred_at)
        values (1, 2, 'hired', 'Engineer', 'invitation', 7, '2026-03-15T16:30:00Z'), (1, 1, 'left', null, null, null, '2026-04-01T00:00:00Z');
    `);
    await migrateAll();

    const employments = await client.query<{
      id: string;
      company_id: string;
      user_id: string;
      position: string;
      start_date: string;
      source: string;
    }>(`select id, company_id, user_id, position, start_date::text as start_date, source from company_employments`);
    expect(employments.rows).toEqual([
      expect.objectContaining({ company_id: 1, user_id: 2, position: 'Engineer', start_date: '2026-03-15', source: 'migration' }),
    ]);
    const events = await client.query<{ kind: string; employment_id: number | null }>(
      `select kind, employment_id from employment_events order by id`,
    );
    expect(events.rows).toEqual([
      { kind: 'hired', employment_id: employments.rows[0]!.id },
      { kind: 'left', employment_id: null },
    ]);
    // Its id comes from the self-declared jobs' sequence (one id space, decision 120).
    await client.exec(
      `insert into employments (user_id, position, company_name, start_date) values (2, 'Intern', 'Elsewhere', '2020-01-01')`,
    );
    const self = await client.query<{ id: number }>(`select id from employments`);
    expect(self.rows[0]!.id).not.toBe(employments.rows[0]!.id);
  }, 120_000);
});
