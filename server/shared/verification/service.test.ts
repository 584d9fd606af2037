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

/** `query` (a Drizzle builder) and every builder made from it run only once `released` has settled. */
function afterRelease<T extends object>(query: T, released: Promise<void>): T {
  return new Proxy(query, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (key === 'then' && typeof member === 'function')
        return (resolve: (value: unknown) => void, reject: (error: unknown) => void) =>
          released.then(() => (member as PromiseLike<unknown>['then']).call(target, resolve, reject));
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const made: unknown = (member as (...a: unknown[]) => unknown).apply(target, args);
        return made !== null && typeof made === 'object' ? afterRelease(made, released) : made;
      };
    },
  });
}

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

  // Guesses sent together are each read before any is counted: the right one among them must not be
  // used once the wrong ones have locked the code meanwhile, or parallel requests try more codes than
  // the limit allows (a password reset's code is anonymous). The right guess's write is held until the
  // wrong ones are counted, the order parallel requests can take on any engine.
  it('refuses the right code whose wrong companions locked the code between its read and its use', async () => {
    const target = await newTarget();
    const code = await issue(target);
    let readDone!: () => void;
    const read = new Promise<void>((resolve) => (readDone = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const db = ctx.database.db;
    const held = new Proxy(db, {
      get: (target, key, receiver) =>
        key === 'update'
          ? (table: Parameters<typeof db.update>[0]) => {
              readDone();
              return afterRelease(target.update(table), released);
            }
          : Reflect.get(target, key, receiver),
    });
    const right = consumeCode(held, ctx.clock, target, code).then(
      () => 'used',
      (error: { reason?: string }) => error.reason,
    );
    await read;
    for (let i = 1; i <= codeMaxWrongTries; i += 1)
      await expect(
        consume(target, String((Number(code) + i) % 10 ** verificationCodeLength).padStart(verificationCodeLength, '0')),
      ).rejects.toMatchObject({ reason: expect.stringMatching(/incorrect|locked/) });
    release();
    expect(await right).toBe('locked');
    const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.userId, target.userId));
    expect([row!.wrongTries, row!.usedAt]).toEqual([codeMaxWrongTries, null]);
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
