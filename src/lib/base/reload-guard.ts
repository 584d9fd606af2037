// One automatic reload per path within 10 seconds (SPEC §4, §9), remembered in sessionStorage so it
// survives the reload it guards against.

/** SPEC §9: the reload guard's window. */
export const reloadGuardMs = 10_000;
const keyPrefix = 'reload-guard:';

/** Whether a reload of `path` may happen now; when it may, the attempt is recorded. */
export function claimReload(path: string, storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  const key = `${keyPrefix}${path}`;
  let last: number;
  try {
    last = Number(storage.getItem(key));
  } catch {
    // Storage can be unavailable (privacy modes); without it the guard cannot hold, so no reload.
    return false;
  }
  if (Number.isFinite(last) && last > 0 && now - last < reloadGuardMs) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  return true;
}
