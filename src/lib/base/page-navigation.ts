// Full page loads, behind one object so unit tests can watch them instead of leaving the page.
export const pageNavigation = {
  /** Loads `url` as a new document (a full browser load). */
  assign(url: string): void {
    globalThis.location.assign(url);
  },
  /**
   * Loads `url` in place of the current document, leaving no history entry: for the moves the page
   * makes by itself (to a language, to sign-in, to the person's own page; decision 222), so Back goes
   * to the page before, not to one that moves again.
   */
  replace(url: string): void {
    globalThis.location.replace(url);
  },
  /** Reloads the current document. */
  reload(): void {
    globalThis.location.reload();
  },
};
