// Property: whatever JSON anyone sends to an account endpoint, signed in or not, the answer is never
// a 5xx (bad input gets a clear 4xx), and every error answer carries its code.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
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

// Values shaped like the real fields, so the property reaches past the first type check.
const fieldNames = ['kind', 'first_name', 'last_name', 'email', 'phone', 'password', 'password_confirmation', 'terms', 'locale', 'company_name', 'industry', 'code', 'channel', 'login'];
const fieldValue = fc.oneof(
  fc.string(),
  // Characters PostgreSQL cannot store, and days the calendar does not have (hardening issue, point 2).
  fc.tuple(fc.string(), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string()).map((parts) => parts.join('')),
  fc.constantFrom('2021-02-30', '2021-04-31', '2023-02-29', '0000-01-01', '1899-12-31', '2999-01-01', '2024-02-29'),
  fc.date({ min: new Date(-62167219200000), max: new Date(253402300799000), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('personal', 'company', 'email', 'phone', 'uk_UA', '123456', '000000', '+380501234567', 'a@b.co', 'Sturdy-Passw0rd', '', ' '),
  fc.emailAddress(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), fieldValue),
  // A valid sign-up with a few fields replaced: reaches the services, not just the schema.
  fc
    .tuple(fc.constantFrom('personal' as const, 'company' as const), fc.dictionary(fc.constantFrom(...fieldNames), fieldValue, { maxKeys: 2 }))
    .map(([kind, overrides]) => ({ ...signUpBody(kind), ...overrides })),
  fc.anything(),
);

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
        expect(res.statusCode, `POST ${url} ${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectErrorAnswer(res, `POST ${url}`);
      }),
      { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 400) },
    );
  }, 120_000);
});
