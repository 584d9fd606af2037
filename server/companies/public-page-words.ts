// The company's public page's own words in both languages (decision 211). The server may not import
// the site's dictionaries (src/), so, as the people's page's words do, they live beside their use.
import type { Locale } from '../../contract/locale.ts';
import { ukrainianForm } from '../shared/plurals.ts';

interface Words {
  htmlLang: string;
  home: string;
  skipToContent: string;
  languageSwitch: string;
  otherLanguageName: string;
  signIn: string;
  titleSuffix: string;
  logoOf: string;
  descriptionFallback: string;
  about: string;
  details: string;
  website: string;
  size: string;
  sizeValue: string;
  /** The words after the count, which is shown large on a line of its own. */
  verifiedEmployees: (count: number) => string;
  verifiedEmployeesHint: string;
  askToJoin: string;
  askToJoinHint: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundHome: string;
  join: string;
  footer: string;
  /** Who the company is (decision 266), the same words as the site's company.identity.* strings. */
  identityVerified: string;
  identityVerifiedHint: string;
  identityNotVerified: string;
  identityNotVerifiedHint: string;
  identityNotAffiliated: string;
}

export const companyPageWords: Record<Locale, Words> = {
  en_GB: {
    htmlLang: 'en-GB',
    home: 'Profiles home',
    skipToContent: 'Skip to content',
    languageSwitch: 'Language',
    otherLanguageName: 'Українська',
    signIn: 'Sign in',
    titleSuffix: 'Profiles',
    logoOf: 'Logo of {name}',
    descriptionFallback: '{name} on Profiles: the company and its verified employees.',
    about: 'About',
    details: 'Details',
    website: 'Website',
    size: 'Company size',
    sizeValue: '{size} people',
    verifiedEmployees: (count) => (count === 1 ? 'verified employee' : 'verified employees'),
    verifiedEmployeesHint: 'People whose current job here the company has confirmed.',
    askToJoin: 'Ask to join',
    askToJoinHint: 'Work here? Sign in and ask the company to add you.',
    notFoundTitle: 'Company not found',
    notFoundText: 'There is no public company page at this address.',
    notFoundHome: 'Go to Profiles',
    join: 'Join',
    footer: 'Company page on Profiles. Only employees whose current job the company confirmed are counted.',
    identityVerified: 'Verified · {domain}',
    identityVerifiedHint: 'This company proved it controls {domain}.',
    identityNotVerified: 'Identity not verified',
    identityNotVerifiedHint: 'This company has not proved it controls a web domain: anyone can sign up a company under any name.',
    identityNotAffiliated: 'Not affiliated with {name} ({domain}), which proved it controls its domain.',
  },
  uk_UA: {
    htmlLang: 'uk',
    home: 'Головна Profiles',
    skipToContent: 'Перейти до змісту',
    languageSwitch: 'Мова',
    otherLanguageName: 'English',
    signIn: 'Увійти',
    titleSuffix: 'Profiles',
    logoOf: 'Логотип: {name}',
    descriptionFallback: '{name} на Profiles: компанія та її працівники, чию роботу вона підтвердила.',
    about: 'Про компанію',
    details: 'Відомості',
    website: 'Вебсайт',
    size: 'Розмір компанії',
    sizeValue: '{size} осіб',
    verifiedEmployees: (count) =>
      ukrainianForm(
        count,
        'працівник із підтвердженою роботою',
        'працівники з підтвердженою роботою',
        'працівників із підтвердженою роботою',
      ),
    verifiedEmployeesHint: 'Люди, чию поточну роботу тут підтвердила компанія.',
    askToJoin: 'Попросити приєднатися',
    askToJoinHint: 'Працюєте тут? Увійдіть і попросіть компанію додати вас.',
    notFoundTitle: 'Компанію не знайдено',
    notFoundText: 'За цією адресою немає публічної сторінки компанії.',
    notFoundHome: 'Перейти на Profiles',
    join: 'Приєднатися',
    footer: 'Сторінка компанії на Profiles. Враховано лише працівників, чию поточну роботу підтвердила компанія.',
    identityVerified: 'Перевірено · {domain}',
    identityVerifiedHint: 'Ця компанія довела, що контролює домен {domain}.',
    identityNotVerified: 'Особу компанії не перевірено',
    identityNotVerifiedHint: 'Ця компанія не довела, що контролює вебдомен: будь-хто може зареєструвати компанію з будь-якою назвою.',
    identityNotAffiliated: 'Не пов’язана з компанією «{name}» ({domain}), яка довела контроль над своїм доменом.',
  },
};
