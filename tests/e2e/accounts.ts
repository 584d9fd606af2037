// Accounts the browser tests sign in with; tests/e2e/serve.ts creates them before the server starts.
// Each journey has its own people so journeys running in parallel never share a profile.
import type { SeedAccount } from '../../server/demo/accounts.ts';

const password = 'E2e-Passw0rd';

const person = (email: string, firstName: string, lastName: string, locale?: 'uk_UA'): SeedAccount => ({
  email,
  password,
  firstName,
  lastName,
  ...(locale ? { locale } : {}),
});

export const e2eAccounts = {
  filler: person('filler@e2e.test', 'Fiona', 'Filler'),
  uploader: person('uploader@e2e.test', 'Uma', 'Uploader'),
  ukOwner: person('oksana@e2e.test', 'Оксана', 'Шевчук', 'uk_UA'),
  visitor: person('victor@e2e.test', 'Victor', 'Visitor'),
  // Sign-in is throttled at 5 a minute per account and address, so journeys do not share visitors.
  xssVisitor: person('xavier@e2e.test', 'Xavier', 'Visitor'),
  a11yVisitor: person('alex@e2e.test', 'Alex', 'Visitor'),
  strayVisitor: person('stray@e2e.test', 'Stray', 'Visitor'),
  porter: person('porter@e2e.test', 'Petra', 'Porter'),
  // A Ukrainian reader on an English profile (the language redirect loop).
  loopReader: person('loop-reader@e2e.test', 'Лука', 'Читач', 'uk_UA'),
  loopTarget: person('loop-target@e2e.test', 'Lou', 'Target'),
  importer: person('importer@e2e.test', 'Ivo', 'Importer'),
  xss: person('xss@e2e.test', 'Xenia', 'Script'),
  a11yEn: person('a11y-en@e2e.test', 'Ada', 'Access'),
  a11yUk: person('a11y-uk@e2e.test', 'Ada', 'Access', 'uk_UA'),
  // The shell and kit journeys and `npm run screenshots`.
  shellEn: person('shell-en@e2e.test', 'Olena', 'Kovalenko'),
  shellUk: person('shell-uk@e2e.test', 'Богдана', 'Мельниченко-Завадська', 'uk_UA'),
  shellDeleter: person('deleter@e2e.test', 'Dana', 'Deleter'),
  shellPhoto: person('photo@e2e.test', 'Petro', 'Photo'),
  shellSwitcher: person('switcher@e2e.test', 'Sasha', 'Switcher'),
  shellFailer: person('failer@e2e.test', 'Fedir', 'Failer'),
  // Its own person: the failer's entries come and go with the journeys that share that account.
  shellVariants: person('variants@e2e.test', 'Vira', 'Variants'),
  shellPages: person('pages@e2e.test', 'Pavlo', 'Pages'),
  onceReader: person('once-reader@e2e.test', 'Orest', 'Once'),
  // The realtime and notifications journeys.
  liveOwner: person('live-owner@e2e.test', 'Lina', 'Live'),
  liveEndorser: person('live-endorser@e2e.test', 'Eryk', 'Endorser'),
  pageEndorser: person('page-endorser@e2e.test', 'Petro', 'Pager'),
  a11yEndorser: person('a11y-endorser@e2e.test', 'Anna', 'Endorser'),
  notifyPager: person('notify-pager@e2e.test', 'Pia', 'Pages'),
  notifyEn: person('notify-en@e2e.test', 'Nora', 'Notes'),
  notifyUk: person('notify-uk@e2e.test', 'Надія', 'Нотатко', 'uk_UA'),
  notifyEmptyEn: person('notify-empty-en@e2e.test', 'Emil', 'Empty'),
  notifyEmptyUk: person('notify-empty-uk@e2e.test', 'Еміль', 'Порожній', 'uk_UA'),
  // The small frictions: an invited person who signs in, is made an admin and
  // changes their password (so nobody else signs in with them).
  frictionEn: person('friction-en@e2e.test', 'Freya', 'Friction'),
  frictionUk: person('friction-uk@e2e.test', 'Фросина', 'Тертична', 'uk_UA'),
  // The company workspace journeys.
  invitee: person('ivan-invitee@e2e.test', 'Ivan', 'Invitee'),
  decliner: person('dina-decliner@e2e.test', 'Dina', 'Decliner'),
  joiner: person('jora-joiner@e2e.test', 'Jora', 'Joiner'),
  outsider: person('olga-outsider@e2e.test', 'Olga', 'Outsider', 'uk_UA'),
  removed: person('roman-removed@e2e.test', 'Roman', 'Removed'),
  // The achievements and activity journeys; the history accounts get two years of posts.
  achieverEn: person('achiever-en@e2e.test', 'Aria', 'Achiever'),
  achieverUk: person('achiever-uk@e2e.test', 'Арина', 'Звитяжна', 'uk_UA'),
  posterEn: person('poster-en@e2e.test', 'Paula', 'Poster'),
  commenterEn: person('commenter-en@e2e.test', 'Colin', 'Commenter'),
  posterUk: person('poster-uk@e2e.test', 'Павліна', 'Дописна', 'uk_UA'),
  commenterUk: person('commenter-uk@e2e.test', 'Кирило', 'Коментар', 'uk_UA'),
  historyEn: { ...person('history-en@e2e.test', 'Hana', 'History'), profile: { timeZone: 'UTC' } },
  historyUk: { ...person('history-uk@e2e.test', 'Ганна', 'Історія', 'uk_UA'), profile: { timeZone: 'Europe/Kyiv' } },
  activityEmptyEn: person('activity-empty-en@e2e.test', 'Ethan', 'Empty'),
  activityEmptyUk: person('activity-empty-uk@e2e.test', 'Євген', 'Порожній', 'uk_UA'),
  // The settings journeys.
  settingsEn: person('settings-en@e2e.test', 'Sofia', 'Settings'),
  settingsUk: person('settings-uk@e2e.test', 'Соломія', 'Налаштування', 'uk_UA'),
  settingsLangEn: person('settings-lang-en@e2e.test', 'Lev', 'Language'),
  settingsLangUk: person('settings-lang-uk@e2e.test', 'Леся', 'Мовна', 'uk_UA'),
  settingsAxeEn: person('settings-axe-en@e2e.test', 'Axel', 'Settings'),
  settingsAxeUk: person('settings-axe-uk@e2e.test', 'Аксель', 'Налаштування', 'uk_UA'),
  settingsCloseEn: person('settings-close-en@e2e.test', 'Clara', 'Closer'),
  settingsCloseUk: person('settings-close-uk@e2e.test', 'Клара', 'Закрита', 'uk_UA'),
  settingsAccountsEn: person('settings-accounts-en@e2e.test', 'Milo', 'Member'),
  settingsAccountsUk: person('settings-accounts-uk@e2e.test', 'Марко', 'Учасник', 'uk_UA'),
  settingsNotifyEn: person('settings-notify-en@e2e.test', 'Nina', 'Notify'),
  settingsNotifyUk: person('settings-notify-uk@e2e.test', 'Ніна', 'Сповіщальна', 'uk_UA'),
  settingsContactEn: person('settings-contact-en@e2e.test', 'Cora', 'Contact'),
  settingsContactUk: person('settings-contact-uk@e2e.test', 'Кора', 'Контактна', 'uk_UA'),
  // The public profile journeys (decision 208).
  publicEn: person('public-en@e2e.test', 'Petra', 'Public'),
  publicUk: person('public-uk@e2e.test', 'Павлина', 'Публічна', 'uk_UA'),
  settingsViewerEn: person('settings-viewer-en@e2e.test', 'Vera', 'Viewer'),
  settingsViewerUk: person('settings-viewer-uk@e2e.test', 'Віра', 'Глядачка', 'uk_UA'),
  settingsEmailsEn: person('settings-emails-en@e2e.test', 'Emma', 'Emails'),
  settingsEmailsUk: person('settings-emails-uk@e2e.test', 'Емма', 'Листовна', 'uk_UA'),
  // Every workspace tab and dialog under axe, in both languages; the live lists (decision 091).
  wsMemberEn: person('ws-member-en@e2e.test', 'Mila', 'Member'),
  wsAskerEn: person('ws-asker-en@e2e.test', 'Artem', 'Asker'),
  wsMemberUk: person('ws-member-uk@e2e.test', 'Мирослава', 'Учасниця', 'uk_UA'),
  wsAskerUk: person('ws-asker-uk@e2e.test', 'Арсеній', 'Запитувач', 'uk_UA'),
  liveAdmin: person('live-admin@e2e.test', 'Ada', 'Admin'),
  liveAsker: person('live-asker@e2e.test', 'Lev', 'Asker'),
  // The careers journeys: the hired person, the reviewer, a visitor; one set per language.
  careersEn: person('careers-en@e2e.test', 'Kateryna', 'Career'),
  careersReviewerEn: person('careers-reviewer-en@e2e.test', 'Roman', 'Reviewer'),
  careersVisitorEn: person('careers-visitor-en@e2e.test', 'Vira', 'Visitor'),
  careersUk: person('careers-uk@e2e.test', 'Катерина', 'Кар’єрна', 'uk_UA'),
  careersReviewerUk: person('careers-reviewer-uk@e2e.test', 'Роман', 'Рецензент', 'uk_UA'),
  careersVisitorUk: person('careers-visitor-uk@e2e.test', 'Віра', 'Відвідувачка', 'uk_UA'),
  careersSelfEn: person('careers-self-en@e2e.test', 'Sam', 'Self'),
  careersSelfUk: person('careers-self-uk@e2e.test', 'Семен', 'Самостійний', 'uk_UA'),
  // Workplace verification by work email (decision 260): a job at the demo company, one a language.
  workEmailEn: person('work-email-en@e2e.test', 'Wanda', 'Workmail'),
  workEmailUk: person('work-email-uk@e2e.test', 'Вікторія', 'Робоча', 'uk_UA'),
  // A person whose verified job's credential is downloaded, checked on /verify, then revoked.
  credentialsEn: person('credentials-en@e2e.test', 'Cora', 'Credential'),
  credentialsUk: person('credentials-uk@e2e.test', 'Христина', 'Посвідчена', 'uk_UA'),
  // Decision 258: a person whose credential names the domain its company linked both ways.
  linkageEn: person('linkage-en@e2e.test', 'Lina', 'Linked'),
  linkageUk: person('linkage-uk@e2e.test', 'Ліна', 'Пов’язана', 'uk_UA'),
  // A person rated in three rounds, whose score history the person and the company see.
  scoreHistoryEn: person('score-history-en@e2e.test', 'Hanna', 'History'),
  scoreHistoryUk: person('score-history-uk@e2e.test', 'Ганна', 'Історична', 'uk_UA'),
  // The profile status, and the unsaved-changes question in the settings.
  statusEn: person('status-en@e2e.test', 'Stella', 'Status'),
  statusUk: person('status-uk@e2e.test', 'Стефанія', 'Статусна', 'uk_UA'),
  statusViewerEn: person('status-viewer-en@e2e.test', 'Vince', 'Viewer'),
  statusViewerUk: person('status-viewer-uk@e2e.test', 'Віктор', 'Глядач', 'uk_UA'),
  unsavedEn: person('unsaved-en@e2e.test', 'Una', 'Unsaved'),
  unsavedUk: person('unsaved-uk@e2e.test', 'Уляна', 'Незбережена', 'uk_UA'),
  activityCardEn: person('activity-card-en@e2e.test', 'Carla', 'Card'),
  activityCardUk: person('activity-card-uk@e2e.test', 'Карина', 'Картка', 'uk_UA'),
  // What a new user hits: one per language.
  newcomerEn: person('newcomer-en@e2e.test', 'Nadia', 'Newcomer'),
  newcomerUk: person('newcomer-uk@e2e.test', 'Надія', 'Новенька', 'uk_UA'),
  // The look: quiet delete buttons and the second columns, one per language.
  lookEn: person('look-en@e2e.test', 'Lina', 'Looker'),
  lookUk: person('look-uk@e2e.test', 'Ліна', 'Оглядова', 'uk_UA'),
  lookNotesEn: person('look-notes-en@e2e.test', 'Noel', 'Looker'),
  lookNotesUk: person('look-notes-uk@e2e.test', 'Ноель', 'Оглядовий', 'uk_UA'),
  lookPostsEn: person('look-posts-en@e2e.test', 'Polly', 'Looker'),
  lookPostsUk: person('look-posts-uk@e2e.test', 'Поліна', 'Оглядова', 'uk_UA'),
  // Two-step sign-in, turned on, used and turned off; one per language.
  twoStepEn: person('two-step-en@e2e.test', 'Tomas', 'Twostep'),
  twoStepUk: person('two-step-uk@e2e.test', 'Тарас', 'Двокроковий', 'uk_UA'),
  // Passkeys (decision 206); one per language.
  passkeyEn: person('passkey-en@e2e.test', 'Petra', 'Passkey'),
  passkeyUk: person('passkey-uk@e2e.test', 'Петро', 'Ключовий', 'uk_UA'),
  // A change to how one signs in asks for the password in its own form; one per language.
  reauthEn: person('reauth-en@e2e.test', 'Rita', 'Reauth'),
  reauthUk: person('reauth-uk@e2e.test', 'Рита', 'Повторна', 'uk_UA'),
  // The password-change mail's undo (decision 278): the journey changes their password.
  undoEn: person('undo-en@e2e.test', 'Una', 'Undo'),
  undoUk: person('undo-uk@e2e.test', 'Уляна', 'Скасування', 'uk_UA'),
  // An admin of a company that asks for two-step sign-in; one per language.
  twoStepAdminEn: person('two-step-admin-en@e2e.test', 'Ada', 'Admin'),
  twoStepAdminUk: person('two-step-admin-uk@e2e.test', 'Ада', 'Адміністраторка', 'uk_UA'),
  // Pages that follow live events and switches that tell the truth: one per language.
  liveJobEn: person('live-job-en@e2e.test', 'Lev', 'Liveson'),
  liveJobUk: person('live-job-uk@e2e.test', 'Лев', 'Живчук', 'uk_UA'),
  // Quiet notifications: the bell and the toast limit at 390 px.
  bellEn: person('bell-en@e2e.test', 'Bella', 'Bell'),
  bellUk: person('bell-uk@e2e.test', 'Белла', 'Дзвінок', 'uk_UA'),
  bellEndorserEn: person('bell-endorser-en@e2e.test', 'Ezra', 'Endorser'),
  bellEndorserUk: person('bell-endorser-uk@e2e.test', 'Єва', 'Підтверджувачка', 'uk_UA'),
  // 'Download CV (PDF)': a person with a verified job downloads the CV; one per language.
  cvEn: person('cv-en@e2e.test', 'Vera', 'Vitae'),
  cvUk: person('cv-uk@e2e.test', 'Віра', 'Резюменко', 'uk_UA'),
  // The search journeys: who searches, and a person with a name nobody else has to be found.
  searchEn: person('search-en@e2e.test', 'Sam', 'Seeker'),
  searchUk: person('search-uk@e2e.test', 'Семен', 'Шукач', 'uk_UA'),
  searchTargetEn: person('search-target-en@e2e.test', 'Zoriana', 'Findable'),
  searchTargetUk: person('search-target-uk@e2e.test', 'Зоряна', 'Знаходько', 'uk_UA'),
  // The company public page: the verified employee its count shows; one per language.
  brandEmployeeEn: person('brand-employee-en@e2e.test', 'Ella', 'Employee'),
  brandEmployeeUk: person('brand-employee-uk@e2e.test', 'Емілія', 'Працівниця', 'uk_UA'),
  // A day's unlocks are one quiet notification; one leave, one toast (decision 239).
  quietEn: person('quiet-en@e2e.test', 'Quinn', 'Quiet'),
  quietUk: person('quiet-uk@e2e.test', 'Тихон', 'Тихенко', 'uk_UA'),
} satisfies Record<string, SeedAccount>;

export type E2eAccount = keyof typeof e2eAccounts;
