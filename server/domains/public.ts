// The domains feature's public face (issue 37, decision 248): what another feature may call.
export { recheckBeforeIssue } from './service.ts';
