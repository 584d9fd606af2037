import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { signIn } from './sign-in.ts';

// The settings page in both languages: the password change with SPEC §5's messages and
// the end of every other session, the active sessions, the platform language; axe on every section
// and dialog.
/** Signs in through the login form of `t`'s language, as a person on another device would. */
async function signInWithForm(page: Page, t: typeof en, email: string, password: string) {
  await page.getByLabel(t.login).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

const en = {
  name: 'English',
  prefix: '',
  account: 'settingsEn' as E2eAccount,
  langAccount: 'settingsLangEn' as E2eAccount,
  axeAccount: 'settingsAxeEn' as E2eAccount,
  closeAccount: 'settingsCloseEn' as E2eAccount,
  closeSection: 'Close account',
  exportAll: 'Download all my data (JSON)',
  exportResume: 'Download my résumé (JSON Resume)',
  closeMine: 'Close my account',
  closed: 'Your account has been closed',
  lost: 'Your employment history',
  settings: 'Settings',
  security: 'Password and security',
  language: 'Platform language',
  current: 'Current password',
  newPassword: 'New password',
  confirm: 'Confirm password',
  change: 'Change password',
  changed: 'Your password has been changed. Every other device has been signed out.',
  required: 'Field is required',
  currentShort: 'Current password must be at least 8 characters long',
  newShort: 'New password must be at least 8 characters long',
  confirmShort: 'Password confirmation must be at least 8 characters long',
  noNumber: 'New password must include at least one number',
  mismatch: "Passwords don't match",
  wrongCurrent: 'Current password is incorrect.',
  sessions: 'Active sessions',
  thisDevice: 'This device',
  signOutOthers: 'Sign out all other devices',
  signOutOne: /^Sign out Chrome on Linux/,
  onlyThis: 'No other device is signed in.',
  login: 'Email or mobile phone',
  password: 'Password',
  signIn: 'Sign in',
  other: { locale: 'uk_UA', label: 'Українська', save: 'Save language', heading: 'Налаштування', prefix: '/uk' },
};
const uk: typeof en = {
  name: 'Ukrainian',
  prefix: '/uk',
  account: 'settingsUk',
  langAccount: 'settingsLangUk',
  axeAccount: 'settingsAxeUk',
  closeAccount: 'settingsCloseUk',
  closeSection: 'Закрити обліковий запис',
  exportAll: 'Завантажити всі мої дані (JSON)',
  exportResume: 'Завантажити моє резюме (JSON Resume)',
  closeMine: 'Закрити мій обліковий запис',
  closed: 'Ваш обліковий запис закрито',
  lost: 'Ваша історія працевлаштування',
  settings: 'Налаштування',
  security: 'Пароль і безпека',
  language: 'Мова платформи',
  current: 'Поточний пароль',
  newPassword: 'Новий пароль',
  confirm: 'Підтвердіть пароль',
  change: 'Змінити пароль',
  changed: 'Ваш пароль змінено. На всіх інших пристроях виконано вихід.',
  required: 'Поле обов’язкове',
  currentShort: 'Поточний пароль має містити щонайменше 8 символів',
  newShort: 'Новий пароль має містити щонайменше 8 символів',
  confirmShort: 'Підтвердження пароля має містити щонайменше 8 символів',
  noNumber: 'Новий пароль має містити принаймні одну цифру',
  mismatch: 'Паролі не збігаються',
  wrongCurrent: 'Поточний пароль неправильний.',
  sessions: 'Активні сеанси',
  thisDevice: 'Цей пристрій',
  signOutOthers: 'Вийти на всіх інших пристроях',
  signOutOne: /^Вийти на пристрої Chrome на Linux/,
  onlyThis: 'Вхід не виконано на жодному іншому пристрої.',
  login: 'Електронна пошта або мобільний телефон',
  password: 'Пароль',
  signIn: 'Увійти',
  other: { locale: 'en_GB', label: 'English (United Kingdom)', save: 'Зберегти мову', heading: 'Settings', prefix: '' },
};

const settingsLanguages = [en, uk];
const journeyIn = alternating(settingsLanguages, import.meta.filename);
for (const t of settingsLanguages) {
  test.describe(`Settings (${t.name})`, () => {
    journeyIn(t)(
      `A person changes their password and a session in another browser is signed out (${t.name})`,
      async ({ browser, request }) => {
        const { email, password } = e2eAccounts[t.account];
        const here = await browser.newContext();
        const there = await browser.newContext();
        await signIn(here, request, t.account);
        await signIn(there, request, t.account);
        const elsewhere = await there.newPage();
        await elsewhere.goto(`${t.prefix}/`);
        await expect(elsewhere.getByRole('heading', { level: 1 })).toBeVisible();

        const page = await here.newPage();
        await page.goto(`${t.prefix}/settings#security`);
        await expect(page.getByRole('heading', { level: 1, name: t.settings })).toBeVisible();
        await expect(page.getByRole('link', { name: t.security })).toHaveAttribute('aria-current', 'true');

        // SPEC §5's messages, each under its field.
        await page.getByRole('button', { name: t.change }).click();
        await expect(page.getByLabel(t.current)).toHaveAccessibleDescription(t.required);
        await expect(page.getByLabel(t.current)).toBeFocused();
        await page.getByLabel(t.current).fill('short');
        await page.getByLabel(t.newPassword).fill('short');
        await page.getByLabel(t.confirm).fill('short');
        await page.getByRole('button', { name: t.change }).click();
        await expect(page.getByLabel(t.current)).toHaveAccessibleDescription(t.currentShort);
        await expect(page.getByLabel(t.newPassword)).toHaveAccessibleDescription(new RegExp(t.newShort));
        await expect(page.getByLabel(t.confirm)).toHaveAccessibleDescription(t.confirmShort);
        await page.getByLabel(t.newPassword).fill('NoNumbersHere');
        await page.getByRole('button', { name: t.change }).click();
        await expect(page.getByLabel(t.newPassword)).toHaveAccessibleDescription(new RegExp(t.noNumber));
        await page.getByLabel(t.newPassword).fill('Fresh-Passw0rd9');
        await page.getByLabel(t.confirm).fill('Fresh-Passw0rd8');
        await page.getByRole('button', { name: t.change }).click();
        await expect(page.getByLabel(t.confirm)).toHaveAccessibleDescription(t.mismatch);
        // The server's answer about a wrong current password lands on its field too.
        await page.getByLabel(t.current).fill('Wrong-Passw0rd1');
        await page.getByLabel(t.confirm).fill('Fresh-Passw0rd9');
        await page.getByRole('button', { name: t.change }).click();
        await expect(page.getByLabel(t.current)).toHaveAccessibleDescription(t.wrongCurrent);

        await page.getByLabel(t.current).fill(password);
        await page.getByRole('button', { name: t.change }).click();
        await expect(page.getByText(t.changed)).toBeVisible();
        await expect(page.getByLabel(t.current)).toHaveValue('');

        // The other browser hears of it live and finds its session ended.
        await expect(elsewhere).toHaveURL(new RegExp(`${t.prefix}/login`), { timeout: 15_000 });
        // This one is still signed in, and the new password signs in anywhere.
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: t.settings })).toBeVisible();
        await signInWithForm(elsewhere, t, email, 'Fresh-Passw0rd9');
        await expect(elsewhere).toHaveURL(`${t.prefix}/`);
        await here.close();
        await there.close();
      },
    );

    journeyIn(t)(
      `A person signs their other devices out from the list of active sessions (${t.name})`,
      async ({ page, context, request }) => {
        const linuxChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
        await signIn(context, request, t.axeAccount);
        const { email, password } = e2eAccounts[t.axeAccount];
        for (let i = 0; i < 2; i += 1) {
          const other = await request.post('/api/login', {
            data: { login: email, password },
            headers: { 'user-agent': linuxChrome, 'x-forwarded-for': `10.99.${i}.${Math.floor(Math.random() * 250)}` },
          });
          expect(other.ok()).toBe(true);
        }
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${t.prefix}/settings`);
          await expect(page.getByRole('heading', { name: t.sessions })).toBeVisible();
          await expect(page.getByText(t.thisDevice)).toBeVisible();
          await expectNoViolations(page, `security at ${width}px`);
          await page.getByRole('link', { name: t.language }).click();
          await expect(page).toHaveURL(/#language$/);
          await expect(page.getByRole('heading', { level: 2, name: t.language })).toBeVisible();
          await expectNoViolations(page, `language at ${width}px`);
        }
        await page.goto(`${t.prefix}/settings#security`);
        const signOutButtons = page.getByRole('button', { name: t.signOutOne });
        await expect(signOutButtons).toHaveCount(2);
        await signOutButtons.first().click();
        await expect(signOutButtons).toHaveCount(1);
        await page.getByRole('button', { name: t.signOutOthers }).click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, 'sign out others dialog');
        await dialog.getByRole('button', { name: t.signOutOthers }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(t.onlyThis)).toBeVisible();
        await page.reload();
        await expect(page.getByText(t.onlyThis)).toBeVisible();
      },
    );

    journeyIn(t)(
      `A person switches the platform language and finds it kept after signing in elsewhere (${t.name})`,
      async ({ page, context, request, browser }) => {
        const { email, password } = e2eAccounts[t.langAccount];
        await signIn(context, request, t.langAccount);
        await page.goto(`${t.prefix}/settings#language`);
        await expect(page.getByRole('heading', { level: 2, name: t.language })).toBeVisible();
        await page.getByLabel(t.other.label).check();
        await page.getByRole('button', { name: t.other.save }).click();
        // The interface switches at once, on the same section.
        await expect(page).toHaveURL(`${t.other.prefix}/settings#language`);
        await expect(page.getByRole('heading', { level: 1, name: t.other.heading })).toBeVisible();
        const cookies = await context.cookies();
        expect(cookies.find((c) => c.name === 'locale')?.value).toBe(t.other.locale);

        // Signing in on another device lands in the chosen language (the profile's locale).
        const elsewhere = await browser.newContext();
        const other = await elsewhere.newPage();
        await other.goto(`${t.prefix}/login`);
        await signInWithForm(other, t, email, password);
        await expect(other).toHaveURL(`${t.other.prefix}/`);
        await elsewhere.close();
      },
    );

    journeyIn(t)(
      `A person downloads their data, closes the account and finds it closed when signing in again (${t.name})`,
      async ({ page, context, request, browser }) => {
        const { email, password } = e2eAccounts[t.closeAccount];
        const session = await signIn(context, request, t.closeAccount);
        await page.goto(`${t.prefix}/settings#close`);
        await expect(page.getByRole('heading', { level: 2, name: t.closeSection })).toBeVisible();
        await expect(page.getByText(t.lost)).toBeVisible();
        await expectNoViolations(page, 'close section');

        // The data first: everything as JSON, and the JSON Resume.
        const [allData] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.exportAll }).click()]);
        expect(allData.suggestedFilename()).toBe('profiles-data.json');
        const exported = JSON.parse(readFileSync((await allData.path())!, 'utf8')) as { account: { email: string }; format: string };
        expect(exported).toMatchObject({ format: 'profiles-data-export', account: { email } });
        const [resume] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.exportResume }).click()]);
        expect(resume.suggestedFilename()).toBe('profile.resume.json');

        await page.getByRole('button', { name: t.closeSection, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel(t.current)).toBeFocused();
        await expectNoViolations(page, 'close dialog');
        await dialog.getByRole('button', { name: t.closeMine }).click();
        await expect(dialog.getByLabel(t.current)).toHaveAccessibleDescription(t.required);
        await dialog.getByLabel(t.current).fill('Wrong-Passw0rd1');
        await dialog.getByRole('button', { name: t.closeMine }).click();
        await expect(dialog.getByLabel(t.current)).toHaveAccessibleDescription(t.wrongCurrent);
        await dialog.getByLabel(t.current).fill(password);
        await dialog.getByRole('button', { name: t.closeMine }).click();

        await expect(page).toHaveURL(`${t.prefix}/account-closed`);
        await expect(page.getByRole('heading', { level: 1, name: t.closed })).toBeVisible();
        await expect(page.getByRole('link', { name: 'support@profiles.test' })).toHaveAttribute('href', 'mailto:support@profiles.test');
        await expectNoViolations(page, 'account closed');
        expect((await context.cookies()).find((c) => c.name === 's-token')?.value ?? '').toBe('');
        // The old session is refused, and others find no profile.
        expect((await request.get('/api/profile/show', { headers: session.auth })).status()).toBe(401);

        // Signing in again shows the closed page.
        const elsewhere = await browser.newContext();
        const other = await elsewhere.newPage();
        await other.goto(`${t.prefix}/login`);
        await signInWithForm(other, t, email, password);
        await expect(other).toHaveURL(`${t.prefix}/account-closed`);
        await expect(other.getByRole('heading', { level: 1, name: t.closed })).toBeVisible();
        await elsewhere.close();
      },
    );
  });
}
