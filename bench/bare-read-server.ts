// The baseline of the hot read (hardening issue, point 12): a bare Fastify route doing one PGlite
// SELECT of a profile-shaped JSON row, with nothing else (no auth, hooks, validation or logging).
// Run as its own process by bench/hot-read.ts; prints "listening" when ready.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 4514);
const db = await PGlite.create();
await db.exec(`create table profiles (user_id bigint primary key, body jsonb not null)`);
await db.query(`insert into profiles values (1, $1)`, [
  JSON.stringify({
    user_id: 1,
    first_name: 'Demo',
    last_name: 'Person',
    country_id: 1,
    headline: 'Product designer',
    about: null,
    skills: null,
    birth_date: null,
    locale: 'en_GB',
  }),
]);
const app = Fastify({ logger: false });
app.get('/show', async () => {
  const { rows } = await db.query<{ body: unknown }>('select body from profiles where user_id = $1', [1]);
  return { data: rows[0]!.body };
});
await app.listen({ port, host: '127.0.0.1' });
console.log('listening');
