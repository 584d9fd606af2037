// Prepares the migrated template every API test file copies: a PGlite data dir snapshot is built per
// worker (see harness.ts); for PostgreSQL a template database is created here once per run.
import pg from 'pg';
import { openPostgres } from '../db/client.ts';
import { adminUrl, keptDatabaseName, templateDatabase, testDbKind, withDatabase } from './postgres-urls.ts';

export default async function setup(): Promise<() => Promise<void>> {
  if (testDbKind() !== 'postgres') return async () => {};
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateDatabase}`);
  } finally {
    await admin.end();
  }
  const template = await openPostgres(withDatabase(adminUrl(), templateDatabase), { max: 1 });
  await template.close();
  return async () => {
    const dropper = new pg.Client({ connectionString: adminUrl() });
    await dropper.connect();
    try {
      // The databases the workers kept between files (database-pool.ts), then the template.
      const kept = await dropper.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
        keptDatabaseName(''),
      ]);
      for (const { datname } of kept.rows) await dropper.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await dropper.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
}
