// The conversation per application over the API (decision 271), on PGlite and PostgreSQL
// alike: the applicant and the company's owners and admins write both ways; anonymous callers,
// another person, another company's admin and a plain member cannot read or write it; a company
// message notifies the applicant and mails them in their language; both sides' channels hear of each
// message (names only); HTML stays text; empty, oversized and malformed bodies are a clear 4xx; 30
// messages in 10 minutes, then 429; a withdrawn application takes its conversation with it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationMessage, applicationMessagePaths, messageRate } from '../../contract/application-messages.ts';
import { applicationPaths } from '../../contract/applications.ts';
import { channelNames } from '../../contract/realtime.ts';
import { notifications } from '../db/notification-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { applyTo, hiringCompany, publishedOpening } from './fixtures.ts';

let ctx: TestContext;
let companyId: number;
let sessions: Record<'owner' | 'admin' | 'member' | 'otherAdmin', string>;
let outsider: Person;
let owner: Person;
let admin: Person;
let applicant: Person;
let openingId: number;
let applicationId: number;

type Who = keyof typeof sessions | 'anonymous' | 'outsider' | 'applicant';
const headersOf = (who: Who): Record<string, string> =>
  who === 'anonymous'
    ? {}
    : who === 'outsider'
      ? bearer(outsider.token)
      : who === 'applicant'
        ? bearer(applicant.token)
        : bearer(sessions[who]);
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown> | string, locale = 'en_GB') =>
  ctx.app.inject({
    method,
    url: `${url}?locale=${locale}`,
    headers: { ...headersOf(who), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const mine = (id = applicationId) => applicationMessagePaths.mine(id);
const theirs = (id = applicationId) => applicationMessagePaths.company(companyId, id);

const applyAs = (person: Person): Promise<number> => applyTo(ctx, person, openingId);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ companyId, sessions, owner, admin } = await hiringCompany(ctx));
  outsider = await createPerson(ctx);
  applicant = await createPerson(ctx, { firstName: 'Olena', locale: 'uk_UA' });
  openingId = await publishedOpening(ctx, companyId, sessions.owner);
  applicationId = await applyAs(applicant);
});
afterAll(async () => ctx.close());

describe('the conversation both ways', () => {
  it('carries the applicant’s and the company’s messages as text, tells the applicant in their language and both channels', async () => {
    const from = ctx.realtime.sent.length;
    const asked = await call('applicant', 'POST', mine(), { body: 'When is the interview? <script>alert(1)</script>' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(ApplicationMessage.parse(asked.json().data[0])).toMatchObject({
      side: 'applicant',
      author: { first_name: 'Olena' },
      body: 'When is the interview? <script>alert(1)</script>',
    });
    const mailsBefore = ctx.mail.length;
    const answered = await call('admin', 'POST', theirs(), { body: 'Tuesday <b>at ten</b>' });
    expect(answered.statusCode, answered.body).toBe(201);
    for (const who of ['owner', 'admin'] as const) {
      const read = await call(who, 'GET', theirs());
      expect(read.json().data.map((m: ApplicationMessage) => [m.side, m.body])).toEqual([
        ['applicant', 'When is the interview? <script>alert(1)</script>'],
        ['company', 'Tuesday <b>at ten</b>'],
      ]);
    }
    const seen = await call('applicant', 'GET', mine());
    expect(seen.json().data.map((m: ApplicationMessage) => m.side)).toEqual(['applicant', 'company']);

    const kinds = (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, applicant.id))).map((n) => n.kind);
    expect(kinds).toEqual(['application_message']);
    // The applicant's message is a company notification for the owner and admins, never a plain member.
    const received = await ctx.database.db.select().from(notifications).where(eq(notifications.kind, 'application_message_received'));
    expect(received.map((n) => [n.userId, n.scope, n.companyId]).sort()).toEqual(
      [
        [owner.id, 'company', companyId],
        [admin.id, 'company', companyId],
      ].sort(),
    );
    await ctx.relay.drain();
    const mails = ctx.mail.slice(mailsBefore).filter((m) => m.to === applicant.email);
    expect(mails.map((m) => m.text).join('\n')).toContain(
      'Компанія Northwind Studio написала вам щодо вашої заявки на вакансію «Designer»',
    );
    expect(mails.map((m) => m.text).join('\n')).not.toContain('at ten');

    await expect
      .poll(() =>
        ctx.realtime.sent
          .slice(from)
          .filter((m) => m.event === 'application.message')
          .map((m) => m.channel),
      )
      .toEqual([channelNames.user(applicant.id), channelNames.user(applicant.id)]);
    expect(
      ctx.realtime.sent
        .slice(from)
        .filter((m) => m.event === 'company.changed' && m.channel === channelNames.company(companyId))
        .map((m) => (m.data as { lists: string[] }).lists),
    ).toEqual([
      ['applications', 'notifications'],
      ['applications', 'notifications'],
    ]);
    expect(JSON.stringify(ctx.realtime.sent.slice(from).filter((m) => m.channel === channelNames.company(companyId)))).not.toContain(
      'interview',
    );
  });
});

