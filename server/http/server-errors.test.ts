import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser } from '../test/auth-helpers.ts';

let ctx: TestContext;
// In the hook (60 s), not the test (30 s): the first context of a worker migrates the template.
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('an unexpected failure', () => {
  it('answers 500 with a generic message and a request reference, hiding the cause', async () => {
    const user = await createUser(ctx);
    await ctx.database.close();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(user.token) });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.message).toMatch(/^Something went wrong on our side\. Please try again later\. \(reference [\w-]+\)$/);
    expect(JSON.stringify(body)).not.toMatch(/pglite|postgres|closed|sql/i);
    await ctx.app.close();
  });
});
