// `npm run bench`: every benchmark, printing figures. Run on demand; never part of the tests.
import { printLoad, runApiBenchmarks } from './api-load.ts';
import { printLighthouse, runLighthouseBenchmarks } from './lighthouse.ts';
import { buildSite, measurePages, printBudgets, printPages } from './site-size.ts';

console.log('== site ==');
const seconds = buildSite();
console.log(`build time: ${seconds.toFixed(1)} s`);
const pages = measurePages();
printPages(pages);
printBudgets(pages);
const { measureJsUntilIdle, printJsUntilIdle } = await import('./js-until-idle.ts');
printJsUntilIdle(await measureJsUntilIdle());

console.log('\n== API (autocannon on loopback: 10 connections, 10 s each) ==');
printLoad(await runApiBenchmarks());

console.log('\n== hardening ==');
const { printHardening } = await import('./hardening.ts');
await printHardening();

console.log('\n== profile page (headless Chromium on loopback) ==');
const { measureProfileLoad, printProfileLoad } = await import('./profile-page.ts');
printProfileLoad(await measureProfileLoad());

console.log('\n== realtime (embedded hub; pusher SDK → hub → pusher-js in headless Chromium, loopback) ==');
const { measureRealtime, printRealtime } = await import('./realtime.ts');
printRealtime(await measureRealtime());

console.log('\n== activity and achievements (embedded PGlite, app.inject) ==');
const { measureActivity, printActivity } = await import('./activity.ts');
printActivity(await measureActivity());

console.log('\n== search (100,000 people, PGlite and PostgreSQL, through the service) ==');
const { measureSearch, printSearch } = await import('./search.ts');
printSearch(await measureSearch());

console.log('\n== jobs (10,000 openings, 100,000 applications, PostgreSQL, one request at a time in process) ==');
const { measureJobs, printJobs } = await import('./jobs.ts');
printJobs(await measureJobs());

console.log('\n== Lighthouse (mobile form factor, Debian Chromium) ==');
printLighthouse(await runLighthouseBenchmarks());
