// A fatal or unhandled error (SPEC §8): when set, the error screen replaces the page.
import { atom } from 'nanostores';
import { demandIsland } from '../island-demand.ts';

/** The error screen's name for `client:demand` (decision 162). */
export const errorScreenIsland = 'error-screen';

export interface FatalError {
  message: string;
  status?: number | undefined;
}

/** The error the page cannot recover from, or null while all is well. */
export const $fatalError = atom<FatalError | null>(null);

/** Shows the error screen with `error`'s message. */
export function showFatalError(error: unknown, fallbackMessage: string): void {
  const message = error instanceof Error && error.message ? error.message : fallbackMessage;
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : undefined;
  $fatalError.set({ message, status });
  demandIsland(errorScreenIsland);
}

export function clearFatalError(): void {
  $fatalError.set(null);
}
