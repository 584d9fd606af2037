// Contents that load when they come near the screen (decisions 175, 206, 212): a page's first script
// has no room for every card's code, so a placeholder shows with the page and the code arrives as the
// person scrolls (or tabs) towards it. Plain state, no Suspense, so nothing shown is ever hidden again.
// Until then the placeholder is still: nothing is loading, and a shimmer left running below the fold
// had the browser restyle the page sixty times a second for as long as it stayed open (decision 225).
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

interface Props<P extends object> {
  /** The contents' module, imported when the placeholder first comes within 200 px of the screen. */
  load: () => Promise<{ default: ComponentType<P> }>;
  /** The contents' props. */
  props: P;
  /** What shows until the code has arrived (a card's title and a skeleton). */
  placeholder: ReactNode;
}

/** How near the screen, in pixels, the place starts loading. */
const nearMargin = 200;

export default function NearScreen<P extends object>({ load, props, placeholder }: Props<P>) {
  const ref = useRef<HTMLDivElement>(null);
  const [Contents, setContents] = useState<ComponentType<P> | null>(null);
  // Near the screen: the code is on its way and the placeholder's skeleton shimmers (kit.css).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const place = ref.current;
    let done = false;
    const stop = () => {
      observer?.disconnect();
      globalThis.removeEventListener('scroll', onScroll);
    };
    const show = () => {
      if (done) return;
      done = true;
      stop();
      setNear(true);
      // A failed import (a dropped connection) leaves the place to try again when next near the screen.
      load().then(
        (m) => setContents(() => m.default),
        () => {
          done = false;
          setNear(false);
          start();
        },
      );
    };
    // A fast scroll can carry the place from below the screen to above it between two frames: the
    // observer then sees no change and never reports it, and the card stayed a skeleton.
    // So a scroll that leaves the place at or above the near zone shows it too.
    const onScroll = () => {
      if (place && place.getBoundingClientRect().top < globalThis.innerHeight + nearMargin) show();
    };
    let observer: IntersectionObserver | undefined;
    const start = () => {
      if (!place || typeof IntersectionObserver === 'undefined') return show();
      observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && show(), {
        rootMargin: `${nearMargin}px`,
      });
      observer.observe(place);
      globalThis.addEventListener('scroll', onScroll, { passive: true });
    };
    start();
    return () => {
      done = true;
      stop();
    };
    // The place loads one module for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return Contents ? (
    <Contents {...props} />
  ) : (
    <div ref={ref} className="near-screen" data-near={near ? '' : undefined}>
      {placeholder}
    </div>
  );
}
