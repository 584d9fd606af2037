// The page a signed-out visitor was going to survives sign-up: "Ask to join" on a
// company's page sends them to sign in with `?redirect=` (src/lib/base/guards.ts); "Sign up" there carries
// it on, and sign-up returns to it once the email is proved (registration-pages.ts's
// nextPageReturning, as for an invitation) instead of ending on an empty profile.
import { returnPathFrom, returnToParam } from './guards.ts';

/** Carries the page's own `redirect` (when it is a safe path here) onto each of `links`. */
export function carryReturn(links: Iterable<HTMLAnchorElement>, search: string, origin: string): void {
  const back = returnPathFrom(search, origin);
  if (!back) return;
  for (const link of links) {
    const url = new URL(link.href, origin);
    url.searchParams.set(returnToParam, back);
    link.href = `${url.pathname}${url.search}${url.hash}`;
  }
}
