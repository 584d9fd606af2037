// `npm run db:migrate`: applies migrations to the configured database and exits. Refuses to touch
// an embedded database a running server holds (PGlite takes no lock itself).
import { loadConfig } from '../server/config.ts';
import { openConfiguredDatabase } from '../server/main.ts';

const config = loadConfig();
const { database, release } = await openConfiguredDatabase(config);
await database.close();
release();
process.stdout.write(`Migrations applied (${database.kind}).\n`);
