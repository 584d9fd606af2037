// The one error handler: every domain error answers with its code's status from the contract table,
// 429s carry Retry-After, rule violations are titled in the request's language, and framework
// errors get codes of their own.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../contract/errors.ts';
import { messageRef } from '../../contract/validation.ts';
import {
  ConflictError,
  type DomainError,
  FileTooLargeError,
  FileTypeNotAcceptedError,
  ForbiddenError,
  NotFoundError,
  RuleBrokenError,
  TooManyError,
  TooSoonError,
  UnauthenticatedError,
} from '../domain-errors.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { installErrorHandler } from './errors.ts';
import { violation } from './violations.ts';

const thrown: Record<string, () => DomainError> = {
  unauthenticated: () => new UnauthenticatedError(),
  forbidden: () => new ForbiddenError(),
  notFound: () => new NotFoundError(),
  conflict: () => new ConflictError('already_verified', 'Already verified.'),
  rule: () => new RuleBrokenError([{ field: 'first_name', message: messageRef('validation.required') }]),
  tooSoon: () => new TooSoonError(40, 'Wait.', { resend_available_in: 40 }),
  tooMany: () => new TooManyError(7),
  fileTooLarge: () => new FileTooLargeError(5 * 1024 * 1024),
  fileType: () => new FileTypeNotAcceptedError(),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  for (const [name, make] of Object.entries(thrown)) {
    app.post(`/${name}`, async () => {
      throw make();
    });
  }
  await app.ready();
});
afterAll(async () => app.close());

describe('the error handler', () => {
  it.each(Object.entries(thrown))('answers %s with its code and the status the contract gives that code', async (name, make) => {
    const res = await app.inject({ method: 'POST', url: `/${name}` });
    const body = expectErrorAnswer(res, name);
    expect(body.code).toBe(make().code);
    expect(res.statusCode).toBe(errorCodes[make().code]);
  });

  it('sends Retry-After with the seconds of a too-soon or too-many error, and the details in the body', async () => {
    const soon = await app.inject({ method: 'POST', url: '/tooSoon' });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('40');
    expect(soon.json()).toEqual({ message: 'Wait.', code: 'too_soon', retry_after: 40, resend_available_in: 40 });
    const many = await app.inject({ method: 'POST', url: '/tooMany' });
    expect(many.headers['retry-after']).toBe('7');
  });

  it('titles rule violations in the request language', async () => {
    const en = await app.inject({ method: 'POST', url: '/rule' });
    expect(en.json().violations).toEqual([{ field: 'first_name', title: 'The first name Field is required' }]);
    const uk = await app.inject({ method: 'POST', url: '/rule?locale=uk_UA' });
    const [violation] = uk.json().violations;
    expect(violation.field).toBe('first_name');
    // SPEC §5 fixes the English phrase; a Ukrainian request gets a Ukrainian one, with no English in it.
    expect(violation.title).toBe('«first name»: Поле обов’язкове');
    expect(violation.title).not.toMatch(/\bThe\b/);
    expect(uk.json().message).toBe(violation.title);
  });

  it('gives the framework errors codes: bad JSON, unknown content type', async () => {
    const bad = await app.inject({ method: 'POST', url: '/rule', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(expectErrorAnswer(bad).code).toBe('invalid_json');
    const odd = await app.inject({ method: 'POST', url: '/rule', headers: { 'content-type': 'text/x-odd' }, payload: 'x' });
    expect(expectErrorAnswer(odd).code).toBe('unsupported_content_type');
  });

  it('hides a server failure behind server_error', async () => {
    const broken = Fastify();
    installErrorHandler(broken);
    broken.get('/', async () => {
      throw new Error('database password is hunter2');
    });
    const res = await broken.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(expectErrorAnswer(res).code).toBe('server_error');
    expect(res.body).not.toContain('hunter2');
    await broken.close();
  });
});

describe('a violation of a path’s or query’s field', () => {
  // Path and query fields are named in camelCase ('companyId'): their titles read its words, as a
  // body's first_name reads 'first name', never 'The companyId Invalid field'.
  it('names the field in words, in either language', () => {
    expect(violation('companyId', messageRef('validation.invalid'), 'en_GB').title).toBe('The company id Invalid field');
    expect(violation('teamMemberId', messageRef('validation.required'), 'en_GB').title).toBe('The team member id Field is required');
    expect(violation('companyId', messageRef('validation.invalid'), 'uk_UA').title).toBe('«company id»: Недійсне значення');
  });
});

describe('a violation whose text is a sentence of its own', () => {
  it("says it once: 'The entered code is incorrect.', not 'The code The entered code is incorrect.'", () => {
    expect(violation('code', messageRef('validation.code'), 'en_GB')).toEqual({ field: 'code', title: 'The entered code is incorrect.' });
    expect(violation('password', messageRef('validation.samePassword'), 'en_GB').title).toBe(
      'The new password must differ from the current one.',
    );
    // Texts that are not sentences of their own keep the field's phrase the site strips.
    expect(violation('first_name', messageRef('validation.required'), 'en_GB').title).toBe('The first name Field is required');
    expect(violation('code', messageRef('validation.code'), 'uk_UA').title).toBe('Введений код неправильний.');
  });

  it("says 'Current password is incorrect.', not 'The current password Current password is incorrect.'", () => {
    // Every text that is a sentence of its own is the title as it is, in both languages.
    expect(violation('current_password', messageRef('validation.currentPasswordWrong'), 'en_GB').title).toBe(
      'Current password is incorrect.',
    );
    expect(violation('current_password', messageRef('validation.currentPasswordWrong'), 'uk_UA').title).toBe(
      'Поточний пароль неправильний.',
    );
    expect(violation('email', messageRef('validation.personalEmail'), 'en_GB').title).toBe('Please enter your personal email.');
    expect(violation('password', messageRef('validation.newPassword.number'), 'en_GB').title).toBe(
      'New password must include at least one number',
    );
    // SPEC §5's fragments, which say nothing of what they are about, keep the field in front.
    expect(violation('name', messageRef('validation.tooLong', { maximum: 255 }), 'en_GB').title).toBe(
      'The name Exceeded maximum character length of 255',
    );
    expect(violation('url', messageRef('validation.invalid'), 'uk_UA').title).toBe('«url»: Недійсне значення');
    expect(violation('headline', messageRef('validation.unstorable'), 'en_GB').title).toMatch(/^The headline Contains a character/);
  });
});
