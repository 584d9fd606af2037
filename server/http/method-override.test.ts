// SPEC §7 on the listening API (decision 174): a multipart POST whose first part is `_method` = PUT is
// routed as the PUT. These tests talk to the API over a socket, as a browser does, with bodies written
// by hand; one checks that inject() (every other API test's way in) takes the same way.
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { sampleFiles } from '../test/sample-files.ts';
import { overrideIn, peekLimit } from './method-override.ts';

let ctx: TestContext;
let person: TestUser;
let origin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  person = await createUser(ctx);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => ctx?.close());

const boundary = 'override-boundary';
const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (bytes: Buffer, filename: string) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const closing = `--${boundary}--\r\n`;
const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };

async function post(path: string, body: Buffer | string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...multipart, ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as { code?: string; data?: unknown } | null };
}

/** Sends a request over a raw socket, `pieces` written one by one with a pause between, and answers the status. */
function sendInPieces(head: string, pieces: (string | Buffer)[]): Promise<number> {
  const { port } = ctx.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status && answer.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('connect', async () => {
      socket.write(head);
      for (const piece of pieces) {
        // Each piece its own packet: the server must wait for the rest of the first part.
        await new Promise((r) => setTimeout(r, 30));
        socket.write(piece);
      }
    });
  });
}

describe('a multipart POST with _method=PUT (SPEC §7)', () => {
  it('reaches the PUT route: refused for its content (422), where the plain POST finds no route (404)', async () => {
    // PUT /api/profile takes JSON: a form body reaches it and its validation refuses it.
    const put = await post(
      profileApiPaths.update,
      `${field('_method', 'PUT')}${field('first_name', 'Ann')}${closing}`,
      bearer(person.token),
    );
    expect(put).toMatchObject({ status: 422, body: { code: 'validation_failed' } });
    const plain = await post(profileApiPaths.update, `${field('first_name', 'Ann')}${closing}`, bearer(person.token));
    expect(plain.status).toBe(404);
  });

  it('meets the PUT route’s own guard: anonymous 401, and another method than PUT is not honoured', async () => {
    const anonymous = await post(profileApiPaths.update, `${field('_method', 'PUT')}${closing}`);
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
    // Only PUT: a `_method` of DELETE (or a lower-case put with spaces, which is PUT) does not change a DELETE-less route.
    const deleted = await post(profileApiPaths.update, `${field('_method', 'DELETE')}${closing}`, bearer(person.token));
    expect(deleted.status).toBe(404);
    // `_method` later than the first part is not looked for.
    const late = await post(
      profileApiPaths.update,
      `${field('first_name', 'Ann')}${field('_method', 'PUT')}${closing}`,
      bearer(person.token),
    );
    expect(late.status).toBe(404);
  });

  it('waits for a first part that arrives in pieces', async () => {
    const body = `${field('_method', 'PUT')}${closing}`;
    const head = `POST ${profileApiPaths.update} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer ${person.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    // Cut inside the boundary, the field's name and its value.
    const status = await sendInPieces(head, [body.slice(0, 5), body.slice(5, 50), body.slice(50, 71), body.slice(71)]);
    expect(status).toBe(422);
  });

  it('leaves uploads as they were: streamed, stored whole, a truncated body refused with 400', async () => {
    const png = sampleFiles.png();
    const stored = await post(
      profileApiPaths.upload('photo'),
      Buffer.concat([filePart(png, 'me.png'), Buffer.from(closing)]),
      bearer(person.token),
    );
    expect(stored.status).toBe(201);
    const url = (stored.body?.data as { url: string }).url;
    const served = Buffer.from(await (await fetch(`${origin}${url}`)).arrayBuffer());
    expect(served.equals(png)).toBe(true);
    // A body cut off before its closing boundary still answers 400, not a hang.
    const truncated = await post(profileApiPaths.upload('photo'), filePart(png, 'me.png').subarray(0, 120), bearer(person.token));
    expect(truncated).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    // An empty multipart body passes on too: the route says the file is missing.
    const empty = await post(profileApiPaths.upload('photo'), '', bearer(person.token));
    expect(empty.status).toBe(422);
  });

  it('keeps Fastify’s keep-alive of 72 s, and a request time limit of an hour, not Node’s 5 minutes (a slow 100 MB upload is not cut; decision 231)', () => {
    expect(ctx.app.server.keepAliveTimeout).toBe(72_000);
    expect(ctx.app.server.requestTimeout).toBe(3_600_000);
  });

  it('is taken by inject() too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.update,
      headers: { ...multipart, ...bearer(person.token) },
      payload: `${field('_method', 'PUT')}${closing}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('passes everything else untouched: JSON, GET, the health check', async () => {
    const health = await fetch(`${origin}${apiPaths.health}`);
    expect(health.status).toBe(200);
    const json = await fetch(`${origin}${profileApiPaths.update}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(person.token) },
      body: '{"_method":"PUT"}',
    });
    expect(json.status).toBe(404);
  });
});

describe('reading the first part', () => {
  const body = (first: string, value = 'PUT') =>
    Buffer.from(`--b\r\nContent-Disposition: form-data; name="${first}"\r\n\r\n${value}\r\n--b--\r\n`);
  it('is PUT only for a first field `_method` whose value is PUT', () => {
    expect(overrideIn(body('_method'), 'b')).toEqual({ method: 'PUT' });
    expect(overrideIn(body('_method', 'put'), 'b')).toEqual({ method: 'PUT' });
    expect(overrideIn(body('title'), 'b')).toEqual({ method: null });
    expect(overrideIn(body('_method', 'DELETE'), 'b')).toEqual({ method: null });
    expect(overrideIn(Buffer.from('--b\r\nContent-Disposition: form-data; name="_method"; filename="x"\r\n\r\nPUT\r\n--b--'), 'b')).toEqual(
      { method: null },
    );
  });
  it('asks for more while the first part is incomplete, and gives up on what is not multipart', () => {
    expect(overrideIn(Buffer.from('--'), 'b')).toBe('need-more');
    expect(overrideIn(Buffer.from('--b\r\nContent-Disposition: form-data; name="_met'), 'b')).toBe('need-more');
    expect(overrideIn(Buffer.from('--b\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPU'), 'b')).toBe('need-more');
    expect(overrideIn(Buffer.from('{"a'), 'b')).toEqual({ method: null });
    expect(peekLimit).toBeLessThanOrEqual(4096);
  });
});
