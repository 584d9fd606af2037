// A list the page reads more than once (its tab opening, the page's own change, a live event): only
// the answer of the read that began last is kept, since one that began before a change and answered
// after a later read would otherwise put the list back as it was before the change (decision 226).

export interface ListRead {
  /** Reads the list; settles once the list holds an answer at least as new as this read's. */
  (): Promise<void>;
  /** Whether the page has asked for the list yet: a live event for it must then read it again, even while the first read is under way. */
  asked(): boolean;
}

export function latestRead<T>(store: { set(value: T): void }, read: () => Promise<T>): ListRead {
  let started = 0;
  let latest: Promise<void> = Promise.resolve();
  const run = async (): Promise<void> => {
    const mine = ++started;
    const attempt = read().then((value) => {
      if (mine === started) store.set(value);
    });
    latest = attempt;
    await attempt;
    // A later read took over: this caller goes on once the list holds that read's answer (its failure
    // is reported to its own caller, not this one).
    while (mine !== started) {
      const later = latest;
      await later.catch(() => undefined);
      if (later === latest) break;
    }
  };
  return Object.assign(run, { asked: () => started > 0 });
}
