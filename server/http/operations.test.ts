// Running many processes (decision 196): readiness that fails while the database, Redis or
// the uploads' bucket is unreachable, and Prometheus metrics behind METRICS_TOKEN (request rate and latency by route,
// rate-limit refusals, upload bytes, pool and realtime gauges).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { bearer, createUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';
import { startTestS3 } from '../test/s3-server.ts';

const token = 'scrape-token-0123456789';

// Contexts are made in hooks: a worker's first one builds the PGlite template, a hook's time (vitest.config.ts).
describe('GET /api/ready', () => {
  let plain: TestContext;
  let withRedis: TestContext;
  let redisDown: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
    withRedis = await createTestContext({ REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379' });
    // Port 1: nothing listens there.
    redisDown = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await withRedis?.close();
    await redisDown?.close();
  });

  it('is ready while the database answers, Redis not configured', async () => {
    const res = await plain.app.inject({ method: 'GET', url: apiPaths.ready });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { status: 'ready', database: 'up', redis: 'not_configured', uploads: 'up', replica: 'not_configured' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // Liveness stays what it was.
    expect((await plain.app.inject({ method: 'GET', url: apiPaths.health })).json()).toEqual({ data: { status: 'ok' } });
  });

  it('is ready with a reachable Redis, and not (503) while Redis is unreachable', async () => {
    const res = await withRedis.app.inject({ method: 'GET', url: apiPaths.ready });
    expect(res.json()).toEqual({ data: { status: 'ready', database: 'up', redis: 'up', uploads: 'up', replica: 'not_configured' } });
    const down = await redisDown.app.inject({ method: 'GET', url: apiPaths.ready });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ data: { status: 'not_ready', database: 'up', redis: 'down', uploads: 'up', replica: 'not_configured' } });
  });

  it('asks the uploads bucket too: ready while it answers, not (503) while it is missing', async () => {
    const s3 = await startTestS3();
    const bucket = await createTestContext(s3.env);
    const missing = await createTestContext({ ...s3.env, S3_BUCKET: 'no-such-bucket-here' });
    try {
      expect((await bucket.app.inject({ method: 'GET', url: apiPaths.ready })).json()).toEqual({
        data: { status: 'ready', database: 'up', redis: 'not_configured', uploads: 'up', replica: 'not_configured' },
      });
      const down = await missing.app.inject({ method: 'GET', url: apiPaths.ready });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        data: { status: 'not_ready', database: 'up', redis: 'not_configured', uploads: 'down', replica: 'not_configured' },
      });
    } finally {
      await bucket.close();
      await missing.close();
      await s3.close();
    }
    // Two test contexts of its own (an app and a database each): on a loaded machine they take their time.
  }, 120_000);

  it('is not ready (503) once the database is gone', async () => {
    await plain.relay.stop();
    await plain.database.close();
    const res = await plain.app.inject({ method: 'GET', url: apiPaths.ready });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      data: { status: 'not_ready', database: 'down', redis: 'not_configured', uploads: 'up', replica: 'not_configured' },
    });
    await plain.app.close();
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const ctx = await createTestContext();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  describe('with METRICS_TOKEN', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ METRICS_TOKEN: token });
    });
    afterAll(async () => ctx?.close());
    const scrape = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return res.body;
    };

    it('refuses a scraper without the token or with another one (401)', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } })).statusCode,
      ).toBe(401);
      // A signed-in person's token is not the scraper's.
      const person = await createUser(ctx);
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(person.token) })).statusCode).toBe(401);
    });

    it('counts requests and their latency by route pattern, never by raw URL', async () => {
      const person = await createUser(ctx);
      for (let i = 0; i < 3; i++)
        expect((await ctx.app.inject({ method: 'GET', url: apiPaths.profileShow, headers: bearer(person.token) })).statusCode).toBe(200);
      await ctx.app.inject({ method: 'GET', url: apiPaths.profileShowOf(person.id), headers: bearer(person.token) });
      const body = await scrape();
      expect(body).toMatch(/profiles_http_requests_total\{method="GET",route="\/api\/profile\/show",status="200"\} [3-9]/);
      expect(body).toContain('route="/api/profile/show/:identifier"');
      expect(body).not.toContain(`route="/api/profile/show/${person.id}"`);
      expect(body).toMatch(/profiles_http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/profile\/show"\}/);
      expect(body).toContain('profiles_realtime_connections 0');
      expect(body).toContain('profiles_process_resident_memory_bytes');
    });

    it('counts upload bytes and rate-limit refusals', async () => {
      const person = await createUser(ctx);
      const file = sampleFiles.pdf();
      const form = multipartFile(file, 'cv.pdf');
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: profileApiPaths.upload('media'),
            headers: { ...form.headers, ...bearer(person.token) },
            payload: form.payload,
          })
        ).statusCode,
      ).toBe(201);
      expect(await scrape()).toMatch(new RegExp(`profiles_upload_bytes_total ${file.length}\\b`));
      // Wrong passwords until the sign-in limit refuses.
      let refused = 0;
      for (let i = 0; i < 12 && !refused; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: apiPaths.login,
          payload: { login: person.email, password: `Wrong-${i}-Passw0rd` },
        });
        if (res.statusCode === 429) refused += 1;
      }
      expect(refused).toBe(1);
      expect(await scrape()).toMatch(/profiles_rate_limit_refusals_total\{route="\/api\/login"\} 1/);
    });
  });
});
