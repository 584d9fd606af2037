// SPEC §4: on another person's profile the interface follows that profile's locale. The reader gets
// a one-click way back to their own language for that page; the choice holds for this tab only.

const keepKey = (path: string) => `profiles.readIn:${path}`;

/** Remembers that the reader wants `path` (without locale prefix) in their own language. */
export function keepReaderLocale(path: string, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(keepKey(path), '1');
  } catch {
    // Storage refused (private mode quotas): the page simply follows the profile again.
  }
}

/** Whether the reader asked to read `path` in their own language. */
export function isReaderLocaleKept(path: string, storage: Storage = sessionStorage): boolean {
  try {
    return storage.getItem(keepKey(path)) !== null;
  } catch {
    return false;
  }
}
