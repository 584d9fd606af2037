// Company set-up for the workspace journeys: a company signed up through the API (the sign-up pages
// have their own journeys) and a company session through the API's hand-over (the journeys that test
// the switch do it through the pages).
import { expect, type APIRequestContext } from '@playwright/test';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { waitForCode, waitForMail } from './outbox.ts';
import { forwardedAddress, type SignedIn } from './sign-in.ts';

// Random per worker process, then counted: addresses and phone numbers never collide across workers.
let sequence = 1_000_000 + Math.floor(Math.random() * 8_000_000);

export interface RegisteredCompany {
  /** The owner's personal session. */
  token: string;
  email: string;
  companyId: number;
  /** When the sign-up was sent (ms): the verification code came after it. */
  since: number;
}

export async function registerCompany(request: APIRequestContext, companyName: string): Promise<RegisteredCompany> {
  sequence += 1;
  const email = `owner${sequence}@company.e2e.test`;
  const since = Date.now();
  const res = await request.post('/api/register', {
    data: {
      kind: 'company',
      first_name: 'Olena',
      last_name: 'Owner',
      email,
      phone: `+38067${sequence}`,
      password: 'E2e-Passw0rd',
      password_confirmation: 'E2e-Passw0rd',
      terms: true,
      company_name: companyName,
      industry_id: 1,
    },
    // A made-up client address per sign-up, as API sign-ins have: the sign-up limit per address
    // (shared by every journey of the run) answered 429 to the later company journeys.
    headers: { 'x-forwarded-for': forwardedAddress() },
  });
  expect(res.status()).toBe(201);
  const data = (await res.json()).data as { token: string; account: { companies: { id: number }[] } };
  const company = { token: data.token, email, companyId: data.account.companies[0]!.id, since };
  // The workspace opens once the owner's email is proved (pre-hijacking, decision 235).
  await proveOwnerEmail(request, company);
  return company;
}

/** Proves the owner's email with the code its sign-up sent (the workspace and searching need a proved address, decision 235). */
export async function proveOwnerEmail(request: APIRequestContext, company: RegisteredCompany): Promise<void> {
  const code = await waitForCode('mail', company.email, company.since);
  const res = await request.post('/api/verification/email', { data: { code }, headers: { Authorization: `Bearer ${company.token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A company-host session token for the person of `personalToken` in `companyId`. */
export async function companySession(request: APIRequestContext, personalToken: string, companyId: number): Promise<string> {
  const issued = await request.post('/api/company-access', {
    data: { company_id: companyId },
    headers: { Authorization: `Bearer ${personalToken}` },
  });
  expect(issued.status()).toBe(201);
  const exchanged = await request.post('/api/company-access/exchange', { data: { code: (await issued.json()).data.code } });
  expect(exchanged.status()).toBe(201);
  return (await exchanged.json()).data.token as string;
}

/** A number no other call in this worker got, for unique addresses. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** The company invites `email` as a Data Engineer and `invitee` accepts from the mailed link: a company-verified job. */
export async function hire(request: APIRequestContext, companyToken: string, companyId: number, email: string, invitee: SignedIn) {
  const since = Date.now();
  const sent = await request.post(workspacePaths.invitations(companyId), {
    headers: { Authorization: `Bearer ${companyToken}` },
    data: { email, position: 'Data Engineer', team_id: null },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const mail = await waitForMail(email, since, (body) => body.includes('/invitation?token='));
  const token = decodeURIComponent(/\/invitation\?token=([\w%-]+)/.exec(mail)![1]!);
  const accepted = await request.post(companyPublicPaths.invitationAccept(token), { headers: invitee.auth });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
