// The header's navigation marks the section a page belongs to when the page is built (layouts/Default.astro).
// Another person's profile is served by the home page, so it was built marked 'Home'; once the page
// knows whose profile it shows, it takes the mark off: no section of the reader's own is open.

/** Takes the "current page" mark off the navigation's links (another person's profile). */
export function unmarkNavigation(root: ParentNode = document): void {
  for (const link of root.querySelectorAll('.shell-nav-link[aria-current="page"]')) link.removeAttribute('aria-current');
}
