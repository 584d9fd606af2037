// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../base/api-error.ts';
import { applyServerViolations } from './server-violations.ts';
import { confirmClose, confirmDeletion, deletionQuestion, guardUnsavedChanges } from './confirmations.ts';
import { scrollToFirstError } from './scroll-to-error.ts';
import { fieldErrorsFrom, violationMessage } from './server-violations.ts';

describe('server violations (SPEC §5)', () => {
  it('lose the leading "The {field}" in either spelling and any case, and start with a capital', () => {
    expect(violationMessage({ field: 'first_name', title: 'The first name Field is required' })).toBe('Field is required');
    expect(violationMessage({ field: 'first_name', title: 'the First_Name must be shorter' })).toBe('Must be shorter');
    expect(violationMessage({ field: 'email', title: 'The email has already been taken.' })).toBe('Has already been taken.');
    expect(violationMessage({ field: 'languages.0.code', title: 'The languages.0.code is invalid' })).toBe('Is invalid');
    // A path's or query's camelCase field, which the server names in words.
    expect(violationMessage({ field: 'companyId', title: 'The company id Invalid field' })).toBe('Invalid field');
  });

  it('lose the leading "«{field}»:" of a Ukrainian title the same way', () => {
    expect(violationMessage({ field: 'first_name', title: '«first name»: Поле обов’язкове' })).toBe('Поле обов’язкове');
    expect(violationMessage({ field: 'visibility', title: '«visibility»: Поле обов’язкове' })).toBe('Поле обов’язкове');
    expect(violationMessage({ field: 'companyId', title: '«company id»: Недійсне значення' })).toBe('Недійсне значення');
    expect(violationMessage({ field: 'technical_skills.0', title: '«technical skills.0»: Поле обов’язкове' })).toBe('Поле обов’язкове');
    // Another field's name in guillemets stays.
    expect(violationMessage({ field: 'phone', title: '«email»: Недійсне значення' })).toBe('«email»: Недійсне значення');
  });

  it('keep a title that does not start with its field, or that is only the field', () => {
    expect(violationMessage({ field: 'phone', title: 'Invalid phone number' })).toBe('Invalid phone number');
    expect(violationMessage({ field: 'phone', title: 'The phone' })).toBe('The phone');
    expect(violationMessage({ field: '', title: 'whole form is wrong' })).toBe('Whole form is wrong');
  });

  it('map field by field, first violation winning', () => {
    expect(
      fieldErrorsFrom([
        { field: 'email', title: 'The email is taken' },
        { field: 'email', title: 'The email is odd' },
        { field: 'phone', title: 'The phone is invalid' },
      ]),
    ).toEqual({ email: 'Is taken', phone: 'Is invalid' });
  });
});

