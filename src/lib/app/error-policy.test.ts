// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../base/page-navigation.ts';
import { $token, applyToken } from '../stores/session.ts';
import { $toastQueue, takeToasts } from '../stores/toasts.ts';
import { ApiError } from '../base/api-error.ts';
import { errorOutcome, reportRequestError, type ErrorContext } from './error-policy.ts';

const signedIn: ErrorContext = { signedIn: true, routeName: 'settings', locale: 'en_GB' };
const failure = (status: number, path: string, serverMessage = '') =>
  new ApiError({ status, method: 'GET', path, message: serverMessage || 'Some error', serverMessage });

describe('what a failed call leads to (SPEC §8)', () => {
  it('ignores login failures and non-401 logout failures', () => {
    expect(errorOutcome(failure(401, '/api/login'), signedIn)).toBe('ignored');
    expect(errorOutcome(failure(500, '/api/logout'), signedIn)).toBe('ignored');
  });

  it('discards the token on a 401 from logout, or from the profile show call on the login page', () => {
    expect(errorOutcome(failure(401, '/api/logout'), signedIn)).toBe('discarded-token');
    expect(errorOutcome(failure(401, '/api/profile/show'), { ...signedIn, routeName: 'login' })).toBe('discarded-token');
  });

  it('logs out on any other 401 while signed in', () => {
    expect(errorOutcome(failure(401, '/api/profile/show'), signedIn)).toBe('logged-out');
    expect(errorOutcome(failure(401, '/api/profile/show-extra'), { ...signedIn, routeName: 'login' })).toBe('logged-out');
  });

  it('ignores a 401 while the page ends its own session (closing the account), so it is not sent to /login', () => {
    expect(errorOutcome(failure(401, '/api/notifications/status'), { ...signedIn, endingDeliberately: true })).toBe('ignored');
    // Other failures in that window still say so.
    expect(errorOutcome(failure(422, '/api/settings/close'), { ...signedIn, endingDeliberately: true })).toBe('toast');
  });

  it('only toasts a 401 while signed out, and any other error', () => {
    expect(errorOutcome(failure(401, '/api/profile/show'), { ...signedIn, signedIn: false })).toBe('toast');
    expect(errorOutcome(failure(422, '/api/x'), signedIn)).toBe('toast');
    expect(errorOutcome(new Error('boom'), signedIn)).toBe('toast');
  });
});

describe('reportRequestError', () => {
  beforeEach(() => {
    takeToasts();
    vi.useFakeTimers();
    vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('queues an error toast', () => {
    expect(reportRequestError(failure(500, '/api/x', 'Down'), signedIn)).toBe('toast');
    expect($toastQueue.get()).toMatchObject([{ kind: 'error', message: 'Down' }]);
  });

  it('discards the token and shows the server text or "Something went wrong"', () => {
    applyToken('tok');
    reportRequestError(failure(401, '/api/logout'), signedIn);
    expect($token.get()).toBe('');
    reportRequestError(failure(401, '/api/logout', 'Session expired'), signedIn);
    expect(takeToasts().map((t) => t.message)).toEqual(['Something went wrong', 'Session expired']);
  });

  it('logs out on other 401s, without a toast', () => {
    applyToken('tok');
    expect(reportRequestError(failure(401, '/api/profile/show'), signedIn)).toBe('logged-out');
    vi.advanceTimersByTime(10);
    expect(pageNavigation.assign).toHaveBeenCalledWith('/login');
    expect(takeToasts()).toEqual([]);
  });

  it('reads the context from the stores and the location by default', () => {
    applyToken('');
    expect(reportRequestError(failure(401, '/api/x'))).toBe('toast');
    expect(reportRequestError(failure(401, '/api/login'))).toBe('ignored');
  });
});
