// `/robots.txt` names the sitemap at its absolute address on the public site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_SITE_URL: 'https://profiles.example/' });
});

afterAll(async () => {
  await ctx.close();
});

describe('robots.txt', () => {
  it('allows crawling and names the sitemap by its full address', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const lines = answer.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Sitemap: https://profiles.example/sitemap.xml');
    // The address it names answers with the sitemap.
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<?xml');
  });
});
