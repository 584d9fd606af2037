// Behind TRUST_PROXY the client is the address its nearest trusted proxy saw: the X-Forwarded-For
// entry that many from the right. A proxy that appends (nginx's $proxy_add_x_forwarded_for) keeps
// whatever the client wrote further left, so reading the left-most entry let a client pick a new
// address for every request and pass every per-address limit (found by a security re-test).
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

const contexts: TestContext[] = [];
afterAll(async () => Promise.all(contexts.map((ctx) => ctx.close())));

async function contextWith(env: Record<string, string>): Promise<TestContext> {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  return ctx;
}

/** The statuses of `tries` wrong sign-ins, each for another unknown login, with the header `forwarded(i)` names. */
async function signInStatuses(ctx: TestContext, tries: number, forwarded: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i += 1) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwarded(i) },
      payload: { login: `nobody-${i}@example.test`, password: 'Wrong-Passw0rd-1' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

// The sign-in limit takes 20 attempts from one address in 10 minutes.
const limit = 20;
const spoofed = (i: number) => `198.51.100.${i + 1}`;

describe('the address a request counts under', () => {
  it('behind one proxy is the entry it appended, whatever the client wrote before it', async () => {
    const ctx = await contextWith({ TRUST_PROXY: 'true' });
    const statuses = await signInStatuses(ctx, limit + 1, (i) => `${spoofed(i)}, 203.0.113.7`);
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses[limit]).toBe(429);
    // Another client behind the same proxy is not held by it.
    expect(await signInStatuses(ctx, 1, () => '203.0.113.8')).toEqual([401]);
  });

  it('behind a chain of proxies is the entry that many from the right', async () => {
    const ctx = await contextWith({ TRUST_PROXY: '2' });
    const statuses = await signInStatuses(ctx, limit + 1, (i) => `${spoofed(i)}, 203.0.113.9, 192.0.2.1`);
    expect(statuses[limit]).toBe(429);
  });

  it('without a trusted proxy is the connection’s own, whatever the header says', async () => {
    const ctx = await contextWith({});
    const statuses = await signInStatuses(ctx, limit + 1, (i) => spoofed(i));
    expect(statuses[limit]).toBe(429);
  });
});
