// Property: whatever JSON anyone sends to an account endpoint, signed in or not, the answer is never
// a 5xx (bad input gets a clear 4xx), and every error answer carries its code.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { arbitraryBody, expectNoServerError, propertyRuns } from '../test/arbitrary-input.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, registerAccount, signUpBody, type RegisteredAccount } from '../test/auth-helpers.ts';

let ctx: TestContext;
let account: RegisteredAccount;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await registerAccount(ctx, 'company');
});
afterAll(async () => ctx.close());

const targets = [
  apiPaths.register,
  apiPaths.verifyEmail,
  apiPaths.verifyPhone,
  apiPaths.resendCode,
  apiPaths.emailChange,
  apiPaths.passwordForgot,
  apiPaths.passwordReset,
  apiPaths.login,
  apiPaths.logout,
];

const fieldNames = [
  'kind',
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'password_confirmation',
  'terms',
  'locale',
  'company_name',
  'industry_id',
  'code',
  'channel',
  'login',
];
const likely = ['personal', 'company', 'email', 'phone', 'uk_UA', '123456', '000000', '+380501234567', 'a@b.co', 'Sturdy-Passw0rd'];
const validSignUp = fc.constantFrom('personal' as const, 'company' as const).map((kind) => signUpBody(kind));
const body = arbitraryBody(fieldNames, likely, validSignUp);

describe('account endpoints under arbitrary input', () => {
  it('never answer with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, fc.boolean(), fc.ipV4(), async (url, payload, signedIn, remoteAddress) => {
        // Logout would end the shared session for the runs after it, so it gets a session of its own.
        const token = url === apiPaths.logout ? await ctx.tokens.issue(account.id) : account.token;
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...(signedIn ? bearer(token) : {}), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
          remoteAddress,
        });
        expectNoServerError(res, `POST ${url}`, payload);
      }),
      { numRuns: propertyRuns(400) },
    );
  }, 120_000);
});
