// The registered companies the job form suggests while the person types a company's name: the
// answer to the latest words only, asked once typing pauses, so 'North' finds Northwind
// Studio without a request per key. A failed lookup leaves no suggestions: free text still works.
import { atom } from 'nanostores';
import type { CareerCompany } from '../../../contract/careers.ts';
import { fetchCompanySuggestions } from '../api/careers-api.ts';

/** How long typing pauses before the form asks (ms). */
export const suggestionPauseMs = 200;

export const $companySuggestions = atom<{ typed: string; companies: CareerCompany[] }>({ typed: '', companies: [] });

let pending: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | undefined;

/** Asks for the companies `typed` may mean, once typing pauses; fewer than two letters ask nothing. */
export function suggestCompaniesFor(typed: string): void {
  clearTimeout(pending);
  inFlight?.abort();
  const words = typed.trim();
  if (words.length < 2) {
    $companySuggestions.set({ typed: words, companies: [] });
    return;
  }
  pending = setTimeout(() => {
    const controller = new AbortController();
    inFlight = controller;
    fetchCompanySuggestions(words, undefined, controller.signal).then(
      (companies) => {
        if (!controller.signal.aborted) $companySuggestions.set({ typed: words, companies });
      },
      () => {
        if (!controller.signal.aborted) $companySuggestions.set({ typed: words, companies: [] });
      },
    );
  }, suggestionPauseMs);
}
