// `client:interaction` (decision 159): an island whose prerendered HTML is all a reader needs until
// they use it hydrates on the first sign of use — focus, a pointer over or down on it, a touch, an
// input — not with the page. Nothing of its code runs while the page loads, so the load has no long
// task of it. A submit that comes before the code runs (a password manager filled the form and the
// person pressed the button at once) is held and sent again once the island is live: it never posts
// the static page natively, and it is never lost.
// Astro's ClientDirective, written out: src/lib stays framework-free.
type Hydrate = () => Promise<void>;
type ClientDirective = (load: () => Promise<Hydrate>, options: { name: string; value: string }, island: HTMLElement) => void;

/** The events that mean the person is about to use the island. */
export const intentEvents = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'input'] as const;

/**
 * The attribute an island under this directive puts on its root element once its handlers are
 * attached (an effect of its first commit: `useLiveMarker`). Until then a submit is held.
 */
export const liveAttribute = 'data-live';

/** Resolves once an element inside the island carries the live attribute. */
export function liveSignal(island: HTMLElement): Promise<void> {
  const isLive = () => island.querySelector(`[${liveAttribute}]`) !== null;
  if (isLive()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!isLive()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(island, { subtree: true, childList: true, attributes: true, attributeFilter: [liveAttribute] });
  });
}

const interactionDirective: ClientDirective = (load, _options, island) => {
  let held = false;
  const hold = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second press while the first waits adds nothing: the replay sends the form once.
    if (held) return;
    held = true;
    const submitter = (event as SubmitEvent).submitter;
    void start().then(() =>
      // In a task of its own: a form ignores a submit requested while its own submit event is
      // still being dispatched.
      setTimeout(() => {
        if (typeof form.requestSubmit === 'function') form.requestSubmit(submitter instanceof HTMLElement ? submitter : null);
        else form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      }, 0),
    );
  };

  let live: Promise<void> | undefined;
  const start = (): Promise<void> =>
    (live ??= (async () => {
      for (const type of intentEvents) island.removeEventListener(type, onIntent, true);
      const hydrate = await load();
      await hydrate();
      // React hydrates inside a transition, so hydrate() resolves before the island's handlers are
      // attached: wait for the island to say it is live (decision 162).
      await liveSignal(island);
      // Live: the island's own handlers take every submit from now on.
      island.removeEventListener('submit', hold, true);
    })());
  const onIntent = () => void start();

  for (const type of intentEvents) island.addEventListener(type, onIntent, { capture: true, passive: true });
  island.addEventListener('submit', hold, true);
};

export default interactionDirective;
