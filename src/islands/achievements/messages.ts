// The strings the achievements page passes its island (one language per page), and the ones the
// profile's achievements card needs.
import { achievementUnits } from '../../../contract/achievements.ts';
import { achievementNameKeys } from '../../i18n/achievement-keys.ts';
import type { MessageKey } from '../../i18n/index.ts';

export const achievementMessageKeys = [
  'title.achievements',
  'achievements.intro',
  'achievements.unlockedLabel',
  'achievements.count',
  'achievements.percentileLabel',
  'achievements.percentile',
  'achievements.percentileText',
  'achievements.activeNote',
  'achievements.earned',
  'achievements.toEarn',
  'achievements.issued',
  'achievements.progressLabel',
  'achievements.noneEarned',
  'achievements.allEarned',
  'achievements.loadFailed',
  'achievements.retry',
  ...achievementUnits.map((unit) => `achievements.unit.${unit}` as const),
  ...achievementNameKeys,
] as const satisfies readonly MessageKey[];
