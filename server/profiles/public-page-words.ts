// The public profile page's own words in both languages (decision 208). The server may not import the
// site's dictionaries (src/), so, as the CV's words and the mails do, they live beside their use.
import type { RatingName } from '../../contract/careers.ts';
import type { Locale } from '../../contract/locale.ts';
import type { ProfileStatus } from '../../contract/profile-status.ts';
import { formatNumber } from '../../contract/numbers.ts';
import { ukrainianForm } from '../shared/plurals.ts';

interface Words {
  htmlLang: string;
  brand: string;
  home: string;
  skipToContent: string;
  languageSwitch: string;
  otherLanguageName: string;
  photoOf: string;
  titleSuffix: string;
  descriptionFallback: string;
  experience: string;
  skills: string;
  languages: string;
  education: string;
  certifications: string;
  projects: string;
  contact: string;
  email: string;
  phone: string;
  present: string;
  verified: string;
  verifiedTitle: string;
  /** Level 2 of the ladder of trust (decision 257): confirmed by a company that proved no domain. */
  identityNotVerified: string;
  /** A confirmed work email at the company's verified domain (decision 260): `{domain}`, never the address. */
  workEmailConfirmed: string;
  reviewRound: string;
  score: string;
  finalFeedback: string;
  reply: string;
  endorsements: (count: number) => string;
  issued: string;
  expires: string;
  credentialLink: string;
  projectLink: string;
  signInMore: string;
  signInMoreHint: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundHome: string;
  join: string;
  status: Record<ProfileStatus, string>;
  rating: Record<RatingName, string>;
  proficiency: Record<string, string>;
  footer: string;
}

export const publicPageWords: Record<Locale, Words> = {
  en_GB: {
    htmlLang: 'en-GB',
    brand: 'Profiles',
    home: 'Profiles home',
    skipToContent: 'Skip to content',
    languageSwitch: 'Language',
    otherLanguageName: 'Українська',
    photoOf: 'Photo of {name}',
    titleSuffix: 'Profiles',
    descriptionFallback: '{name} on Profiles: verified career profile.',
    experience: 'Experience',
    skills: 'Skills',
    languages: 'Languages',
    education: 'Education',
    certifications: 'Licences and certifications',
    projects: 'Projects',
    contact: 'Contact',
    email: 'Email',
    phone: 'Phone',
    present: 'Present',
    verified: 'Verified',
    verifiedTitle: 'Confirmed by the company',
    identityNotVerified: 'identity not verified',
    workEmailConfirmed: 'Work email at {domain} confirmed',
    reviewRound: 'Review of {date}',
    score: 'In-company score: {score} of 6',
    finalFeedback: 'Final feedback',
    reply: 'Reply from {name}',
    endorsements: (count) => (count === 1 ? '1 endorsement' : `${count} endorsements`),
    issued: 'Issued {date}',
    expires: 'expires {date}',
    credentialLink: 'Show credential',
    projectLink: 'Open project',
    signInMore: 'Sign in to see more',
    signInMoreHint: 'Signed-in members see the rest of this profile.',
    notFoundTitle: 'Profile not found',
    notFoundText: 'There is no public profile at this address.',
    notFoundHome: 'Go to Profiles',
    join: 'Join',
    status: {
      open_to_work: 'Open to work',
      hiring: 'Hiring',
      providing_services: 'Providing services',
      not_looking: 'Not looking for work',
    },
    rating: {
      na: 'N/A',
      poor: 'Poor',
      needs_improvement: 'Needs improvement',
      satisfactory: 'Satisfactory',
      good: 'Good',
      excellent: 'Excellent',
      exceptional: 'Exceptional',
    },
    proficiency: {
      A1: 'A1 — Beginner',
      A2: 'A2 — Elementary',
      B1: 'B1 — Intermediate',
      B2: 'B2 — Upper intermediate',
      C1: 'C1 — Advanced',
      C2: 'C2 — Proficient',
      native: 'Native',
    },
    footer: 'Public profile on Profiles. Jobs marked Verified were confirmed by the company.',
  },
  uk_UA: {
    htmlLang: 'uk',
    brand: 'Profiles',
    home: 'Головна Profiles',
    skipToContent: 'Перейти до змісту',
    languageSwitch: 'Мова',
    otherLanguageName: 'English',
    photoOf: 'Фото: {name}',
    titleSuffix: 'Profiles',
    descriptionFallback: '{name} на Profiles: кар’єрний профіль із роботою, підтвердженою компаніями.',
    experience: 'Досвід роботи',
    skills: 'Навички',
    languages: 'Мови',
    education: 'Освіта',
    certifications: 'Ліцензії та сертифікати',
    projects: 'Проєкти',
    contact: 'Контакти',
    email: 'Ел. пошта',
    phone: 'Телефон',
    present: 'дотепер',
    verified: 'Підтверджено компанією',
    verifiedTitle: 'Цю роботу підтвердила сама компанія',
    identityNotVerified: 'особу компанії не перевірено',
    workEmailConfirmed: 'Підтверджено робочу пошту в домені {domain}',
    reviewRound: 'Оцінювання від {date}',
    score: 'Оцінка в компанії: {score} з 6',
    finalFeedback: 'Підсумковий відгук',
    reply: '{name} відповідає',
    endorsements: (count) => `${formatNumber(count, 'uk_UA')} ${ukrainianForm(count, 'схвалення', 'схвалення', 'схвалень')}`,
    issued: 'Видано {date}',
    expires: 'дійсний до {date}',
    credentialLink: 'Переглянути сертифікат',
    projectLink: 'Відкрити проєкт',
    signInMore: 'Увійдіть, щоб побачити більше',
    signInMoreHint: 'Решту профілю бачать користувачі, які увійшли.',
    notFoundTitle: 'Профіль не знайдено',
    notFoundText: 'За цією адресою немає публічного профілю.',
    notFoundHome: 'Перейти на Profiles',
    join: 'Приєднатися',
    status: {
      open_to_work: 'Шукаю роботу',
      hiring: 'Наймаю працівників',
      providing_services: 'Надаю послуги',
      not_looking: 'Не шукаю роботу',
    },
    rating: {
      na: 'Н/Д',
      poor: 'Погано',
      needs_improvement: 'Потребує покращення',
      satisfactory: 'Задовільно',
      good: 'Добре',
      excellent: 'Відмінно',
      exceptional: 'Винятково',
    },
    proficiency: {
      A1: 'A1 — Початковий',
      A2: 'A2 — Елементарний',
      B1: 'B1 — Середній',
      B2: 'B2 — Вище середнього',
      C1: 'C1 — Просунутий',
      C2: 'C2 — Досконалий',
      native: 'Рідна',
    },
    footer: 'Публічний профіль на Profiles. Позначка «Підтверджено компанією» означає, що роботу підтвердив сам роботодавець.',
  },
};
