// The error screen for fatal and unhandled errors (SPEC §2, §8): the status, the message and 'Go to
// Homepage'. A 404 (an unknown profile) reads as the not-found screen, its static twin, with the
// error's own message ('Profile not found') under the not-found heading.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { HttpStatus } from '../../../contract/errors.ts';
import { $fatalError } from '../../lib/stores/fatal-error.ts';
import { useHydrated } from '../../components/use-hydrated.ts';

interface Props {
  heading: string;
  /** Heading and explanation of a 404, as on the not-found page. */
  notFoundHeading: string;
  notFoundText: string;
  goHomeLabel: string;
  /** The root of the page's language, e.g. `/uk/`. */
  homeHref: string;
}

export default function ErrorScreen({ heading, notFoundHeading, notFoundText, goHomeLabel, homeHref }: Props) {
  // The bootstrap may set an error before this island hydrates (an unknown profile id is known at
  // once); showing it in the hydration render would not match the server's empty HTML.
  const hydrated = useHydrated();
  const stored = useStore($fatalError);
  const error = hydrated ? stored : null;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const main = document.getElementById('main');
    if (main) main.hidden = error !== null;
    // Move focus so screen readers and keyboards land on the news, not on a hidden page.
    if (error) headingRef.current?.focus();
  }, [error]);

  if (!error) return null;
  const isNotFound = error.status === HttpStatus.notFound;
  // Status 0 is a failure without an answer (offline, an answer the contract refuses): no number to show.
  const status = error.status !== undefined && error.status > 0 ? error.status : undefined;
  return (
    <section className="error-screen" aria-labelledby="error-screen-heading">
      {status !== undefined && <p className="error-screen-status">{status}</p>}
      <h1 id="error-screen-heading" ref={headingRef} tabIndex={-1}>
        {isNotFound ? notFoundHeading : heading}
      </h1>
      <p role="alert" className="error-screen-message">
        {error.message}
      </p>
      {isNotFound && <p>{notFoundText}</p>}
      <a className="ui-button" data-variant="primary" href={homeHref}>
        {goHomeLabel}
      </a>
    </section>
  );
}
