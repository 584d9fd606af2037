// The one-time code service on its own, against the test database (PGlite by default): issuing,
// the resend countdown and hourly cap, single use, wrong tries, expiry and revocation. Every feature
// that sends a code (sign-up, password reset, the settings issue's email and phone changes) builds on it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeLifetimeSeconds, codeMaxWrongTries, codesPerHour, resendCountdownSeconds } from '../../../contract/auth.ts';
import { verificationCodeLength } from '../../../contract/validation.ts';
import { verificationCodes } from '../../db/schema.ts';
import { createPerson } from '../../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { consumeCode, issueCode, resendAvailableIn, revokeCodes, type CodeTarget } from './service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** A new person and an email-verification target for them. */
async function newTarget(overrides: Partial<CodeTarget> = {}): Promise<CodeTarget> {
  const person = await createPerson(ctx);
  return { userId: person.id, purpose: 'email_verification', channel: 'email', destination: person.email, ...overrides };
}

const issue = (target: CodeTarget) => ctx.database.db.transaction((tx) => issueCode(tx, ctx.clock, target));
const consume = (target: CodeTarget, code: string) => consumeCode(ctx.database.db, ctx.clock, target, code);
const otherCode = (code: string) => String((Number(code) + 1) % 10 ** verificationCodeLength).padStart(verificationCodeLength, '0');

describe('issueCode', () => {
  it('gives a code of six digits and keeps only its salted hash', async () => {
    const target = await newTarget();
    const code = await issue(target);
    expect(code).toMatch(new RegExp(`^\\d{${verificationCodeLength}}$`));
    const [row] = await ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, target.userId));
    expect(row).toMatchObject({
      purpose: 'email_verification',
      channel: 'email',
      destination: target.destination,
      wrongTries: 0,
      usedAt: null,
    });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.sentAt.getTime()).toBe(codeLifetimeSeconds * 1000);
  });

  it('refuses another code to the same address within the countdown, then allows it and revokes the first', async () => {
    const target = await newTarget();
    const first = await issue(target);
    await expect(issue(target)).rejects.toMatchObject({ code: 'too_soon', retryAfterSeconds: resendCountdownSeconds });
    ctx.clock.advance(resendCountdownSeconds * 1000);
    const second = await issue(target);
    if (first !== second) await expect(consume(target, first)).rejects.toMatchObject({ reason: 'incorrect' });
    await expect(consume(target, second)).resolves.toBeUndefined();
  });

  it('sends to a corrected address at once, but keeps the hourly cap across addresses', async () => {
    const target = await newTarget();
    await issue(target);
    expect(await resendAvailableIn(ctx.database.db, ctx.clock, { ...target, destination: 'corrected@example.test' })).toBe(0);
    for (let sent = 1; sent < codesPerHour; sent += 1) await issue({ ...target, destination: `corrected${sent}@example.test` });
    const wait = await resendAvailableIn(ctx.database.db, ctx.clock, { ...target, destination: 'one-more@example.test' });
    expect(wait).toBe(60 * 60);
    await expect(issue({ ...target, destination: 'one-more@example.test' })).rejects.toMatchObject({
      code: 'too_soon',
      retryAfterSeconds: wait,
    });
    ctx.clock.advance(wait * 1000);
    await expect(issue({ ...target, destination: 'one-more@example.test' })).resolves.toMatch(/^\d+$/);
  });
});

describe('consumeCode', () => {
  it('accepts the code once', async () => {
    const target = await newTarget();
    const code = await issue(target);
    await expect(consume(target, code)).resolves.toBeUndefined();
    await expect(consume(target, code)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('counts wrong tries and locks the code at the last one, even for the right code', async () => {
    const target = await newTarget();
    const code = await issue(target);
    for (let tries = 1; tries < codeMaxWrongTries; tries += 1)
      await expect(consume(target, otherCode(code))).rejects.toMatchObject({ reason: 'incorrect' });
    await expect(consume(target, otherCode(code))).rejects.toMatchObject({ reason: 'locked' });
    await expect(consume(target, code)).rejects.toMatchObject({ reason: 'locked' });
  });

  it('refuses a code past its lifetime', async () => {
    const target = await newTarget();
    const code = await issue(target);
    ctx.clock.advance(codeLifetimeSeconds * 1000);
    await expect(consume(target, code)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('refuses a code on another channel, purpose or address than it was sent for', async () => {
    const target = await newTarget();
    const code = await issue(target);
    await expect(consume({ ...target, channel: 'phone' }, code)).rejects.toMatchObject({ reason: 'expired' });
    await expect(consume({ ...target, purpose: 'password_reset' }, code)).rejects.toMatchObject({ reason: 'expired' });
    await expect(consume({ ...target, destination: 'someone-else@example.test' }, code)).rejects.toMatchObject({ reason: 'expired' });
    await expect(consume(target, code)).resolves.toBeUndefined();
  });

  it('refuses a revoked code', async () => {
    const target = await newTarget();
    const code = await issue(target);
    await revokeCodes(ctx.database.db, ctx.clock, target.userId, target.purpose);
    await expect(consume(target, code)).rejects.toMatchObject({ reason: 'expired' });
  });
});
