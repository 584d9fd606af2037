// The jobs feature's public face (server/README.md): the company page lists its open jobs (issue 38,
// decision 255).
export { openJobsHtml } from './public-page-html.ts';
export { openJobsOf } from './service.ts';
