// The bootstrap's work in slices (decision 159): a page's start-up split into tasks of its own, so no
// single piece holds the main thread long enough to delay a tap or a keypress (a long task, in
// Lighthouse's Total Blocking Time, is one over 50 ms on a mid-range phone).

interface PostTaskScheduler {
  postTask(callback: () => void, options?: { priority?: 'user-blocking' | 'user-visible' | 'background' }): Promise<unknown>;
}

/** Runs `work` soon, in a task of its own rather than the current one. */
export function inNextTask(work: () => void): void {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function') void scheduler.postTask(work, { priority: 'user-visible' });
  else setTimeout(work, 0);
}

/** How long work waiting for an idle moment waits at most, once the page has loaded. */
export const idleTimeoutMs = 2000;

/** Runs `work` once the page has loaded and the main thread is idle (within `idleTimeoutMs`). */
export function whenLoadedAndIdle(work: () => void, target: Window = window): void {
  const schedule = () => {
    if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(() => work(), { timeout: idleTimeoutMs });
    else target.setTimeout(work, 200);
  };
  if (target.document.readyState === 'complete') schedule();
  else target.addEventListener('load', schedule, { once: true });
}
