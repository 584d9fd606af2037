// After a failed submit the page scrolls to the first element showing a form error (SPEC §5).

/** Marks an element that shows a form error message; islands put it on every error message. */
export const formErrorAttribute = 'data-form-error';

/** Scrolls to the first visible form error in `root` and moves focus to its field; false when none. */
export function scrollToFirstError(root: ParentNode = globalThis.document): boolean {
  const errors = Array.from(root.querySelectorAll<HTMLElement>(`[${formErrorAttribute}]`));
  const first = errors.find((element) => !element.hidden && element.textContent?.trim());
  if (!first) return false;
  // Smooth unless the person asked for less motion (WCAG 2.3.3).
  const still = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  first.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  // The error's id is the field's aria-describedby: focus the field so keyboard users land there too.
  const field = first.id ? root.querySelector<HTMLElement>(`[aria-describedby~="${CSS.escape(first.id)}"]`) : null;
  field?.focus({ preventScroll: true });
  return true;
}
