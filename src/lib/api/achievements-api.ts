// Achievement calls (achievements issue): the signed-in person's page, and someone's earned ones.
import { achievementApiPaths, AchievementsOverview, EarnedAchievements } from '../../../contract/achievements.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export async function fetchAchievementsOverview(api: ApiClient = defaultApi): Promise<AchievementsOverview> {
  return (await api.get(achievementApiPaths.own, { schema: dataEnvelope(AchievementsOverview) })).data;
}

export async function fetchEarnedAchievements(userId: number, api: ApiClient = defaultApi): Promise<EarnedAchievements> {
  return (await api.get(achievementApiPaths.of(userId), { schema: dataEnvelope(EarnedAchievements) })).data;
}
