// A list the page reads more than once (its tab opening, the page's own change, a live event): only
// the answer of the read that began last is kept, since one that began before a change and answered
// after a later read would otherwise put the list back as it was before the change (decision 226).

export interface ListRead {
  /**
   * Reads the list. Settles when this read is done: with its answer in the list, or dropped because a
   * later read began (whose answer, newer, is then on its way; a save waiting here would otherwise
   * wait for every live read that came after it).
   */
  (): Promise<void>;
  /** Whether the page has asked for the list yet: a live event for it must then read it again, even while the first read is under way. */
  asked(): boolean;
}

export function latestRead<T>(store: { set(value: T): void }, read: () => Promise<T>): ListRead {
  let started = 0;
  const run = async (): Promise<void> => {
    const mine = ++started;
    const value = await read();
    if (mine === started) store.set(value);
  };
  return Object.assign(run, { asked: () => started > 0 });
}