describe('scrolling to the first error', () => {
  it('scrolls to the first shown error and focuses its field', () => {
    document.body.innerHTML = `
      <p data-form-error hidden>hidden</p>
      <p data-form-error></p>
      <input id="email" aria-describedby="hint email-error" />
      <p id="email-error" data-form-error>Invalid email address</p>
      <p data-form-error>later</p>`;
    const target = document.getElementById('email-error') as HTMLElement;
    const scroll = vi.fn();
    target.scrollIntoView = scroll;
    expect(scrollToFirstError()).toBe(true);
    expect(scroll).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
    expect(document.activeElement?.id).toBe('email');
  });

  it('jumps without the smooth scroll for a person who asked for less motion', () => {
    document.body.innerHTML = `<input aria-describedby="e" /><p id="e" data-form-error>Required</p>`;
    const target = document.getElementById('e') as HTMLElement;
    const scroll = vi.fn();
    target.scrollIntoView = scroll;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    try {
      expect(scrollToFirstError()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(scroll).toHaveBeenCalledWith({ block: 'center', behavior: 'auto' });
  });

  it('reports when there is nothing to scroll to', () => {
    document.body.innerHTML = '<form></form>';
    expect(scrollToFirstError()).toBe(false);
  });
});

describe('confirmations (SPEC §4, §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ask before closing only with unsaved changes', async () => {
    const ask = vi.fn(() => false);
    expect(await confirmClose(false, 'en_GB', ask)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
    expect(await confirmClose(true, 'uk_UA', ask)).toBe(false);
    expect(ask).toHaveBeenCalledWith('У вас є незбережені зміни. Закрити без збереження?');
  });

  it('warn that a deletion cannot be recovered, for every deletable item, asking the page dialog given', async () => {
    for (const item of ['comment', 'education', 'employment', 'language', 'license', 'project'] as const) {
      expect(deletionQuestion(item, 'en_GB')).toMatch(/It cannot be recovered\.$/);
      expect(deletionQuestion(item, 'uk_UA')).toMatch(/не можна буде відновити\.$/);
    }
    const ask = vi.fn(async () => true);
    expect(await confirmDeletion('comment', 'en_GB', ask)).toBe(true);
    expect(ask).toHaveBeenCalledWith('Delete this comment? It cannot be recovered.');
    expect(await confirmClose(true, 'en_GB', ask)).toBe(true);
  });

  it('warn before leaving the page with unsaved changes', () => {
    let dirty = false;
    const target = new EventTarget();
    const stop = guardUnsavedChanges(() => dirty, target);
    const clean = new Event('beforeunload', { cancelable: true });
    target.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    dirty = true;
    const leaving = new Event('beforeunload', { cancelable: true });
    target.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    stop();
  });
});

describe('applyServerViolations', () => {
  it('puts each violation on its field without "The {field}", and says it did', () => {
    const set: Record<string, string> = {};
    const error = new ApiError({
      status: 422,
      method: 'POST',
      path: '/api/register',
      message: 'x',
      code: 'validation_failed',
      violations: [{ field: 'first_name', title: 'The first name Field is required' }],
    });
    expect(applyServerViolations(error, (field, message) => (set[field] = message))).toBe(true);
    expect(set).toEqual({ first_name: 'Field is required' });
  });

  it('puts every violation of a one-question form on that question, its own first', () => {
    const violations = [
      { field: 'login', title: 'The login Field is required' },
      { field: 'code', title: 'The code Invalid field' },
    ];
    const error = new ApiError({ status: 422, method: 'POST', path: '/api/x', message: 'x', code: 'validation_failed', violations });
    const onCode: [string, string][] = [];
    expect(applyServerViolations(error, (field, message) => onCode.push([field, message]), { onto: 'code' })).toBe(true);
    expect(onCode).toEqual([['code', 'Invalid field']]);
    const onEmail: [string, string][] = [];
    applyServerViolations(error, (field, message) => onEmail.push([field, message]), { onto: 'email' });
    expect(onEmail).toEqual([['email', 'Field is required']]);
  });

  it('puts a violation of a field the form names otherwise on that name', () => {
    const violations = [
      { field: 'login', title: 'The login Code is wrong' },
      { field: 'password', title: 'The password Is too short' },
    ];
    const error = new ApiError({ status: 422, method: 'POST', path: '/api/x', message: 'x', code: 'validation_failed', violations });
    const set: Record<string, string> = {};
    expect(applyServerViolations(error, (field, message) => (set[field] = message), { rename: { login: 'code' } })).toBe(true);
    expect(set).toEqual({ code: 'Code is wrong', password: 'Is too short' });
  });

  it('leaves a failure without violations to the caller', () => {
    const calls: string[] = [];
    const error = new ApiError({ status: 500, method: 'POST', path: '/a', message: 'x' });
    expect(applyServerViolations(error, (field) => calls.push(field))).toBe(false);
    expect(applyServerViolations(new Error('boom'), (field) => calls.push(field))).toBe(false);
    expect(calls).toEqual([]);
  });
});
