// The achievements page's data and someone's earned achievements on their profile, fetcher stores
// of the one path (decision 236). Islands read the stores and call the actions; the realtime module
// calls `refreshAchievements` when an unlock arrives, so the page, if shown, reads them again.
import { atom } from 'nanostores';
import type { Achievement, AchievementsOverview } from '../../../contract/achievements.ts';
import { fetchAchievementsOverview, fetchEarnedAchievements } from '../api/achievements-api.ts';
import { readAgain, refresh, serverData } from './query.ts';

const achievementsKey = 'me/achievements';

/** The signed-in person's achievements: `data` once read. */
export const $achievements = serverData<AchievementsOverview>(achievementsKey, () => fetchAchievementsOverview());

/** Reads the signed-in person's achievements (again): the page opening, or its 'Try again'. */
export const loadAchievements = (): Promise<AchievementsOverview> => readAgain($achievements);

/** An unlock arrived: the page, if it shows achievements, reads them again; otherwise nothing is read. */
export function refreshAchievements(): Promise<void> {
  return refresh(achievementsKey);
}

/** Someone's earned achievements, with whose they are (a card for another person shows nothing of them). */
interface Earned {
  userId: number;
  items: Achievement[];
}

/** The person the profile's card shows (their user id); null before one is shown. */
const $shownPerson = atom<string | null>(null);

export const $earnedAchievements = serverData<Earned>(['achievements/earned/', $shownPerson], async (_, id) => {
  const userId = Number(id);
  return { userId, items: (await fetchEarnedAchievements(userId)).items };
});

/** Shows someone's earned achievements, for the achievements card of their profile; an answer for a person no longer shown is dropped. */
export function loadEarnedAchievements(userId: number): Promise<Earned> {
  $shownPerson.set(String(userId));
  return readAgain($earnedAchievements, `achievements/earned/${userId}`);
}
