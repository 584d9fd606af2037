// SPEC §7 end to end: the site's transport sends a PUT with form data as POST with
// `_method=PUT`, and the API, listening for real, routes it as the PUT. Joins src/lib/api/request.ts
// to server/http/method-override.ts over a socket, as a browser meets them (decision 174). The
// server's own cases, on both databases, are in server/http/method-override.test.ts.
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileApiPaths } from '../../contract/routes.ts';
import { createApiClient } from '../../src/lib/api/request.ts';
import { routeAsOverriddenMethod } from '../../server/http/method-override.ts';
import { createUser, type TestUser } from '../../server/test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../server/test/harness.ts';

const originOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const clientFor = (baseUrl: string, token = '') =>
  createApiClient({ baseUrl, fetch: globalThis.fetch, token: () => token, locale: () => 'en_GB' });

describe('a PUT with form data (SPEC §7)', () => {
  let ctx: TestContext;
  let person: TestUser;
  let echo: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext();
    person = await createUser(ctx);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    // A multipart PUT route as a feature would write one, behind the same listener as the API's.
    echo = Fastify();
    await echo.register(multipart);
    echo.setNotFoundHandler(async (request, reply) => {
      if (await routeAsOverriddenMethod(echo, request, reply)) return reply;
      return reply.code(404).send({ code: 'not_found' });
    });
    echo.put('/things/:id', async (request) => {
      const fields: Record<string, string> = {};
      let bytes = 0;
      let sum = 0;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          bytes += buffer.length;
          sum = buffer.reduce((a, b) => (a * 31 + b) % 1_000_003, sum);
        } else fields[part.fieldname] = String(part.value);
      }
      return { data: { method: request.method, raw: request.raw.method, fields, bytes, sum } };
    });
    await echo.listen({ host: '127.0.0.1', port: 0 });
    // The first PGlite of a worker compiles and migrates (as in the api project's hook timeout).
  }, 180_000);
  afterAll(async () => {
    await echo?.close();
    await ctx?.close();
  });

  it('reaches the PUT route of the API, which today answered 404 to the POST', async () => {
    // PUT /api/profile takes JSON: a form body reaches it and is refused for its content (422), not 404.
    const failure = await clientFor(originOf(ctx.app), person.token)
      .put(profileApiPaths.update, { form: { first_name: 'Ann' } })
      .then(
        () => null,
        (error: { status: number; code?: string }) => error,
      );
    expect(failure).toMatchObject({ status: 422, code: 'validation_failed' });
    // Without `_method` the same POST finds no route.
    const plain = await fetch(`${originOf(ctx.app)}${profileApiPaths.update}`, {
      method: 'POST',
      body: new FormData(),
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(plain.status).toBe(404);
    // The unit project's 5 s is short for a first request to a cold API on a loaded machine.
  }, 30_000);

  it('arrives whole: every field and the file, as the PUT it stands for', async () => {
    // Bigger than what the server reads ahead, so the file's bytes cross the peeked start and the rest.
    const bytes = new Uint8Array(200_000).map((_, i) => i % 251);
    const file = new Blob([bytes], { type: 'application/pdf' });
    const answer = await clientFor(originOf(echo)).put<{ data: unknown }>('/things/4', { form: { title: 'Report', file } });
    expect(answer.data).toEqual({
      method: 'PUT',
      raw: 'PUT',
      fields: { _method: 'PUT', title: 'Report' },
      bytes: 200_000,
      sum: bytes.reduce((a, b) => (a * 31 + b) % 1_000_003, 0),
    });
  }, 30_000);
});
