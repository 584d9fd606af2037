// The domains feature's public face (decisions 248 and 258): what another feature may call.
export { recheckBeforeIssue } from './service.ts';
export { companyDomainOf, verifiedOriginsOf } from './identity.ts';
