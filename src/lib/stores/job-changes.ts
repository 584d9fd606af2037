// 'One of your jobs changed': the realtime module calls `jobsChanged()` when the
// person's `employment.changed` event arrives; each store that shows their jobs registers what to read
// again when it loads. Only the stores this page uses are registered, so a page reads only what it shows.
type Follower = () => Promise<unknown> | undefined;

const followers = new Set<Follower>();

/** Registers what to read again; answers the way to stop. */
export function followJobChanges(follower: Follower): () => void {
  followers.add(follower);
  return () => followers.delete(follower);
}

/** A job of the signed-in person changed elsewhere: every registered store reads its part again. */
export function jobsChanged(): void {
  // A failed read leaves what the page shows; the next event or a reload brings it up to date.
  for (const follower of followers) void follower()?.catch(() => undefined);
}
