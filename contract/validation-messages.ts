// The SPEC §5 messages in both languages and the message references that carry them (`key` or
// `key|{"maximum":255}`). Plain data and string functions, no zod at run time: the site's first
// script and its dictionaries import this without pulling the schema library into every page.
import type { Locale } from './locale.ts';
import type { MessageParams as Params, ValidationMessageKey } from './message-refs.ts';
import { fillPlaceholders } from './placeholders.ts';

// The references themselves (no texts) are in message-refs.ts; re-exported for the code that imports them from here.
export { genericIssueMessage, messageRef, type ValidationMessageKey } from './message-refs.ts';

/** SPEC §5 texts, in both languages. The site's dictionaries include these keys. */
export const validationMessages = {
  en_GB: {
    'validation.required': 'Field is required',
    'validation.tooLong': 'Exceeded maximum character length of {maximum}',
    'validation.invalid': 'Invalid field',
    'validation.email': 'Invalid email address',
    'validation.url': 'Enter a link starting with http:// or https://',
    'validation.password': 'Must be at least {minimum} characters long, include a number, an uppercase and a lowercase letter.',
    'validation.currentPassword': 'Current password must be at least {minimum} characters long',
    'validation.newPassword.length': 'New password must be at least {minimum} characters long',
    'validation.newPassword.number': 'New password must include at least one number',
    'validation.newPassword.uppercase': 'New password must include at least one uppercase letter',
    'validation.newPassword.lowercase': 'New password must include at least one lowercase letter',
    'validation.passwordConfirmation': 'Password confirmation must be at least {minimum} characters long',
    'validation.passwordsMismatch': "Passwords don't match",
    'validation.passwordTooCommon': 'This password is too common. Choose one that is harder to guess.',
    'validation.currentPasswordWrong': 'Current password is incorrect.',
    'validation.reauthenticationRequired': 'Enter your current password to confirm this change.',
    'validation.samePassword': 'The new password must differ from the current one.',
    'validation.terms': 'You must accept the terms and conditions',
    'validation.phone': 'Invalid phone number',
    'validation.code': 'The entered code is incorrect.',
    'validation.codeExpired': 'This code has expired. Request a new one.',
    'validation.codeLocked': 'Too many wrong tries. Request a new code.',
    'validation.recoveryCodeUsed': 'This recovery code has already been used. Each one works once: use another.',
    'validation.codeUnreadable':
      'Codes from your authenticator app cannot be checked at the moment. Use one of your recovery codes instead.',
    'validation.setUpUnreadable': 'This set-up can no longer be checked. Start setting up two-step sign-in again.',
    'validation.emailTaken': 'This email address is already registered.',
    'validation.phoneTaken': 'This phone number is already registered.',
    'validation.personalEmail': 'Please enter your personal email.',
    'validation.endBeforeStart': 'The end date cannot be before the start date',
    'validation.duplicate': 'This is already on your profile',
    'validation.ownSkill': 'You cannot endorse your own skill',
    'validation.ownRecommendation': 'You cannot recommend yourself',
    'validation.notCompanyMember': 'Choose a member of this company',
    'validation.notCompanyTeam': 'Choose a team of this company',
    'validation.alreadyMember': 'This person is already a member of the company',
    'validation.unstorable': 'Contains a character that cannot be saved (a null character or a broken one). Remove it and try again.',
    'validation.date': 'Enter a real date between {min} and {max}',
    'validation.birthDate': 'Enter a date of birth in the past, not before {min}',
    'validation.tooMany': 'Add at most {maximum}',
    'validation.weight': 'Enter a whole number from {min} to {max}',
    'validation.notCompanyCompetency': 'Choose a competency of this company',
    'validation.reviewerIsEmployee': 'Choose a reviewer other than the employee',
    'validation.notRegisteredCompany': 'Choose a company registered on the platform',
    'validation.alreadyEmployed': 'This person already has a current employment at the company',
    'validation.notificationNotEmailed': 'This notification cannot be sent by email.',
    'validation.timeZone': 'Choose a time zone from the list',
    'validation.country': 'Choose a country from the list',
    'validation.addressYours': 'This is already one of your addresses.',
    'validation.publicAddress': 'Use {min} to {max} lowercase letters, digits and single hyphens, not at the start or end',
    'validation.publicAddressReserved': 'This address is reserved. Choose another one.',
    'validation.publicAddressTaken': 'This address is taken. Choose another one.',
    'validation.passkey': 'The passkey could not be checked. Try again.',
    'validation.domain': 'Enter a domain name such as northwind.example, without https:// or a path',
    'validation.domainIpAddress': 'Enter a domain name, not an IP address',
    'validation.domainPublicSuffix': 'This is a suffix many owners share (like co.uk or github.io). Enter your own domain under it.',
    'validation.domainAdded': 'This domain is already on the list',
    'validation.stageTaken': 'Another stage already has this name',
    'validation.stageFixed': 'Applied, offer, hired and rejected keep their names and places',
    'validation.stageNotEmpty': 'Applications are at this stage: choose the stage they move to',
    'validation.notCompanyStage': 'Choose a stage of this company',
    'validation.domainHeldAbove':
      'Another company has verified a domain above this one; its subdomains are theirs while it stays verified.',
    'validation.locationOrRemote': 'Give a place, or mark the opening as remote',
    'validation.salaryRange': 'The highest salary cannot be below the lowest',
    'validation.closingDatePast': 'Choose a closing date from today on',
    'validation.workEmailJobEnded': 'A work email confirms a current job only: this job has ended, or you are leaving it.',
    'validation.workEmailNoDomain': '{company} has not verified a domain on Profiles, so a work email cannot be checked for this job.',
    'validation.workEmailDomain': 'Enter your address at {domain} or at one of its subdomains',
    'validation.workEmailTaken': 'Another person has already confirmed this work email.',
  },
  uk_UA: {
    'validation.required': 'Поле обов’язкове',
    'validation.tooLong': 'Перевищено максимальну довжину в {maximum} символів',
    'validation.invalid': 'Недійсне значення',
    'validation.email': 'Недійсна адреса електронної пошти',
    'validation.url': 'Введіть посилання, що починається з http:// або https://',
    'validation.password': 'Щонайменше {minimum} символів, принаймні одна цифра, одна велика та одна мала літера.',
    'validation.currentPassword': 'Поточний пароль має містити щонайменше {minimum} символів',
    'validation.newPassword.length': 'Новий пароль має містити щонайменше {minimum} символів',
    'validation.newPassword.number': 'Новий пароль має містити принаймні одну цифру',
    'validation.newPassword.uppercase': 'Новий пароль має містити принаймні одну велику літеру',
    'validation.newPassword.lowercase': 'Новий пароль має містити принаймні одну малу літеру',
    'validation.passwordConfirmation': 'Підтвердження пароля має містити щонайменше {minimum} символів',
    'validation.passwordsMismatch': 'Паролі не збігаються',
    'validation.passwordTooCommon': 'Цей пароль надто поширений. Оберіть такий, який важче вгадати.',
    'validation.currentPasswordWrong': 'Поточний пароль неправильний.',
    'validation.reauthenticationRequired': 'Введіть поточний пароль, щоб підтвердити цю зміну.',
    'validation.samePassword': 'Новий пароль має відрізнятися від поточного.',
    'validation.terms': 'Ви маєте прийняти умови використання',
    'validation.phone': 'Недійсний номер телефону',
    'validation.code': 'Введений код неправильний.',
    'validation.codeExpired': 'Термін дії коду минув. Запросіть новий.',
    'validation.codeLocked': 'Забагато невдалих спроб. Запросіть новий код.',
    'validation.recoveryCodeUsed': 'Цей резервний код уже використано. Кожен код діє лише раз: скористайтеся іншим.',
    'validation.codeUnreadable':
      'Коди з вашого застосунку автентифікації зараз не можна перевірити. Скористайтеся одним із резервних кодів.',
    'validation.setUpUnreadable': 'Це налаштування більше не можна перевірити. Почніть налаштовувати двоетапний вхід знову.',
    'validation.emailTaken': 'Ця адреса електронної пошти вже зареєстрована.',
    'validation.phoneTaken': 'Цей номер телефону вже зареєстрований.',
    'validation.personalEmail': 'Будь ласка, введіть свою особисту електронну пошту.',
    'validation.endBeforeStart': 'Дата завершення не може бути раніше дати початку',
    'validation.duplicate': 'Це вже є у вашому профілі',
    'validation.ownSkill': 'Не можна схвалити власну навичку',
    'validation.ownRecommendation': 'Не можна рекомендувати себе',
    'validation.notCompanyMember': 'Оберіть учасника цієї компанії',
    'validation.notCompanyTeam': 'Оберіть команду цієї компанії',
    'validation.alreadyMember': 'Ця людина вже є учасником компанії',
    'validation.unstorable': 'Містить символ, який неможливо зберегти (нульовий або пошкоджений). Видаліть його та спробуйте ще раз.',
    'validation.date': 'Введіть справжню дату між {min} і {max}',
    'validation.birthDate': 'Введіть дату народження в минулому, не раніше {min}',
    'validation.tooMany': 'Додайте не більше {maximum}',
    'validation.weight': 'Введіть ціле число від {min} до {max}',
    'validation.notCompanyCompetency': 'Оберіть компетенцію цієї компанії',
    'validation.reviewerIsEmployee': 'Оцінювачем не може бути сам працівник: оберіть іншу людину',
    'validation.notRegisteredCompany': 'Оберіть компанію, зареєстровану на платформі',
    'validation.alreadyEmployed': 'Ця людина вже має поточне працевлаштування в компанії',
    'validation.notificationNotEmailed': 'Це сповіщення не можна надсилати електронною поштою.',
    'validation.timeZone': 'Оберіть часовий пояс зі списку',
    'validation.country': 'Оберіть країну зі списку',
    'validation.addressYours': 'Це вже одна з ваших адрес.',
    'validation.publicAddress':
      'Використайте від {min} до {max} малих латинських літер, цифр і одиночних дефісів, не на початку чи в кінці',
    'validation.publicAddressReserved': 'Ця адреса зарезервована. Оберіть іншу.',
    'validation.publicAddressTaken': 'Ця адреса вже зайнята. Оберіть іншу.',
    'validation.passkey': 'Не вдалося перевірити ключ доступу. Спробуйте ще раз.',
    'validation.domain': 'Введіть доменне ім’я, наприклад northwind.example, без https:// і шляху',
    'validation.domainIpAddress': 'Введіть доменне ім’я, а не IP-адресу',
    'validation.domainPublicSuffix': 'Це суфікс, спільний для багатьох власників (як co.uk чи github.io). Введіть власний домен у ньому.',
    'validation.domainAdded': 'Цей домен уже є в списку',
    'validation.stageTaken': 'Інший етап уже має таку назву',
    'validation.stageFixed': 'Етапи «Заявку подано», «Пропозиція», «Прийнято на роботу» і «Відхилено» зберігають свої назви й місця',
    'validation.stageNotEmpty': 'На цьому етапі є заявки: оберіть етап, на який їх перенести',
    'validation.notCompanyStage': 'Оберіть етап цієї компанії',
    'validation.domainHeldAbove': 'Інша компанія перевірила домен, вищий за цей; його піддомени належать їй, доки перевірка чинна.',
    'validation.locationOrRemote': 'Вкажіть місце або позначте вакансію як віддалену',
    'validation.salaryRange': 'Найбільша зарплата не може бути меншою за найменшу',
    'validation.closingDatePast': 'Оберіть дату завершення не раніше сьогодні',
    'validation.workEmailJobEnded': 'Робоча адреса підтверджує лише поточну роботу: ця робота завершилася або ви з неї йдете.',
    'validation.workEmailNoDomain':
      'Компанія {company} не підтвердила домен у Profiles, тож робочу адресу для цієї роботи перевірити не можна.',
    'validation.workEmailDomain': 'Введіть свою адресу в домені {domain} або в одному з його піддоменів',
    'validation.workEmailTaken': 'Цю робочу адресу вже підтвердила інша людина.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Splits a reference into key and parameters; undefined for text that is not a reference. */
export function parseMessageRef(message: string): { key: ValidationMessageKey; params: Params } | undefined {
  const [key, json] = message.split('|', 2) as [string, string | undefined];
  if (!(key in validationMessages.en_GB)) return undefined;
  let params: Params = {};
  if (json) {
    try {
      params = JSON.parse(json) as Params;
    } catch {
      params = {};
    }
  }
  return { key: key as ValidationMessageKey, params };
}

/** The text of a reference in `locale`; text that is not a reference comes back unchanged. */
export function describeMessage(message: string, locale: Locale): string {
  const ref = parseMessageRef(message);
  if (!ref) return message;
  const template: string = validationMessages[locale][ref.key];
  return fillPlaceholders(template, ref.params);
}
