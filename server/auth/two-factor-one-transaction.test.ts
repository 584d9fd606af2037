// Turning two-step sign-in on writes three things (the first code's time step
// claimed on the secret, the flag that turns it on, the ten recovery codes). They are one transaction:
// a failure between them leaves it off, with no codes and the first code still unused, never on
// without the recovery codes the person was never shown. The failure is a real one, raised by the
// database: a trigger refuses the recovery codes of that one person. Runs on PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginChallenge } from '../../contract/auth.ts';
import { apiPaths } from '../../contract/routes.ts';
import { RecoveryCodes, TwoFactorSetup, TwoFactorStatus, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../db/security-schema.ts';
import { confirmTwoFactor, twoFactorDepsOf } from '../shared/auth/two-factor.ts';
import { bearer, createUser, nextAddress } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime(),
  });

/** Until `release()`, the database refuses recovery codes for this one person, as a failing disk or a lost connection would. */
async function refuseRecoveryCodesOf(userId: number): Promise<{ release(): Promise<void> }> {
  const id = Number(userId);
  const fn = `refuse_recovery_codes_${id}`;
  await ctx.database.db.execute(
    sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id = ${id} THEN RAISE EXCEPTION 'recovery codes refused for the test'; END IF;
        RETURN NEW;
      END $$`),
  );
  await ctx.database.db.execute(
    sql.raw(`CREATE TRIGGER ${fn} BEFORE INSERT ON two_factor_recovery_codes FOR EACH ROW EXECUTE FUNCTION ${fn}()`),
  );
  return {
    async release() {
      await ctx.database.db.execute(sql.raw(`DROP TRIGGER ${fn} ON two_factor_recovery_codes`));
      await ctx.database.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    },
  };
}

describe('turning two-step sign-in on is one transaction', () => {
  it('leaves it off, without codes and with the first code unused, when the recovery codes fail to be written', async () => {
    const user = await createUser(ctx);
    const setup = await ctx.app.inject({ method: 'POST', url: twoFactorApiPaths.setup, headers: bearer(user.token) });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = TwoFactorSetup.parse(setup.json().data);
    const code = codeOf(secret);

    const refusal = await refuseRecoveryCodesOf(user.id);
    try {
      const deps = twoFactorDepsOf({ db: ctx.database.db, clock: ctx.clock, config: ctx.config });
      await expect(confirmTwoFactor(deps, user.id, code, user.password)).rejects.toThrow(/insert into "two_factor_recovery_codes"/);
    } finally {
      await refusal.release();
    }

    // Nothing of it stayed: not on, no recovery codes, the first code's step not claimed.
    const [row] = await ctx.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    expect(row?.enabledAt).toBeNull();
    expect(row?.lastUsedStep).toBeNull();
    expect(await ctx.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toEqual([]);
    const status = await ctx.app.inject({ method: 'GET', url: twoFactorApiPaths.status, headers: bearer(user.token) });
    expect(TwoFactorStatus.parse(status.json().data)).toEqual({ enabled: false, recovery_codes_left: 0, required_by: [] });
    // The password alone still signs in: no second step the person has no codes for.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { login: user.email, password: user.password },
      remoteAddress: nextAddress(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(LoginChallenge.safeParse(signIn.json().data).success).toBe(false);

    // Once the database takes writes again, the same first code turns it on, with its ten codes.
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: twoFactorApiPaths.confirm,
      headers: bearer(user.token),
      payload: { code, current_password: user.password },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(RecoveryCodes.parse(confirmed.json().data).recovery_codes).toHaveLength(10);
    const after = await ctx.app.inject({ method: 'GET', url: twoFactorApiPaths.status, headers: bearer(user.token) });
    expect(TwoFactorStatus.parse(after.json().data)).toEqual({ enabled: true, recovery_codes_left: 10, required_by: [] });
  });
});
