// The achievements stores (decision 236): an unlock arriving live reads the page's achievements again
// when the page shows them and costs nothing elsewhere, and the profile card never shows the answer for
// a person no longer shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Achievement, AchievementsOverview } from '../../../contract/achievements.ts';
import * as api from '../api/achievements-api.ts';
import { $achievements, $earnedAchievements, loadAchievements, loadEarnedAchievements, refreshAchievements } from './achievements.ts';
import { forgetServerData } from './query.ts';

vi.mock('../api/achievements-api.ts', () => ({ fetchAchievementsOverview: vi.fn(), fetchEarnedAchievements: vi.fn() }));

const overview = (unlocked: number): AchievementsOverview => ({
  user_id: 5,
  unlocked,
  total: 20,
  percentile: 50,
  active_people: 3,
  items: [],
});
const earned = (code: string) => ({ code }) as Achievement;

afterEach(() => {
  vi.resetAllMocks();
  forgetServerData();
});

describe('an unlock arriving live', () => {
  it('reads the achievements again when the page shows them', async () => {
    vi.mocked(api.fetchAchievementsOverview).mockResolvedValueOnce(overview(1)).mockResolvedValueOnce(overview(2));
    const stop = $achievements.listen(() => undefined);
    await loadAchievements();
    expect($achievements.get().data?.unlocked).toBe(1);
    await refreshAchievements();
    expect($achievements.get().data?.unlocked).toBe(2);
    stop();
  });

  it('asks nothing when no page shows them', async () => {
    await refreshAchievements();
    expect(api.fetchAchievementsOverview).not.toHaveBeenCalled();
  });

  it('keeps what the page shows when reading again fails, with the failure beside it', async () => {
    vi.mocked(api.fetchAchievementsOverview).mockResolvedValueOnce(overview(1)).mockRejectedValueOnce(new Error('offline'));
    const stop = $achievements.listen(() => undefined);
    await loadAchievements();
    await expect(refreshAchievements()).rejects.toThrow('offline');
    expect($achievements.get()).toMatchObject({ data: { unlocked: 1 }, error: new Error('offline') });
    stop();
  });
});

describe("someone's earned achievements", () => {
  it('drops the answer for a person no longer shown, even when it arrives last', async () => {
    let answerFirst: (value: { items: Achievement[] }) => void = () => undefined;
    vi.mocked(api.fetchEarnedAchievements).mockImplementation((userId) =>
      userId === 7 ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve({ items: [earned('second')] }),
    );
    const stop = $earnedAchievements.listen(() => undefined);
    const first = loadEarnedAchievements(7);
    await vi.waitFor(() => expect(api.fetchEarnedAchievements).toHaveBeenCalledWith(7));
    await loadEarnedAchievements(9);
    answerFirst({ items: [earned('first')] });
    await first;
    expect($earnedAchievements.get().data).toEqual({ userId: 9, items: [earned('second')] });
    stop();
  });
});
