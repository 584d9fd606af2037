// The order of `npm test`'s shared queue (scripts/test.ts). Two lanes take the next step left when
// they free up, so a long step taken last runs on while the other lane stands idle: the longest
// steps go first and the short ones fill in at the end (decision 300).

/** The steps from the longest to the shortest by their time on a quiet machine; equal times keep their order. */
export function longestFirst<Step extends { seconds: number }>(steps: readonly Step[]): Step[] {
  return [...steps].sort((a, b) => b.seconds - a.seconds);
}
