// The jobs feature's public face (server/README.md): the company page lists its open jobs (decision 255);
// the header's suggestions offer openings (decision 269).
export { openJobsHtml } from './public-page-html.ts';
export { openJobsOf } from './service.ts';
export { suggestedJobs } from './search.ts';
