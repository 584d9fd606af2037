// What the caller layer does with a failed call (SPEC §8): toasts and the 401 rules live here, not
// in the transport.
import type { Locale } from '../../../contract/locale.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import { apiPaths } from '../../../contract/routes.ts';
import { failureText } from '../base/failure-text.ts';
import { libText } from '../base/lib-messages.ts';
import { logOut } from './logout.ts';
import { currentSitePath, routeNameOf } from '../base/site-path.ts';
import { $locale } from '../stores/locale.ts';
import { $endingSessionDeliberately, $token, discardToken } from '../stores/session.ts';
import { notifyError } from '../stores/toasts.ts';
import { ApiError } from '../base/api-error.ts';

/** What the policy did, for callers and tests. */
export type ErrorOutcome = 'ignored' | 'toast' | 'discarded-token' | 'logged-out';

/** The facts the rules look at; the defaults read the stores and the current path. */
export interface ErrorContext {
  signedIn: boolean;
  routeName: string;
  locale: Locale;
  /** The page is ending its own session (closing the account): a 401 is expected, not a loss. */
  endingDeliberately?: boolean;
}

function currentContext(): ErrorContext {
  return {
    signedIn: $token.get() !== '',
    routeName: routeNameOf(currentSitePath().page),
    locale: $locale.get(),
    endingDeliberately: $endingSessionDeliberately.get(),
  };
}

/** Decides what a failed call leads to, without doing it. */
export function errorOutcome(error: unknown, context: ErrorContext): ErrorOutcome {
  const path = error instanceof ApiError ? error.path : '';
  // Login failures belong to the form; logout failures are ignored (SPEC §8).
  if (path === apiPaths.login || path === apiPaths.loginSecondStep) return 'ignored';
  const isUnauthorized = error instanceof ApiError && error.status === HttpStatus.unauthorized;
  if (isUnauthorized && context.endingDeliberately) return 'ignored';
  if (isUnauthorized && context.signedIn) {
    const onLoginShowingProfile = context.routeName === 'login' && path === apiPaths.profileShow;
    if (onLoginShowingProfile || path === apiPaths.logout) return 'discarded-token';
    return 'logged-out';
  }
  if (path === apiPaths.logout) return 'ignored';
  return 'toast';
}

/** Applies the SPEC §8 rules to a failed call: toast, discard the token, or log out. */
export function reportRequestError(error: unknown, context: ErrorContext = currentContext()): ErrorOutcome {
  const outcome = errorOutcome(error, context);
  if (outcome === 'toast') notifyError(failureText(error, context.locale));
  if (outcome === 'discarded-token') {
    discardToken();
    // Here only what the server said (in the page's language): the fallback 'Some error' is not shown (SPEC §8).
    const serverSaid = error instanceof ApiError && (error.code !== undefined || error.serverMessage !== '');
    notifyError(serverSaid ? error.message : libText(context.locale, 'error.generic'));
  }
  if (outcome === 'logged-out') void logOut();
  return outcome;
}
