import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../contract/envelope.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser } from '../test/auth-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('the API error shape', () => {
  it('answers an unknown API path with 404 and the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(ErrorResponse.parse(res.json())).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('answers an unknown API path with an unsafe method with 404 JSON', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('refuses malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(ErrorResponse.safeParse(res.json()).success).toBe(true);
  });

  it('maps schema failures to 422 violations titled "The {field}"', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { login: '', password: 'x' } });
    expect(res.statusCode).toBe(422);
    const body = ErrorResponse.parse(res.json());
    expect(body.violations).toEqual([{ field: 'login', title: 'The login Field is required' }]);
  });

  it('writes violation titles in the request locale, the field named in Ukrainian too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login?locale=uk_UA',
      payload: { login: 'a@b.c', password: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'password', title: '«password»: Поле обов’язкове' }]);
    // Accept-Language alone picks the language too, as for every other message.
    const byHeader = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'uk-UA,uk;q=0.9' },
      payload: { login: '', password: 'x' },
    });
    expect(byHeader.json().violations).toEqual([{ field: 'login', title: '«login»: Поле обов’язкове' }]);
  });
});

describe('security headers', () => {
  it('sets nosniff, frame denial, a strict referrer policy and a script-free CSP on API answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile/show' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cross-site protection on unsafe methods', () => {
  it('refuses a POST marked cross-site by the browser', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { login: 'a@b.c', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed.', code: 'cross_site_refused' });
  });

  it('refuses a POST from an origin that is not allowed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a multipart POST from another origin too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(403);
  });

  it("lets the site's own origin through", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: ctx.config.publicSiteUrl, 'sec-fetch-site': 'same-origin' },
      payload: { login: 'nobody@example.test', password: 'Wrong-Passw0rd' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('never refuses a GET', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('login and the profile', () => {
  it('signs in with email and password and reads the own profile', async () => {
    const user = await createUser(ctx, { firstName: 'Ada' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: user.email.toUpperCase(), password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      user_id: user.id,
      first_name: 'Ada',
      country_id: 1,
      skills: [],
      locale: 'en_GB',
    });
  });

  it('signs in with a phone number written with spaces', async () => {
    const user = await createUser(ctx, { phone: '+380671112233' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: '+380 67 111 22 33', password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 401 with the error shape without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile/show' });
    expect(res.statusCode).toBe(401);
    expect(ErrorResponse.parse(res.json()).message).toBe('Unauthenticated.');
  });

  it('answers 401 with a made-up token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer('made-up') });
    expect(res.statusCode).toBe(401);
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const user = await createUser(ctx);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'nobody-here@example.test', password: user.password },
    });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: user.email, password: 'Not-The-Passw0rd' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('revokes the token on logout', async () => {
    const user = await createUser(ctx);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(user.token) });
    expect(after.statusCode).toBe(401);
  });

  it('expires tokens after the session lifetime', async () => {
    const user = await createUser(ctx);
    ctx.clock.advance(ctx.config.sessionTtlMs + 1000);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(user.token) });
    expect(res.statusCode).toBe(401);
    ctx.clock.advance(-(ctx.config.sessionTtlMs + 1000));
  });

  it("shows another person's profile but hides their account email and phone", async () => {
    const owner = await createUser(ctx, { phone: '+380991112233' });
    const viewer = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/profile/show-extra/${owner.id}`,
      headers: bearer(viewer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: owner.id, primary_email: null, primary_phone: null });
    const own = await ctx.app.inject({ method: 'GET', url: `/api/profile/show-extra`, headers: bearer(owner.token) });
    expect(own.json().data).toMatchObject({ primary_email: owner.email, primary_phone: '+380991112233' });
  });

  it.each(['999999', 'abc', '0', '1e3', '12345678901234567890'])(
    'answers 404 "Profile not found" for identifier %s',
    async (identifier) => {
      const viewer = await createUser(ctx);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/profile/show/${identifier}`,
        headers: bearer(viewer.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Profile not found', code: 'profile_not_found' });
    },
  );
});

describe('the OpenAPI document', () => {
  it('is generated from the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/profile/show']));
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual(['login', 'password']);
  });
});
