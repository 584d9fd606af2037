// Accounts the browser tests sign in with; tests/e2e/serve.ts creates them before the server starts.
// Each journey has its own people so journeys running in parallel never share a profile.
import type { SeedAccount } from '../../server/demo/accounts.ts';

const password = 'E2e-Passw0rd';

export const e2eAccounts = {
  filler: { email: 'filler@e2e.test', password, firstName: 'Fiona', lastName: 'Filler' },
  uploader: { email: 'uploader@e2e.test', password, firstName: 'Uma', lastName: 'Uploader' },
  ukOwner: { email: 'oksana@e2e.test', password, firstName: 'Оксана', lastName: 'Шевчук', locale: 'uk_UA' },
  visitor: { email: 'victor@e2e.test', password, firstName: 'Victor', lastName: 'Visitor' },
  // Sign-in is throttled at 5 a minute per account and address, so journeys do not share visitors.
  xssVisitor: { email: 'xavier@e2e.test', password, firstName: 'Xavier', lastName: 'Visitor' },
  a11yVisitor: { email: 'alex@e2e.test', password, firstName: 'Alex', lastName: 'Visitor' },
  strayVisitor: { email: 'stray@e2e.test', password, firstName: 'Stray', lastName: 'Visitor' },
  porter: { email: 'porter@e2e.test', password, firstName: 'Petra', lastName: 'Porter' },
  importer: { email: 'importer@e2e.test', password, firstName: 'Ivo', lastName: 'Importer' },
  xss: { email: 'xss@e2e.test', password, firstName: 'Xenia', lastName: 'Script' },
  a11yEn: { email: 'a11y-en@e2e.test', password, firstName: 'Ada', lastName: 'Access' },
  a11yUk: { email: 'a11y-uk@e2e.test', password, firstName: 'Ada', lastName: 'Access', locale: 'uk_UA' },
  // The shell and kit journeys (issue 9) and `npm run screenshots`.
  shellEn: { email: 'shell-en@e2e.test', password, firstName: 'Olena', lastName: 'Kovalenko' },
  shellUk: { email: 'shell-uk@e2e.test', password, firstName: 'Богдана', lastName: 'Мельниченко-Завадська', locale: 'uk_UA' },
  shellDeleter: { email: 'deleter@e2e.test', password, firstName: 'Dana', lastName: 'Deleter' },
  shellPhoto: { email: 'photo@e2e.test', password, firstName: 'Petro', lastName: 'Photo' },
  shellSwitcher: { email: 'switcher@e2e.test', password, firstName: 'Sasha', lastName: 'Switcher' },
  shellFailer: { email: 'failer@e2e.test', password, firstName: 'Fedir', lastName: 'Failer' },
  shellPages: { email: 'pages@e2e.test', password, firstName: 'Pavlo', lastName: 'Pages' },
  // The realtime and notifications journeys (issue 13).
  liveOwner: { email: 'live-owner@e2e.test', password, firstName: 'Lina', lastName: 'Live' },
  liveEndorser: { email: 'live-endorser@e2e.test', password, firstName: 'Eryk', lastName: 'Endorser' },
  pageEndorser: { email: 'page-endorser@e2e.test', password, firstName: 'Petro', lastName: 'Pager' },
  a11yEndorser: { email: 'a11y-endorser@e2e.test', password, firstName: 'Anna', lastName: 'Endorser' },
  notifyPager: { email: 'notify-pager@e2e.test', password, firstName: 'Pia', lastName: 'Pages' },
  notifyEn: { email: 'notify-en@e2e.test', password, firstName: 'Nora', lastName: 'Notes' },
  notifyUk: { email: 'notify-uk@e2e.test', password, firstName: 'Надія', lastName: 'Нотатко', locale: 'uk_UA' },
  notifyEmptyEn: { email: 'notify-empty-en@e2e.test', password, firstName: 'Emil', lastName: 'Empty' },
  notifyEmptyUk: { email: 'notify-empty-uk@e2e.test', password, firstName: 'Еміль', lastName: 'Порожній', locale: 'uk_UA' },
  // The company workspace journeys (issue 11).
  invitee: { email: 'ivan-invitee@e2e.test', password, firstName: 'Ivan', lastName: 'Invitee' },
  decliner: { email: 'dina-decliner@e2e.test', password, firstName: 'Dina', lastName: 'Decliner' },
  joiner: { email: 'jora-joiner@e2e.test', password, firstName: 'Jora', lastName: 'Joiner' },
  outsider: { email: 'olga-outsider@e2e.test', password, firstName: 'Olga', lastName: 'Outsider', locale: 'uk_UA' },
  removed: { email: 'roman-removed@e2e.test', password, firstName: 'Roman', lastName: 'Removed' },
  // The settings journeys (issue 15).
  settingsEn: { email: 'settings-en@e2e.test', password, firstName: 'Sofia', lastName: 'Settings' },
  settingsUk: { email: 'settings-uk@e2e.test', password, firstName: 'Соломія', lastName: 'Налаштування', locale: 'uk_UA' },
  settingsLangEn: { email: 'settings-lang-en@e2e.test', password, firstName: 'Lev', lastName: 'Language' },
  settingsLangUk: { email: 'settings-lang-uk@e2e.test', password, firstName: 'Леся', lastName: 'Мовна', locale: 'uk_UA' },
  settingsAxeEn: { email: 'settings-axe-en@e2e.test', password, firstName: 'Axel', lastName: 'Settings' },
  settingsCloseEn: { email: 'settings-close-en@e2e.test', password, firstName: 'Clara', lastName: 'Closer' },
  settingsCloseUk: { email: 'settings-close-uk@e2e.test', password, firstName: 'Клара', lastName: 'Закрита', locale: 'uk_UA' },
  settingsAxeUk: { email: 'settings-axe-uk@e2e.test', password, firstName: 'Аксель', lastName: 'Налаштування', locale: 'uk_UA' },
} satisfies Record<string, SeedAccount>;

export type E2eAccount = keyof typeof e2eAccounts;
