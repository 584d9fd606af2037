// A company's domains and their proof of control (decision 248): what the workspace's
// "Verification" place reads and sends. A domain is stored and answered in punycode (`domain`), and
// shown in Unicode (`display`); the proof is a DNS TXT record or a file over HTTPS, both holding the
// domain's token, checked like ACME's dns-01 and http-01.
import { z } from 'zod';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** pending: added, never proved (or proved by another company since); verified: proved and re-checked; lapsed: proof gone past the grace period, or taken over. */
export const companyDomainStatuses = ['pending', 'verified', 'lapsed'] as const;
export const CompanyDomainStatus = z.enum(companyDomainStatuses);
export type CompanyDomainStatus = z.infer<typeof CompanyDomainStatus>;

/** How the domain was last proved: a TXT record, a file, or the demo data (never re-checked, never in production). */
export const companyDomainMethods = ['dns', 'http', 'demo'] as const;
export const CompanyDomainMethod = z.enum(companyDomainMethods);
export type CompanyDomainMethod = z.infer<typeof CompanyDomainMethod>;

/**
 * Why one way of proof did not hold, as a stable code the site translates. DNS: no record at the name,
 * records with other values, a resolver error. File: the status it answered, a body not the token, a
 * body past the size limit, a redirect elsewhere or too many, an address that is not a public one, no
 * address at all, no connection, a certificate that does not check out. Both: the time ran out.
 */
export const domainCheckFailures = [
  'no_record',
  'wrong_value',
  'dns_error',
  'timeout',
  'http_404',
  'http_status',
  'wrong_body',
  'too_large',
  'redirect_not_allowed',
  'too_many_redirects',
  'address_not_allowed',
  'no_address',
  'connection_failed',
  'tls_error',
] as const;
export const DomainCheckFailure = z.enum(domainCheckFailures);
export type DomainCheckFailure = z.infer<typeof DomainCheckFailure>;

/** Why a verified domain is no longer: its proof was gone for the whole grace period, or another company proved it. */
export const domainLapseReasons = ['proof_gone', 'taken_over'] as const;
export const DomainLapseReason = z.enum(domainLapseReasons);
export type DomainLapseReason = z.infer<typeof DomainLapseReason>;

/**
 * Why a verified domain's DID Configuration (decision 258) does not link it to the company's did:web:
 * the fetch's own reasons (as the file check's), a body that is not the JSON the spec asks for, no
 * Domain Linkage Credential for this company's DID and this origin, a signature that does not verify
 * with the company's published keys, or one past its expiry.
 */
export const domainLinkageFailures = [...domainCheckFailures, 'not_json', 'not_linked', 'bad_signature', 'expired'] as const;
export const DomainLinkageFailure = z.enum(domainLinkageFailures);
export type DomainLinkageFailure = z.infer<typeof DomainLinkageFailure>;

/** Where the company hosts its DID Configuration (DIF Well-Known DID Configuration v1.0). */
export const didConfigurationPath = '/.well-known/did-configuration.json';

/** Linked both ways (the domain's file names the DID, the DID document names the domain), not linked, or not checked yet. */
export const DomainLinkage = z.object({
  state: z.enum(['linked', 'not_linked', 'not_checked']),
  failure: DomainLinkageFailure.nullable(),
  checked_at: z.string().nullable(),
});
export type DomainLinkage = z.infer<typeof DomainLinkage>;

/** The TXT record's name under the domain, and the file's path (ACME's `_acme-challenge` and `/.well-known/acme-challenge/`). */
export const domainChallenge = {
  dnsLabel: '_profiles-challenge',
  httpPath: '/.well-known/profiles-challenge/',
} as const;

/** How long a verified domain whose proof is gone stays verified (decision 248): three daily re-checks. */
export const domainGraceHours = 72;

export const CompanyDomain = z.object({
  id,
  /** The domain in punycode (xn--…), as checked. */
  domain: z.string(),
  /** The same domain in Unicode, for reading. */
  display: z.string(),
  status: CompanyDomainStatus,
  method: CompanyDomainMethod.nullable(),
  /** What to create: the TXT record's name and value, or the file's address and body. */
  proof: z.object({
    dns_name: z.string(),
    dns_value: z.string(),
    http_url: z.string(),
    http_body: z.string(),
  }),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** Why the last check failed, per way of proof; null when the last check held (or none ran). */
  last_failure: z.object({ dns: DomainCheckFailure, http: DomainCheckFailure }).nullable(),
  /** While a verified domain's proof is missing: when it lapses unless a check finds it again. */
  lapses_at: z.string().nullable(),
  lapse_reason: DomainLapseReason.nullable(),
  /** The origin the DID Configuration links (`https://<domain>`), and whether it does (decision 258). */
  origin: z.string(),
  did_configuration_url: z.string(),
  linkage: DomainLinkage,
});
export type CompanyDomain = z.infer<typeof CompanyDomain>;

/** `POST /api/companies/{id}/domains`: a domain name as typed (Unicode or punycode, no scheme or path). */
export const AddDomainRequest = z.object({ domain: z.string().trim().min(1).max(300) });
export type AddDomainRequest = z.infer<typeof AddDomainRequest>;

export const DomainParams = z.object({ companyId: idParam, domainId: idParam });
