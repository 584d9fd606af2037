// `npm run db:seed`: migrates, then creates the demo account if it does not exist.
import { loadConfig } from '../server/config.ts';
import { openConfiguredDatabase } from '../server/main.ts';
import { seedDemo } from '../server/demo/seed.ts';
import { createFileStore } from '../server/shared/uploads/store.ts';

const config = loadConfig();
if (!config.demo) {
  process.stderr.write('Demo data is never seeded when NODE_ENV=production.\n');
  process.exit(1);
}
const { database, release } = await openConfiguredDatabase(config);
try {
  const store = createFileStore(config);
  const created = await seedDemo(database.db, config.demo, store);
  store.close();
  process.stdout.write(created ? `Demo account ${config.demo.email} created.\n` : `Demo account ${config.demo.email} already exists.\n`);
} finally {
  await database.close();
  release();
}
