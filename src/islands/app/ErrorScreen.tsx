// The error screen for fatal and unhandled errors (SPEC §2, §8): the message and 'Go to Homepage'.
// It covers the page while $fatalError is set; the not-found page is its static twin.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $fatalError } from '../../lib/stores/fatal-error.ts';
import { useHydrated } from './use-hydrated.ts';

interface Props {
  heading: string;
  goHomeLabel: string;
  /** The root of the page's language, e.g. `/uk/`. */
  homeHref: string;
}

export default function ErrorScreen({ heading, goHomeLabel, homeHref }: Props) {
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
  return (
    <section className="error-screen" aria-labelledby="error-screen-heading">
      <h1 id="error-screen-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      <p role="alert">{error.message}</p>
      <a className="ui-button" data-variant="primary" href={homeHref}>
        {goHomeLabel}
      </a>
    </section>
  );
}
