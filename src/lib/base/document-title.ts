// The tab title of a page whose subject arrives after the page was built (another person's
// profile): the prerendered title's page part is replaced, its product suffix kept. No
// dictionary is needed, so stores may call it without loading both languages.

/** `title` with its page part replaced by `pageTitle`: 'Home | Profiles' → 'Ann Lee | Profiles'. */
export function retitled(title: string, pageTitle: string): string {
  const at = title.lastIndexOf(' | ');
  return at === -1 ? `${pageTitle} | ${title}` : `${pageTitle}${title.slice(at)}`;
}

/** Names the page after `pageTitle` in the browser's tab. */
export function setPageTitle(pageTitle: string): void {
  document.title = retitled(document.title, pageTitle);
}