describe('who may read and write it', () => {
  it('answers anonymous 401, another person 404 on the applicant’s side', async () => {
    expect((await call('anonymous', 'GET', mine())).statusCode).toBe(401);
    expect((await call('anonymous', 'POST', mine(), { body: 'Hi' })).statusCode).toBe(401);
    expect((await call('outsider', 'GET', mine())).statusCode).toBe(404);
    expect((await call('outsider', 'POST', mine(), { body: 'Hi' })).statusCode).toBe(404);
    // A company session is no personal session.
    expect((await call('owner', 'GET', mine())).statusCode).toBe(401);
  });

  it('answers anonymous and personal sessions 401, another company 404, a plain member 403 on the company’s side', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { body: 'Hi' }],
    ] as const) {
      expect((await call('anonymous', method, theirs(), body)).statusCode).toBe(401);
      expect((await call('outsider', method, theirs(), body)).statusCode).toBe(401);
      expect((await call('applicant', method, theirs(), body)).statusCode).toBe(401);
      expect((await call('otherAdmin', method, theirs(), body)).statusCode).toBe(404);
      const member = await call('member', method, theirs(), body);
      expect(member.statusCode).toBe(403);
      expect(expectErrorAnswer(member).code).toBe('role_forbidden');
    }
    expect((await call('owner', 'GET', theirs())).statusCode).toBe(200);
  });
});

describe('bad input and limits', () => {
  it('answers an empty, blank or oversized message and malformed JSON with a clear 4xx in the caller’s language', async () => {
    for (const [who, url] of [
      ['applicant', mine()],
      ['owner', theirs()],
    ] as const) {
      for (const body of ['', '   ', 'x'.repeat(2001)]) {
        const res = await call(who, 'POST', url, { body }, 'uk_UA');
        expect(res.statusCode, `${who} ${body.length}`).toBe(422);
        expect(expectErrorAnswer(res).violations?.[0]?.field).toBe('body');
        expect(expectErrorAnswer(res).violations?.[0]?.title).toMatch(/[а-яіїє]/i);
      }
      expect((await call(who, 'POST', url, '{"body":')).statusCode).toBe(400);
      expect((await call(who, 'POST', url, { body: 42 })).statusCode).toBe(422);
    }
    expect((await call('owner', 'GET', applicationMessagePaths.company(companyId, 'abc'))).statusCode).toBe(422);
    expect((await call('applicant', 'GET', applicationMessagePaths.mine(999_999))).statusCode).toBe(404);
  });

  it('takes 30 messages in 10 minutes from one person, then 429 with Retry-After', async () => {
    const person = await createPerson(ctx);
    const id = await applyAs(person);
    const send = () => ctx.app.inject({ method: 'POST', url: mine(id), headers: bearer(person.token), payload: { body: 'Hello' } });
    for (let i = 0; i < messageRate.max; i += 1) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(messageRate.windowMs + 1000);
    expect((await send()).statusCode).toBe(201);
  });

  it('takes the conversation away with a withdrawn application', async () => {
    const person = await createPerson(ctx);
    const id = await applyAs(person);
    expect(
      (await ctx.app.inject({ method: 'POST', url: mine(id), headers: bearer(person.token), payload: { body: 'Hi' } })).statusCode,
    ).toBe(201);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: applicationPaths.application(id), headers: bearer(person.token) })).statusCode,
    ).toBe(204);
    expect((await call('owner', 'GET', theirs(id))).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: mine(id), headers: bearer(person.token) })).statusCode).toBe(404);
  });
});
