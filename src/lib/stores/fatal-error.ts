// A fatal or unhandled error (SPEC §8): when set, the error screen replaces the page.
import { atom } from 'nanostores';
import { failureText } from '../base/failure-text.ts';
import { demandIsland } from '../base/island-demand.ts';
import { $locale } from './locale.ts';

/** The error screen's name for `client:demand` (decision 162). */
export const errorScreenIsland = 'error-screen';

export interface FatalError {
  message: string;
  status?: number | undefined;
}

/** The error the page cannot recover from, or null while all is well. */
export const $fatalError = atom<FatalError | null>(null);

/**
 * Shows the error screen with `error`'s text in the page's language (failureText: a failed call's
 * message; a bug's or the browser's own words never, `fallbackMessage` instead).
 */
export function showFatalError(error: unknown, fallbackMessage: string): void {
  // A string thrown or rejected is a bug's, not a message reference.
  const message = typeof error === 'string' ? fallbackMessage : failureText(error, $locale.get(), fallbackMessage) || fallbackMessage;
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : undefined;
  $fatalError.set({ message, status });
  demandIsland(errorScreenIsland);
}

export function clearFatalError(): void {
  $fatalError.set(null);
}
