// The embedded database's statement cache (decision 155): every query answers exactly as PGlite's
// own `query` does, each data statement is parsed and planned once, and errors, transactions,
// notifications and schema changes behave as before.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statements.ts';

let plain: PGlite;
let cached: PGlite;

const schema = `
  create table things (id bigint primary key, name text not null unique, born date, seen timestamptz,
    tags text[], body jsonb, ok boolean, amount numeric);
  insert into things values (1, 'one', '2020-02-29', '2024-01-02T03:04:05Z', '{a,b}', '{"x":[1,2]}', true, 12.50),
    (2, 'two', null, null, null, null, false, null);
`;

// Through the simple protocol, which the cache leaves alone, so asking does not add a statement.
const prepared = async (db: PGlite) =>
  ((await db.exec('select statement from pg_prepared_statements order by statement'))[0]!.rows as { statement: string }[]).map(
    (r) => r.statement,
  );

// A third, used by one test only, that starts with nothing prepared. Made here, in the hook's time: a
// new PGlite compiles its WebAssembly, over 30 s (a test's limit) on a loaded two-core machine.
let fresh: PGlite;

beforeAll(async () => {
  plain = await PGlite.create();
  cached = withStatementCache(await PGlite.create(), { size: 3 });
  fresh = await PGlite.create();
  await plain.exec(schema);
  await cached.exec(schema);
}, 180_000);

afterAll(async () => {
  await plain.close();
  await cached.close();
  await fresh.close();
});

describe('answers as PGlite answers', () => {
  const cases: [string, unknown[], Parameters<PGlite['query']>[2]?][] = [
    ['select * from things where id = $1', [1]],
    ['select * from things order by id', [], { rowMode: 'array' }],
    ['select * from things where born = $1 or tags = $2', [new Date('2020-02-29T00:00:00Z'), ['a', 'b']]],
    ['select $1::jsonb as doc, $2::boolean as flag, $3::bigint as big', [{ a: [1, 'two'] }, true, 2n ** 40n]],
    ['select * from things where born is not distinct from $1', [null]],
    ['select * from things where seen = $1', [new Date('2024-01-02T03:04:05Z')], { parsers: { 1184: (v: string) => `text:${v}` } }],
    ['with x as (select 1 as n) select n from x', []],
  ];
  it.each(cases)('%s', async (text, params, options) => {
    expect(await cached.query(text, params, options)).toEqual(await plain.query(text, params, options));
  });

  it('gives drizzle the same rows, dates and timestamps as text', async () => {
    const query = sql`select born, seen, tags, body from things where id = ${1}`;
    expect((await drizzle({ client: cached }).execute(query)).rows).toEqual((await drizzle({ client: plain }).execute(query)).rows);
    expect((await drizzle({ client: cached }).execute(query)).rows[0]).toMatchObject({ born: '2020-02-29', seen: expect.any(String) });
  });

  it('counts the rows a write changed', async () => {
    const answer = await cached.query('update things set ok = $1 where id = $2', [true, 2]);
    expect(answer.affectedRows).toBe(1);
    await cached.query('update things set ok = $1 where id = $2', [false, 2]);
  });
});

describe('prepares each statement once', () => {
  it('reuses the named statement and keeps only the most recent few', async () => {
    const db = withStatementCache(fresh, { size: 3 });
    await db.exec(schema);
    for (let i = 0; i < 5; i += 1) expect((await db.query('select name from things where id = $1', [1])).rows).toEqual([{ name: 'one' }]);
    expect(await prepared(db)).toEqual(['select name from things where id = $1']);
    await db.query('select 1 as a');
    await db.query('select 2 as b');
    await db.query('select 3 as c');
    // size 3: the oldest went when the fourth arrived.
    expect(await prepared(db)).toEqual(['select 1 as a', 'select 2 as b', 'select 3 as c']);
    await db.query('set statement_timeout = 0');
    expect(await prepared(db)).toEqual(['select 1 as a', 'select 2 as b', 'select 3 as c']);
  });

  it('prepares again a statement dropped behind its back', async () => {
    await cached.query('select name from things where id = $1', [2]);
    await cached.exec('deallocate all');
    expect((await cached.query('select name from things where id = $1', [2])).rows).toEqual([{ name: 'two' }]);
    expect(await prepared(cached)).toEqual(['select name from things where id = $1']);
  });
});

describe('errors', () => {
  it('keep their PostgreSQL code and the query, and leave nothing prepared that failed', async () => {
    const error = await cached.query('insert into things (id, name) values ($1, $2)', [3, 'one']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: 'insert into things (id, name) values ($1, $2)' });
    const syntax = await cached.query('select from from things').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect(await prepared(cached)).not.toContain('select from from things');
    // The connection is usable after both.
    expect((await cached.query('select name from things where id = $1', [2])).rows).toEqual([{ name: 'two' }]);
  });

  it('prepare again when the schema changed what a kept statement returns', async () => {
    await cached.exec('create table shifting (a int); insert into shifting values (1)');
    expect((await cached.query('select * from shifting')).rows).toEqual([{ a: 1 }]);
    await cached.exec('alter table shifting add column b int default 2');
    expect((await cached.query('select * from shifting')).rows).toEqual([{ a: 1, b: 2 }]);
  });
});

describe('transactions and notifications', () => {
  it('roll back what failed inside, and a read outside waits for the transaction to end', async () => {
    const order: string[] = [];
    const inside = cached
      .transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [10, 'ten']);
        await new Promise((r) => setTimeout(r, 50));
        order.push('transaction');
        await tx.query('insert into things (id, name) values ($1, $2)', [11, 'one']);
      })
      .catch((e: unknown) => e);
    const outside = cached.query<{ n: number }>('select count(*)::int as n from things where id >= $1', [10]).then((r) => {
      order.push('outside');
      return r.rows[0]!.n;
    });
    expect(await inside).toMatchObject({ code: '23505' });
    expect(await outside).toBe(0);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('deliver a NOTIFY a cached statement sends', async () => {
    const heard: string[] = [];
    await cached.listen('things_changed', (payload) => heard.push(payload));
    await cached.query(`select pg_notify('things_changed', $1)`, ['hello']);
    await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual(['hello']);
  });
});
