// `npm start`: build the site if needed, then run the server (database, demo data, API, site).
import { buildIfStale } from './build-if-stale.ts';

buildIfStale();
const { main } = await import('../server/main.ts');
await main();
