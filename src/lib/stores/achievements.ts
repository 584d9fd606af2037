// The achievements page's data and someone's earned achievements on their profile (achievements
// issue). Islands read the atoms and call the actions; the realtime module calls
// `refreshAchievements` when an unlock arrives, so the page updates live.
import { atom } from 'nanostores';
import type { Achievement, AchievementsOverview } from '../../../contract/achievements.ts';
import { fetchAchievementsOverview, fetchEarnedAchievements } from '../api/achievements-api.ts';

export interface AchievementsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  overview: AchievementsOverview | null;
}

export const $achievements = atom<AchievementsState>({ status: 'idle', overview: null });

/** Loads the signed-in person's achievements (again). */
export async function loadAchievements(): Promise<void> {
  $achievements.set({ ...$achievements.get(), status: $achievements.get().overview ? 'ready' : 'loading' });
  try {
    $achievements.set({ status: 'ready', overview: await fetchAchievementsOverview() });
  } catch (error) {
    if (!$achievements.get().overview) $achievements.set({ status: 'failed', overview: null });
    throw error;
  }
}

/** An unlock arrived: reload if this page shows achievements; otherwise nothing to do. */
export async function refreshAchievements(): Promise<void> {
  if ($achievements.get().status === 'idle') return;
  await loadAchievements();
}

export interface EarnedState {
  userId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: Achievement[];
}

export const $earnedAchievements = atom<EarnedState>({ userId: null, status: 'idle', items: [] });

/** Someone's earned achievements, for the achievements card of their profile. */
export async function loadEarnedAchievements(userId: number): Promise<void> {
  $earnedAchievements.set({ userId, status: 'loading', items: [] });
  try {
    const { items } = await fetchEarnedAchievements(userId);
    if ($earnedAchievements.get().userId === userId) $earnedAchievements.set({ userId, status: 'ready', items });
  } catch (error) {
    if ($earnedAchievements.get().userId === userId) $earnedAchievements.set({ userId, status: 'failed', items: [] });
    throw error;
  }
}
