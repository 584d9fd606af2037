// Passkeys (decision 206) in both languages, with the keyboard alone and a virtual
// authenticator (Chrome DevTools Protocol): a person adds a passkey in the settings, signs in with it
// alone from another browser, then, with two-step sign-in on, with the password and the passkey as
// the second step; and removes it after the password. axe on each screen.
import * as OTPAuth from 'otpauth';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import type { CDPSession } from '@playwright/test';
import authEn from '../../src/i18n/auth.en_GB.json' with { type: 'json' };
import authUk from '../../src/i18n/auth.uk_UA.json' with { type: 'json' };
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { settingsLanguage } from './settings-texts.ts';
import { forwardedAddress, homeAddress, signIn } from './sign-in.ts';

type VirtualCredential =
  Parameters<CDPSession['send']> extends unknown
    ? { credentialId: string; isResidentCredential: boolean; rpId?: string; privateKey: string; userHandle?: string; signCount: number }
    : never;

/** A platform authenticator with user verification on `page`; answers every ceremony at once. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    add: (credential: VirtualCredential) => cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  };
}

/** Another browser holding the same passkey (a synced one, or the same device another day). */
async function browserWithPasskey(browser: Browser, credential?: VirtualCredential) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedAddress() });
  const key = await virtualAuthenticator(page);
  if (credential) await key.add(credential);
  return { page, key };
}

/** Focuses `name`'s button and presses Enter, as a keyboard user does. */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
}

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const auth = (locale === 'uk_UA' ? authUk : authEn) as Record<string, string>;
  const who: E2eAccount = locale === 'uk_UA' ? 'passkeyUk' : 'passkeyEn';
  const { email, password } = e2eAccounts[who];

  journeyIn(locale)(
    `A person adds a passkey, signs in with it alone and as the second step, and removes it (${lang})`,
    async ({ page, context, request, browser }) => {
      test.setTimeout(360_000);
      const session = await signIn(context, request, who);
      const key = await virtualAuthenticator(page);
      await page.goto(`${prefix}/settings#security`);
      const card = page.locator('.settings-passkeys');
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText(t('settings.passkeys.empty'))).toBeVisible({ timeout: 15_000 });

      // Add: a name offered from the device, changed, then the device's own question.
      await press(page, t('settings.passkeys.add'));
      const name = page.getByLabel(t('settings.passkeys.name'));
      await expect(name).toBeFocused();
      await expect(name).not.toHaveValue('');
      // In the middle of the screen, clear of the sticky header, for axe's target sizes.
      await name.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await expectNoViolations(page, `${lang} adding a passkey:`);
      await name.fill('');
      await name.press('Enter');
      await expect(name).toHaveAccessibleDescription(new RegExp(t('validation.required')));
      await name.fill('Work laptop');
      // The password goes with it (decision 235): a wrong one is said under it, before the device is
      // asked, and the name stays as typed.
      const proof = card.getByLabel(t('settings.currentPassword'));
      await proof.fill('Wrong-Passw0rd-9');
      await proof.press('Enter');
      await expect(proof).toHaveAccessibleDescription(new RegExp(t('validation.currentPasswordWrong')));
      await expect(name).toHaveValue('Work laptop');
      await proof.fill(password);
      await proof.press('Enter');
      await expect(card.getByRole('list', { name: t('settings.passkeys.title') }).getByText('Work laptop')).toBeVisible();
      await expect(card.getByText(t('settings.passkeys.neverUsed'))).toBeVisible();
      const addButton = page.getByRole('button', { name: t('settings.passkeys.add'), exact: true });
      await expect(addButton).toBeFocused();
      // The empty name's error scrolled the page to it (SPEC §5): back to the middle, clear of the sticky header.
      await addButton.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await expectNoViolations(page, `${lang} passkey list:`);
      const [credential] = await key.credentials();
      expect(credential?.isResidentCredential).toBe(true);

      // Elsewhere: the passkey alone, from the sign-in page's button.
      const { page: elsewhere, key: elsewhereKey } = await browserWithPasskey(browser, credential!);
      await elsewhere.goto(`${prefix}/login`);
      await expectNoViolations(elsewhere, `${lang} sign-in with a passkey offered:`);
      await expect(elsewhere.getByLabel(auth['account.field.login']!)).toHaveAttribute('autocomplete', 'username webauthn');
      await press(elsewhere, auth['account.passkey.signIn']!);
      await expect(elsewhere).toHaveURL(homeAddress(prefix), { timeout: 15_000 });
      // The passkey as it is now: its signature counter went up with that sign-in, and the server
      // refuses a counter that does not (a cloned key).
      const [used] = await elsewhereKey.credentials();
      await elsewhere.context().close();

      // Two-step sign-in on (through the API: its own journey covers the screens), then the password
      // and the passkey as the second step.
      const setup = await request.post('/api/settings/two-factor/setup', { headers: session.auth });
      const secret = ((await setup.json()) as { data: { secret: string } }).data.secret;
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
      const confirmed = await request.post('/api/settings/two-factor/confirm', {
        headers: session.auth,
        data: { code, current_password: password },
      });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
      // The passkey joins this browser's authenticator only at the second step: before, the login
      // field's autofill request (conditional UI) would take it and sign in without the password.
      const { page: second, key: secondKey } = await browserWithPasskey(browser);
      await second.goto(`${prefix}/login`);
      await second.getByLabel(auth['account.field.login']!).fill(email);
      await second.getByLabel(auth['account.field.password']!, { exact: true }).fill(password);
      await second.getByLabel(auth['account.field.password']!, { exact: true }).press('Enter');
      await expect(second.getByRole('heading', { name: auth['account.secondStep.title']! })).toBeVisible();
      await expect(second.getByLabel(auth['account.secondStep.field']!)).toBeFocused();
      await expectNoViolations(second, `${lang} second step with a passkey offered:`);
      await secondKey.add(used!);
      await press(second, auth['account.secondStep.usePasskey']!);
      await expect(second).toHaveURL(homeAddress(prefix), { timeout: 15_000 });
      await second.context().close();

      // Remove: the password first; a wrong one is said so.
      await page.reload();
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText('Work laptop')).toBeVisible({ timeout: 15_000 });
      await expect(card.getByText(t('settings.passkeys.neverUsed'))).toBeHidden();
      await press(page, t('settings.passkeys.removeNamed', { name: 'Work laptop' }));
      const dialog = page.getByRole('dialog', { name: t('settings.passkeys.removeNamed', { name: 'Work laptop' }) });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, `${lang} removing a passkey:`);
      await dialog.getByLabel(t('settings.currentPassword')).fill('Wrong-Passw0rd-9');
      await dialog.getByLabel(t('settings.currentPassword')).press('Enter');
      await expect(dialog.getByText(t('validation.currentPasswordWrong'))).toBeVisible();
      await dialog.getByLabel(t('settings.currentPassword')).fill(password);
      await dialog.getByLabel(t('settings.currentPassword')).press('Enter');
      await expect(dialog).toBeHidden();
      await expect(card.getByText(t('settings.passkeys.empty'))).toBeVisible();
      await expect(page.getByRole('button', { name: t('settings.passkeys.add'), exact: true })).toBeFocused();

      // The security activity tells it.
      await page.reload();
      const activity = page.locator('.settings-activity');
      await activity.scrollIntoViewIfNeeded();
      for (const kind of ['passkey_added', 'passkey_used', 'passkey_removed'] as const) {
        await expect(activity.getByText(t(`settings.activity.kind.${kind}`)).first()).toBeVisible({ timeout: 15_000 });
      }
    },
  );
}
