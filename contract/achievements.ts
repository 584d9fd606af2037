// Achievements (SPEC §2 'Achievements', §3 'Achievement: unlocked or not, issued date', §4): the
// catalogue every person can earn, and what `/api/achievements` answers. The catalogue lives here
// and not only in the dictionaries because the server writes an unlocked achievement's name into the
// person's notification, in their language (the same reason validation texts live in the contract).
// Each code is stable: stored unlocks refer to it, so a code is never renamed or reused.
import { z } from 'zod';

/** The icons an achievement may show (names of the kit's Icon component). */
export const achievementIcons = ['check', 'user', 'star', 'heart', 'message', 'briefcase', 'globe', 'building', 'image', 'edit'] as const;
export type AchievementIcon = (typeof achievementIcons)[number];

/** What a rule counts, so progress reads '6 of 10 endorsements'. */
export const achievementUnits = [
  'steps',
  'endorsements',
  'recommendations',
  'employments',
  'days',
  'languages',
  'posts',
  'comments',
  'likes',
  'skills',
  'items',
] as const;
export type AchievementUnit = (typeof achievementUnits)[number];

interface CatalogueEntry {
  icon: AchievementIcon;
  /** The count at which it is earned. */
  target: number;
  unit: AchievementUnit;
  en_GB: { name: string; description: string };
  uk_UA: { name: string; description: string };
}

/** Every achievement, in the order the page lists them. */
export const achievementCatalogue = {
  profile_complete: {
    icon: 'user',
    target: 7,
    unit: 'steps',
    en_GB: {
      name: 'Profile complete',
      description: 'Fill in every step of the profile guide: photo, headline, about, a job, education, three skills and a language.',
    },
    uk_UA: {
      name: 'Профіль заповнено',
      description: 'Виконайте всі кроки підказки профілю: фото, заголовок, про себе, робота, освіта, три навички й мова.',
    },
  },
  profile_photo: {
    icon: 'image',
    target: 1,
    unit: 'items',
    en_GB: { name: 'Face to a name', description: 'Add a profile photo.' },
    uk_UA: { name: 'Знайоме обличчя', description: 'Додайте фото профілю.' },
  },
  first_endorsement: {
    icon: 'star',
    target: 1,
    unit: 'endorsements',
    en_GB: { name: 'First endorsement', description: 'Someone endorses one of your skills.' },
    uk_UA: { name: 'Перше схвалення навички', description: 'Хтось схвалює одну з ваших навичок.' },
  },
  ten_endorsements: {
    icon: 'star',
    target: 10,
    unit: 'endorsements',
    en_GB: { name: 'Ten endorsements', description: 'Your skills collect ten endorsements.' },
    uk_UA: { name: 'Десять схвалень навичок', description: 'Ваші навички збирають десять схвалень.' },
  },
  five_skills: {
    icon: 'check',
    target: 5,
    unit: 'skills',
    en_GB: { name: 'Well rounded', description: 'List five skills on your profile.' },
    uk_UA: { name: 'Різнобічність', description: 'Вкажіть п’ять навичок у профілі.' },
  },
  first_recommendation: {
    icon: 'heart',
    target: 1,
    unit: 'recommendations',
    en_GB: { name: 'First recommendation', description: 'Accept a recommendation someone wrote about you.' },
    uk_UA: { name: 'Перша рекомендація', description: 'Прийміть рекомендацію, яку про вас написали.' },
  },
  three_recommendations: {
    icon: 'heart',
    target: 3,
    unit: 'recommendations',
    en_GB: { name: 'Trusted colleague', description: 'Accept three recommendations.' },
    uk_UA: { name: 'Надійний колега', description: 'Прийміть три рекомендації.' },
  },
  recommendation_given: {
    icon: 'edit',
    target: 1,
    unit: 'recommendations',
    en_GB: { name: 'Good word', description: 'Write a recommendation that its reader accepts.' },
    uk_UA: { name: 'Добре слово', description: 'Напишіть рекомендацію, яку її адресат прийме.' },
  },
  verified_employment: {
    icon: 'building',
    target: 1,
    unit: 'employments',
    en_GB: { name: 'Verified employment', description: 'A company on the platform confirms it employs you.' },
    uk_UA: { name: 'Робота, підтверджена компанією', description: 'Компанія на платформі підтверджує, що ви в ній працюєте.' },
  },
  // A company's reviewer rated one of the person's competencies Excellent or Exceptional.
  competency_excellent: {
    icon: 'star',
    target: 1,
    unit: 'items',
    en_GB: { name: 'Excellence', description: 'A company rates one of your competencies Excellent or above.' },
    uk_UA: { name: 'Відмінність', description: 'Компанія оцінює одну з ваших компетенцій як «Відмінно» або вище.' },
  },
  year_at_company: {
    icon: 'briefcase',
    target: 365,
    unit: 'days',
    en_GB: { name: 'A year at one company', description: 'Stay a year at a company that verified your employment.' },
    uk_UA: { name: 'Рік в одній компанії', description: 'Пропрацюйте рік у компанії, яка підтвердила вашу роботу.' },
  },
  first_job: {
    icon: 'briefcase',
    target: 1,
    unit: 'employments',
    en_GB: { name: 'On the record', description: 'Add a job to your employment history.' },
    uk_UA: { name: 'Досвід записано', description: 'Додайте роботу до історії працевлаштування.' },
  },
  three_languages: {
    icon: 'globe',
    target: 3,
    unit: 'languages',
    en_GB: { name: 'Polyglot', description: 'Speak three languages at B2 or above.' },
    uk_UA: { name: 'Поліглот', description: 'Володійте трьома мовами на рівні B2 або вище.' },
  },
  lifelong_learner: {
    icon: 'check',
    target: 2,
    unit: 'items',
    en_GB: { name: 'Lifelong learner', description: 'Add two education or certification entries.' },
    uk_UA: { name: 'Навчання все життя', description: 'Додайте два записи про освіту або сертифікати.' },
  },
  portfolio: {
    icon: 'image',
    target: 1,
    unit: 'items',
    en_GB: { name: 'Show and tell', description: 'Add a project to your portfolio.' },
    uk_UA: { name: 'Покажи свою роботу', description: 'Додайте проєкт до портфоліо.' },
  },
  first_post: {
    icon: 'edit',
    target: 1,
    unit: 'posts',
    en_GB: { name: 'First post', description: 'Write a post in your activity.' },
    uk_UA: { name: 'Перший допис', description: 'Напишіть допис у своїй активності.' },
  },
  five_posts: {
    icon: 'edit',
    target: 5,
    unit: 'posts',
    en_GB: { name: 'Regular voice', description: 'Write five posts.' },
    uk_UA: { name: 'Постійний автор', description: 'Напишіть п’ять дописів.' },
  },
  first_comment: {
    icon: 'message',
    target: 1,
    unit: 'comments',
    en_GB: { name: 'Conversation starter', description: 'Comment on someone else’s activity.' },
    uk_UA: { name: 'Початок розмови', description: 'Прокоментуйте чужу активність.' },
  },
  ten_comments_received: {
    icon: 'message',
    target: 10,
    unit: 'comments',
    en_GB: { name: 'Worth talking about', description: 'Receive ten comments from others on your activity.' },
    uk_UA: { name: 'Є що обговорити', description: 'Отримайте десять коментарів від інших до своєї активності.' },
  },
  five_likes_received: {
    icon: 'heart',
    target: 5,
    unit: 'likes',
    en_GB: { name: 'Well said', description: 'Your comments receive five likes.' },
    uk_UA: { name: 'Влучно сказано', description: 'Ваші коментарі отримують п’ять вподобань.' },
  },
  endorser: {
    icon: 'star',
    target: 5,
    unit: 'endorsements',
    en_GB: { name: 'Generous endorser', description: 'Endorse five skills of other people.' },
    uk_UA: { name: 'П’ять схвалень іншим', description: 'Схваліть п’ять навичок інших людей.' },
  },
} as const satisfies Record<string, CatalogueEntry>;

