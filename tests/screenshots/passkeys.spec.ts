// Passkeys (decision 206) for review: the settings' list with one passkey and /login's button, at 390
// and 1280 px in both languages, into screenshots/ (git-ignored).
import { expect, test } from '@playwright/test';
import { signIn } from '../e2e/sign-in.ts';

for (const locale of ['en_GB', 'uk_UA'] as const) {
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  const who = locale === 'uk_UA' ? 'passkeyUk' : 'passkeyEn';
  test(`passkeys ${locale}`, async ({ page, context, request }) => {
    await signIn(context, request, who);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${prefix}/settings#security`);
    const card = page.locator('.settings-passkeys');
    await card.scrollIntoViewIfNeeded();
    const add = card.getByRole('button').first();
    await add.click();
    await card.locator('form').getByRole('button').first().click();
    await expect(card.locator('.settings-list li')).toHaveCount(1, { timeout: 20_000 });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `screenshots/passkeys-settings-${locale}-${width}.png` });
    }
    await context.clearCookies();
    await page.goto(`${prefix}/login`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `screenshots/passkeys-login-${locale}-${width}.png`, fullPage: true });
    }
  });
}
