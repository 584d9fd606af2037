// The public job pages' words in both languages (decision 255); the server may not import
// the site's dictionaries, so, as the company page's words do, they live beside their use.
import type { EmploymentType, SalaryPeriod } from '../../contract/jobs.ts';
import type { Locale } from '../../contract/locale.ts';
import type { FrameWords } from '../http/public-document.ts';

interface Words extends FrameWords {
  signIn: string;
  /** `{company}` hires: the line under the title. */
  at: string;
  remote: string;
  employmentType: string;
  where: string;
  employmentTypes: Record<EmploymentType, string>;
  salary: string;
  /** Per hour, per month, … after the amount. */
  periods: Record<SalaryPeriod, string>;
  closesOn: string;
  posted: string;
  team: string;
  about: string;
  requirements: string;
  competencies: string;
  minLevel: string;
  skills: string;
  languages: string;
  applyHint: string;
  apply: string;
  companyPage: string;
  goneTitle: string;
  goneText: string;
  openJobs: string;
  proficiency: Record<string, string>;
  footer: string;
}

export const jobPageWords: Record<Locale, Words> = {
  en_GB: {
    htmlLang: 'en-GB',
    home: 'Profiles home',
    skipToContent: 'Skip to content',
    languageSwitch: 'Language',
    otherLanguageName: 'Українська',
    signIn: 'Sign in',
    titleSuffix: 'Profiles',
    notFoundTitle: 'Job not found',
    notFoundText: 'There is no open job at this address.',
    notFoundHome: 'Go to Profiles',
    join: 'Join',
    at: '{company} is hiring',
    remote: 'Remote',
    employmentType: 'Employment type',
    where: 'Location',
    employmentTypes: {
      full_time: 'Full-time',
      part_time: 'Part-time',
      contract: 'Contract',
      temporary: 'Temporary',
      internship: 'Internship',
      volunteer: 'Volunteer',
    },
    salary: 'Salary',
    periods: { hour: 'per hour', day: 'per day', week: 'per week', month: 'per month', year: 'per year' },
    closesOn: 'Applications close',
    posted: 'Posted',
    team: 'Team',
    about: 'About the job',
    requirements: 'What we look for',
    competencies: 'Competencies',
    minLevel: 'at least {level} of 6',
    skills: 'Skills',
    languages: 'Languages',
    applyHint:
      'Apply in one step with your Profiles profile, where companies confirm the jobs. You will be asked to sign in first if you are not.',
    apply: 'Apply',
    companyPage: 'About {company}',
    goneTitle: 'This job is closed',
    goneText: '“{title}” no longer takes applications.',
    openJobs: 'Open jobs',
    proficiency: {
      A1: 'A1 — Beginner',
      A2: 'A2 — Elementary',
      B1: 'B1 — Intermediate',
      B2: 'B2 — Upper intermediate',
      C1: 'C1 — Advanced',
      C2: 'C2 — Proficient',
      native: 'Native',
    },
    footer: 'Job on Profiles, where employers confirm the jobs people list.',
  },
  uk_UA: {
    htmlLang: 'uk',
    home: 'Головна Profiles',
    skipToContent: 'Перейти до змісту',
    languageSwitch: 'Мова',
    otherLanguageName: 'English',
    signIn: 'Увійти',
    titleSuffix: 'Profiles',
    notFoundTitle: 'Вакансію не знайдено',
    notFoundText: 'За цією адресою немає відкритої вакансії.',
    notFoundHome: 'Перейти на Profiles',
    join: 'Приєднатися',
    at: '{company} шукає працівника',
    remote: 'Віддалено',
    employmentType: 'Тип зайнятості',
    where: 'Місце роботи',
    employmentTypes: {
      full_time: 'Повна зайнятість',
      part_time: 'Часткова зайнятість',
      contract: 'Контракт',
      temporary: 'Тимчасова робота',
      internship: 'Стажування',
      volunteer: 'Волонтерство',
    },
    salary: 'Зарплата',
    periods: { hour: 'на годину', day: 'на день', week: 'на тиждень', month: 'на місяць', year: 'на рік' },
    closesOn: 'Заявки приймають до',
    posted: 'Опубліковано',
    team: 'Команда',
    about: 'Про роботу',
    requirements: 'Кого ми шукаємо',
    competencies: 'Компетенції',
    minLevel: 'щонайменше {level} з 6',
    skills: 'Навички',
    languages: 'Мови',
    applyHint:
      'Подайте заявку за один крок зі своїм профілем у Profiles, де роботу підтверджують компанії. Якщо ви ще не ввійшли, спершу вас попросять увійти.',
    apply: 'Подати заявку',
    companyPage: 'Про компанію {company}',
    goneTitle: 'Вакансію закрито',
    goneText: 'На вакансію «{title}» заявки більше не приймають.',
    openJobs: 'Відкриті вакансії',
    proficiency: {
      A1: 'A1 — Початковий',
      A2: 'A2 — Елементарний',
      B1: 'B1 — Середній',
      B2: 'B2 — Вище середнього',
      C1: 'C1 — Просунутий',
      C2: 'C2 — Досконалий',
      native: 'Рідна',
    },
    footer: 'Вакансія на Profiles, де роботодавці підтверджують роботу людей.',
  },
};