export type AchievementCode = keyof typeof achievementCatalogue;
export const achievementCodes = Object.keys(achievementCatalogue) as [AchievementCode, ...AchievementCode[]];
export const AchievementCodeSchema = z.enum(achievementCodes);

/** The catalogue's names and descriptions as dictionary entries (`achievements.item.<code>.name`). */
export type AchievementMessageKey = `achievements.item.${AchievementCode}.${'name' | 'description'}`;
export function achievementDictionary(locale: 'en_GB' | 'uk_UA'): Record<AchievementMessageKey, string> {
  const out = {} as Record<AchievementMessageKey, string>;
  for (const code of achievementCodes) {
    out[`achievements.item.${code}.name`] = achievementCatalogue[code][locale].name;
    out[`achievements.item.${code}.description`] = achievementCatalogue[code][locale].description;
  }
  return out;
}

const count = z.number().int().min(0);

/** One achievement as the page shows it: earned with its issued date, or to be earned with progress. */
export const Achievement = z.object({
  code: AchievementCodeSchema,
  icon: z.enum(achievementIcons),
  unit: z.enum(achievementUnits),
  target: count,
  /** How far the person is, capped at `target`. */
  progress: count,
  /** The issued date: when it was earned; null while it is to be earned. */
  unlocked_at: z.string().nullable(),
});
export type Achievement = z.infer<typeof Achievement>;

/** `GET /api/achievements`: the signed-in person's own. */
export const AchievementsOverview = z.object({
  user_id: z.number().int().positive(),
  unlocked: count,
  total: count,
  /**
   * The share of active people (an open account with a verified email address) with fewer unlocked
   * achievements, 0-100, rounded down; the person counts among them.
   */
  percentile: z.number().int().min(0).max(100),
  active_people: count,
  items: z.array(Achievement),
});
export type AchievementsOverview = z.infer<typeof AchievementsOverview>;

/** `GET /api/achievements/{userId}`: someone's earned achievements, for their profile. */
export const EarnedAchievements = z.object({
  items: z.array(Achievement),
});
export type EarnedAchievements = z.infer<typeof EarnedAchievements>;

export const achievementApiPaths = {
  own: '/api/achievements',
  of: (userId: number | string) => `/api/achievements/${userId}`,
} as const;
