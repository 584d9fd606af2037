// The companies feature's public face (server/README.md): what other features may use of it. Jobs'
// public pages (decision 255) hang under a company's public address and name the company.
export { publicCompanyOf, resolveCompanyAddress, type PublicCompany } from './public-page-service.ts';
// A feature that changes what the workspace header shows (a domain proved, decision 266) tells open workspaces.
export { announceCompanyChange } from './live.ts';
// Hiring from an opening's application makes the member and the verified job as any hire (decision 262).
export { hire } from './hires.ts';
