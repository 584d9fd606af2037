// The keys of every achievement's name and description, for any page that lists achievements (the
// achievements, activities and careers pages; decision 214).
import { achievementCodes } from '../../contract/achievements.ts';
import type { MessageKey } from './index.ts';

/** Every achievement's name (and description). */
export const achievementNameKeys = achievementCodes.flatMap((code) => [
  `achievements.item.${code}.name` as const,
  `achievements.item.${code}.description` as const,
]) satisfies MessageKey[];
