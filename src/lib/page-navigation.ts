// Full page loads, behind one object so unit tests can watch them instead of leaving the page.
export const pageNavigation = {
  /** Loads `url` as a new document (a full browser load). */
  assign(url: string): void {
    globalThis.location.assign(url);
  },
  /** Reloads the current document. */
  reload(): void {
    globalThis.location.reload();
  },
};
