// The terms of use and the privacy policy of the Profiles product (the sign-up's
// terms checkbox links to pages that exist). Long documents, so they live here as sections rather than
// as one dictionary key per paragraph; the type makes both languages say the same sections.
import type { Locale } from '../../contract/locale.ts';

export type LegalPage = 'terms' | 'privacy';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  /** Under the heading: whose document this is and what it covers. */
  intro: string;
  sections: readonly LegalSection[];
}

/** The day the current versions took effect (shown in each language's date format by the page). */
export const legalEffectiveDate = '2026-11-26';

export const legalDocuments: Record<LegalPage, Record<Locale, LegalDocument>> = {
  terms: {
    en_GB: {
      intro:
        'These are the terms of use of Profiles, the professional-profile service. They apply to everyone who creates an account, for themselves or for a company, and to anyone who reads a profile.',
      sections: [
        {
          heading: '1. Your account',
          paragraphs: [
            'You need a verified email address and mobile phone number to create an account. Keep your password to yourself; you are responsible for what is done with your account until you tell us it has been misused.',
            'An account is for one person. A company account is created by a representative who may act for the company, and that person becomes its owner.',
          ],
        },
        {
          heading: '2. Your profile and what you post',
          paragraphs: [
            'What you write on your profile, in posts and in comments stays yours. You allow us to store it and show it to the people your visibility settings allow, for as long as it is on Profiles.',
            'Write only what is true and what you have the right to share. Do not publish other people’s personal details without their agreement.',
          ],
        },
        {
          heading: '3. Companies, confirmations and reviews',
          paragraphs: [
            'A company may confirm that you work or worked there, record your position and team, and review your work. A confirmation or a review is the company’s statement; you can ask it to correct one and choose whether it appears on your public profile.',
            'Companies use what they see about their employees only to run the employment relationship on Profiles, not to contact them for other purposes.',
          ],
        },
        {
          heading: '4. Acceptable use',
          paragraphs: [
            'Do not use Profiles to harass anyone, to send unsolicited advertising, to impersonate a person or a company, or to collect other people’s data by automated means. Do not try to get into accounts that are not yours or to disturb the service.',
            'We may hide content or suspend an account that breaks these terms. We will tell you why, unless the law stops us.',
          ],
        },
        {
          heading: '5. Closing your account',
          paragraphs: [
            'You can export your profile and close your account at any time in Settings. A closed account’s profile is no longer shown to anyone; what the law requires us to keep is kept only as long as it requires.',
          ],
        },
        {
          heading: '6. Changes to these terms',
          paragraphs: [
            'When these terms change in a way that matters to you, we will tell you by email and in the app at least 30 days before the change takes effect. Using Profiles after that day means you accept the new terms.',
          ],
        },
        {
          heading: '7. Contact',
          paragraphs: ['Questions about these terms go to our support team at {email}.'],
        },
      ],
    },
    uk_UA: {
      intro:
        'Це умови використання Profiles — сервісу професійних профілів. Вони стосуються кожного, хто створює обліковий запис для себе чи для компанії, і кожного, хто переглядає профілі.',
      sections: [
        {
          heading: '1. Ваш обліковий запис',
          paragraphs: [
            'Щоб створити обліковий запис, потрібні підтверджені адреса електронної пошти та номер мобільного телефону. Нікому не повідомляйте свій пароль: ви відповідаєте за дії з вашим обліковим записом, доки не повідомите нам, що ним зловживають.',
            'Один обліковий запис — для однієї людини. Обліковий запис компанії створює представник, який має право діяти від її імені, і він стає її власником.',
          ],
        },
        {
          heading: '2. Ваш профіль і ваші публікації',
          paragraphs: [
            'Усе, що ви пишете в профілі, дописах і коментарях, залишається вашим. Ви дозволяєте нам зберігати це й показувати тим, кому дозволяють ваші налаштування видимості, доки воно є на Profiles.',
            'Пишіть лише правду і лише те, чим маєте право ділитися. Не публікуйте особисті дані інших людей без їхньої згоди.',
          ],
        },
        {
          heading: '3. Компанії, підтвердження роботи й оцінювання',
          paragraphs: [
            'Компанія може підтвердити, що ви в ній працюєте чи працювали, вказати вашу посаду й команду та оцінити вашу роботу. Підтвердження роботи чи оцінювання — це заява компанії; ви можете попросити її щось виправити і самі вирішуєте, які оцінювання показувати в публічному профілі.',
            'Компанії використовують те, що бачать про своїх працівників, лише для ведення трудових відносин на Profiles, а не для інших звернень до них.',
          ],
        },
        {
          heading: '4. Допустиме використання',
          paragraphs: [
            'Не використовуйте Profiles, щоб когось переслідувати, розсилати небажану рекламу, видавати себе за іншу людину чи компанію або автоматично збирати чужі дані. Не намагайтеся увійти до чужих облікових записів чи порушити роботу сервісу.',
            'Ми можемо приховати вміст або призупинити обліковий запис, що порушує ці умови, і пояснимо чому, якщо закон цього не забороняє.',
          ],
        },
        {
          heading: '5. Закриття облікового запису',
          paragraphs: [
            'Ви будь-коли можете експортувати профіль і закрити обліковий запис у налаштуваннях. Профіль закритого облікового запису більше ніхто не бачить; те, що ми зобов’язані зберігати за законом, зберігаємо лише стільки, скільки він вимагає.',
          ],
        },
        {
          heading: '6. Зміни цих умов',
          paragraphs: [
            'Коли ці умови змінюються у важливий для вас спосіб, ми повідомимо вас електронною поштою і в застосунку щонайменше за 30 днів до набуття змінами чинності. Користуючись Profiles після цього дня, ви приймаєте нові умови.',
          ],
        },
        {
          heading: '7. Зв’язок',
          paragraphs: ['Запитання щодо цих умов надсилайте нашій службі підтримки: {email}.'],
        },
      ],
    },
  },
  privacy: {
    en_GB: {
      intro:
        'This privacy policy says what personal data Profiles, the professional-profile service, keeps about you, why, who can see it and what you can do about it.',
      sections: [
        {
          heading: '1. What we keep',
          paragraphs: [
            'Your account: name, email address, mobile number, password (only as a one-way hash), language and time zone. Your profile: what you add to it, such as your jobs, education, skills, languages, photo and documents.',
            'Your activity: posts, comments, likes, endorsements, recommendations and notifications. For your security: the devices and browsers you are signed in on and when each was last used.',
          ],
        },
        {
          heading: '2. Why we keep it',
          paragraphs: [
            'To run your account and show your profile (our contract with you); to confirm your email address and phone number with one-time codes and protect accounts from misuse (our legitimate interest); and to keep records the law requires.',
            'We do not sell your data and we do not show advertising.',
          ],
        },
        {
          heading: '3. Who sees it',
          paragraphs: [
            'Your name, headline and the profile sections you fill in are shown to visitors of your profile; your settings decide who sees your contact details: only you, signed-in people or everyone. A company you work for sees the employment details it records with you.',
            'Service providers that host the service and send our emails and text messages process data only on our instructions.',
          ],
        },
        {
          heading: '4. Cookies',
          paragraphs: [
            'Profiles sets one cookie, which keeps you signed in; it does not follow you to other sites. Where the optional usage heatmap is offered, it is loaded only after you agree, and a second cookie remembers your answer. We use no advertising cookies.',
          ],
        },
        {
          heading: '5. How long we keep it',
          paragraphs: [
            'As long as your account is open. When you close it, your profile stops being shown at once and your data is deleted, except what the law obliges us to keep, for as long as it obliges us.',
          ],
        },
        {
          heading: '6. Your rights',
          paragraphs: [
            'You can see and correct your data on your profile and in Settings, download your profile in the JSON Resume format, and close your account. You can also ask us for a copy of everything we hold about you, or object to how we use it, and complain to your data protection authority.',
          ],
        },
        {
          heading: '7. Contact',
          paragraphs: ['Questions about your data go to our support team at {email}.'],
        },
      ],
    },
    uk_UA: {
      intro:
        'Ця політика конфіденційності пояснює, які ваші персональні дані зберігає Profiles — сервіс професійних профілів, навіщо, хто їх бачить і що ви можете з ними зробити.',
      sections: [
        {
          heading: '1. Що ми зберігаємо',
          paragraphs: [
            'Дані облікового запису: ім’я, адресу електронної пошти, номер мобільного телефону, пароль (лише як односторонній хеш), мову та часовий пояс. Профіль: те, що ви до нього додаєте, — роботу, освіту, навички, мови, фото й документи.',
            'Вашу активність: дописи, коментарі, вподобання, схвалення навичок, рекомендації та сповіщення. Для безпеки — пристрої й браузери, на яких ви увійшли, і коли кожен використовувався востаннє.',
          ],
        },
        {
          heading: '2. Навіщо ми їх зберігаємо',
          paragraphs: [
            'Щоб вести ваш обліковий запис і показувати профіль (наш договір із вами); щоб підтверджувати адресу пошти й номер телефону одноразовими кодами та захищати облікові записи від зловживань (наш законний інтерес); і щоб зберігати записи, яких вимагає закон.',
            'Ми не продаємо ваші дані і не показуємо рекламу.',
          ],
        },
        {
          heading: '3. Хто їх бачить',
          paragraphs: [
            'Ваше ім’я, заголовок і заповнені розділи профілю бачать відвідувачі вашого профілю; хто бачить ваші контактні дані — лише ви, ті, хто увійшов, чи всі, — визначають ваші налаштування. Компанія, у якій ви працюєте, бачить дані про працевлаштування, які вона веде разом із вами.',
            'Постачальники, що розміщують сервіс і надсилають наші листи та SMS, обробляють дані лише за нашими вказівками.',
          ],
        },
        {
          heading: '4. Файли cookie',
          paragraphs: [
            'Profiles встановлює один файл cookie, який зберігає ваш вхід; він не стежить за вами на інших сайтах. Де пропонується необов’язкова теплова карта використання, вона завантажується лише з вашої згоди, а другий cookie запам’ятовує вашу відповідь. Рекламних cookie ми не використовуємо.',
          ],
        },
        {
          heading: '5. Як довго ми їх зберігаємо',
          paragraphs: [
            'Доки ваш обліковий запис відкритий. Коли ви його закриваєте, профіль одразу перестає бути видимим, а дані видаляються, крім тих, які ми зобов’язані зберігати за законом, і лише стільки, скільки він вимагає.',
          ],
        },
        {
          heading: '6. Ваші права',
          paragraphs: [
            'Ви можете переглядати й виправляти свої дані в профілі та налаштуваннях, завантажити профіль у форматі JSON Resume і закрити обліковий запис. Також ви можете попросити копію всього, що ми про вас зберігаємо, заперечити проти способу їх використання і поскаржитися до органу захисту персональних даних.',
          ],
        },
        {
          heading: '7. Зв’язок',
          paragraphs: ['Запитання щодо ваших даних надсилайте нашій службі підтримки: {email}.'],
        },
      ],
    },
  },
};
