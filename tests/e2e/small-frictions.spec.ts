import { expect, test, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import { industries } from '../../contract/industries.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import { baseURL } from '../../playwright.config.ts';
import { sampleFiles } from '../../server/test/sample-files.ts';
import authEn from '../../src/i18n/auth.en_GB.json' with { type: 'json' };
import authUk from '../../src/i18n/auth.uk_UA.json' with { type: 'json' };
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import notificationsEn from '../../src/i18n/notifications.en_GB.json' with { type: 'json' };
import notificationsUk from '../../src/i18n/notifications.uk_UA.json' with { type: 'json' };
import profileEn from '../../src/i18n/profile.en_GB.json' with { type: 'json' };
import profileUk from '../../src/i18n/profile.uk_UA.json' with { type: 'json' };
import settingsEn from '../../src/i18n/settings.en_GB.json' with { type: 'json' };
import settingsUk from '../../src/i18n/settings.uk_UA.json' with { type: 'json' };
import { watchSubscriptions } from './subscriptions.ts';
import { e2eAccounts } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, nextSequence, registerCompany } from './companies.ts';
import { waitForCode, waitForMail } from './outbox.ts';
import { apiSignIn, forwardedAddress } from './sign-in.ts';

// The small frictions, each where a person meets it, in both languages: a company
// signs up choosing its industry from the brand page's list, reads the terms and the privacy policy the
// checkbox links to, and ends in its new workspace; there a web address needs no https://, a save says
// so once, an emptied field drops its stale error, and a new team and a team member are confirmed. An
// invited person signs in with their address already filled, reads a document link drawn with the kit's
// icon, hears that they were made an admin, is shown only what applies to an admin, and changes their
// password without a contradicting 'Connection interrupted'.

const companyURL = baseURL.replace('://localhost', '://company.localhost');
const texts = {
  en_GB: { ...coreEn, ...authEn, ...companyEn, ...profileEn, ...settingsEn, ...notificationsEn, ...validationMessages.en_GB },
  uk_UA: { ...coreUk, ...authUk, ...companyUk, ...profileUk, ...settingsUk, ...notificationsUk, ...validationMessages.uk_UA },
};
const languages = [
  { locale: 'en_GB', prefix: '', who: 'frictionEn', owner: 'Quentin', industry: 11 },
  { locale: 'uk_UA', prefix: '/uk', who: 'frictionUk', owner: 'Квітослава', industry: 15 },
] as const;

/** Records every toast the page shows, by kind and text, so one that came and went is still seen. */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>('.ui-toast:not([data-recorded])')) {
        toast.dataset['recorded'] = '';
        seen.push(`${toast.dataset['kind']}: ${toast.textContent}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text: Record<string, string> = texts[lang.locale];
  const t = (key: keyof (typeof texts)['en_GB'], params: Record<string, string | number> = {}) => fillPlaceholders(text[key]!, params);

  journeyIn(lang)(
    `A company signs up with an industry from the list, reads the terms it accepts, and ends in its workspace, where small things go right (${lang.locale})`,
    async ({ page }) => {
      // Two sign-up codes, two hosts, four screenshots and three workspace tabs on a shared machine.
      test.setTimeout(480_000);
      const sequence = nextSequence();
      const email = `friction${sequence}@company.e2e.test`;
      const phone = `+38068${sequence}`;
      const companyName = lang.locale === 'uk_UA' ? `Тертя ${sequence}` : `Friction ${sequence}`;
      // Sign-ups allow 20 an address an hour (decision 072): this one comes from an address of its own,
      // so the suite's other sign-ups from the loopback address cannot use up its allowance.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedAddress() });

      // The terms checkbox links to pages that exist, each with its own title and description.
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${lang.prefix}/create-account/company`);
      const termsLink = page.getByRole('link', { name: t('account.terms.link') });
      const privacyLink = page.getByRole('link', { name: t('account.privacy.link') });
      await expect(termsLink).toHaveAttribute('href', `${lang.prefix}/terms`);
      await expect(privacyLink).toHaveAttribute('href', `${lang.prefix}/privacy`);
      for (const [path, title, meta] of [
        ['/terms', t('title.terms'), t('meta.terms')],
        ['/privacy', t('title.privacy'), t('meta.privacy')],
      ] as const) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          const answer = await page.goto(`${lang.prefix}${path}`);
          expect(answer?.status()).toBe(200);
          await expect(page).toHaveTitle(`${title} | Profiles`);
          await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
          await expectNoViolations(page, `${path} at ${width}px`);
          await page.screenshot({ path: `test-results/frictions${path.replace('/', '-')}-${lang.locale}-${width}.png`, fullPage: true });
        }
      }

      // Sign-up: the industry is the brand page's list, in the page's language.
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${lang.prefix}/create-account/company`);
      const industry = page.getByLabel(t('account.field.industry'));
      await expect(industry).toHaveJSProperty('tagName', 'SELECT');
      await page.getByLabel(t('account.field.companyName')).fill(companyName);
      await industry.selectOption({ label: industries[lang.industry][lang.locale] });
      await page.getByLabel(t('account.field.firstName')).fill(lang.owner);
      await page.getByLabel(t('account.field.lastName')).fill('Friction');
      await page.getByLabel(t('account.field.personalEmail')).fill(email);
      await page.getByLabel(t('account.field.phone')).fill(phone);
      await page.getByLabel(t('account.field.password'), { exact: true }).fill('E2e-Passw0rd');
      await page.getByLabel(t('account.field.passwordConfirmation')).fill('E2e-Passw0rd');
      await page.getByLabel(t('account.terms', { terms: t('account.terms.link'), privacy: t('account.privacy.link') })).check();
      await page.screenshot({ path: `test-results/frictions-company-signup-${lang.locale}-390.png`, fullPage: true });
      const since = Date.now();
      await page.getByRole('button', { name: t('account.signUp.submit') }).click();
      await page.waitForURL(`**${lang.prefix}/create-account/email-verification-company`);
      const phoneSince = Date.now();
      await page.getByLabel(t('verification.enterCode')).fill(await waitForCode('mail', email, since));
      await page.getByRole('button', { name: t('account.verify.submit') }).click();
      await page.waitForURL(`**${lang.prefix}/create-account/phone-verification`);
      await page.getByLabel(t('verification.enterCode')).fill(await waitForCode('sms', phone, phoneSince));
      await page.getByRole('button', { name: t('account.verify.submit') }).click();
      await page.waitForURL(`**${lang.prefix}/create-account/completed-company`);

      // The end of sign-up leads into the new company's workspace, not the personal profile.
      await page.getByRole('link', { name: t('account.completed.companyContinue') }).click();
      await expect(page.getByRole('heading', { name: t('company.access.granted') })).toBeVisible({ timeout: 15_000 });
      expect(page.url()).toBe(`${companyURL}${lang.prefix}/access`);
      await page.getByRole('link', { name: t('company.access.continue') }).click();
      await page.waitForURL(`${companyURL}${lang.prefix}/`);
      await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(industries[lang.industry][lang.locale], { exact: true })).toBeVisible();

      // A web address without https:// is saved with it; a second submit while saving saves nothing more.
      const brandSaves: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && /\/api\/companies\/\d+$/.test(new URL(request.url()).pathname)) brandSaves.push(request.url());
      });
      await page.getByRole('button', { name: t('company.brand.edit') }).click();
      await page.getByLabel(t('company.field.website')).fill(`friction-${sequence}.example`);
      await page.locator('form.company-form').evaluate((form: HTMLFormElement) => {
        form.requestSubmit();
        form.requestSubmit();
      });
      await expect(page.getByRole('link', { name: `https://friction-${sequence}.example` })).toBeVisible();
      await expect(page.locator('.ui-toast').filter({ hasText: t('company.brand.saved') })).toHaveCount(1);
      expect(brandSaves).toHaveLength(1);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `test-results/frictions-brand-saved-${lang.locale}-1280.png` });

      // An emptied field loses the error it had.
      await page.getByRole('tab', { name: t('company.tab.invitations') }).click();
      const inviteEmail = page.getByLabel(t('company.invite.email'));
      await inviteEmail.fill('not-an-email');
      await page.getByRole('button', { name: t('company.invite.send') }).click();
      await expect(inviteEmail).toHaveAccessibleDescription(t('validation.email'));
      await inviteEmail.fill('');
      await expect(page.getByText(t('validation.email'))).toHaveCount(0);
      await expect(inviteEmail).not.toHaveAttribute('aria-invalid', 'true');

      // A new team and a member added to it are confirmed, on screen and to a screen reader.
      await page.getByRole('tab', { name: t('company.tab.teams') }).click();
      await page.getByLabel(t('company.teams.name')).fill('Atlas');
      await page.getByRole('button', { name: t('company.teams.create') }).click();
      await expect(page.getByRole('status').filter({ hasText: t('company.teams.created', { team: 'Atlas' }) })).toBeVisible();
      const teamCard = page.locator('.ui-card').filter({ has: page.getByRole('heading', { name: 'Atlas' }) });
      await teamCard.getByLabel(t('company.teams.addWho')).selectOption({ label: `${lang.owner} Friction` });
      await teamCard.getByRole('button', { name: t('company.teams.addMember') }).click();
      await expect(
        page.getByRole('status').filter({ hasText: t('company.teams.memberAdded', { name: `${lang.owner} Friction`, team: 'Atlas' }) }),
      ).toBeVisible();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `test-results/frictions-team-toasts-${lang.locale}-${width}.png` });
      }
      await expectNoViolations(page, 'teams with toasts');
    },
  );

  journeyIn(lang)(
    `An invited person signs in with their address filled in, is told of a new role, and changes their password without a contradicting toast (${lang.locale})`,
    async ({ page, request }) => {
      test.setTimeout(360_000);
      const account = e2eAccounts[lang.who];
      const companyName = lang.locale === 'uk_UA' ? `Затишок ${nextSequence()}` : `Smoothway ${nextSequence()}`;
      const company = await registerCompany(request, companyName);
      const session = { Authorization: `Bearer ${await companySession(request, company.token, company.companyId)}` };
      const since = Date.now();
      const invited = await request.post(`/api/companies/${company.companyId}/invitations`, {
        data: { email: account.email, position: null, team_id: null },
        headers: session,
      });
      expect(invited.status()).toBe(201);
      const mail = await waitForMail(account.email, since, (body) => body.includes('/invitation?token='));
      const token = /\/invitation\?token=([\w%-]+)/.exec(mail)![1]!;

      // 'Sign in' from the invitation starts the form with the invited address. The sign-in typed into
      // the page comes from an address of its own, off the loopback address's allowance (decision 072).
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedAddress() });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${lang.prefix}/invitation?token=${token}`);
      await page.getByRole('link', { name: t('invitation.signIn') }).click();
      await page.waitForURL(`**${lang.prefix}/login?**`);
      await expect(page.getByLabel(t('account.field.login'))).toHaveValue(account.email);
      await page.screenshot({ path: `test-results/frictions-invited-sign-in-${lang.locale}-390.png` });
      await page.getByLabel(t('account.field.password')).fill(account.password);
      await page.getByRole('button', { name: t('auth.signIn'), exact: true }).click();
      await page.waitForURL(`**${lang.prefix}/invitation?token=${token}`);
      await page.getByRole('button', { name: t('invitation.yes') }).click();
      await page.getByRole('button', { name: t('invitation.accept') }).click();
      await expect(page.getByText(t('invitation.accepted', { company: companyName }))).toBeVisible();

      // The website field takes an address without https://, and a document link carries the kit's icon.
      const me = await apiSignIn(request, lang.who);
      const upload = await request.post('/api/uploads/media', {
        headers: me.auth,
        multipart: { file: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf() } },
      });
      expect(upload.ok(), await upload.text()).toBe(true);
      const mediaId = ((await upload.json()) as { data: { id: number } }).data.id;
      const certified = await request.post('/api/profile/certifications', {
        headers: me.auth,
        data: { name: 'Safety licence', provider: 'Board', media_file_id: mediaId },
      });
      expect(certified.ok(), await certified.text()).toBe(true);
      const subscribed = watchSubscriptions(page);
      await page.goto(`${lang.prefix}/`);
      await page.getByRole('button', { name: t('profile.editHeader') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('field.website')).fill('freya-friction.example');
      await dialog.getByRole('button', { name: t('profile.save') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('a[href="https://freya-friction.example"]')).toBeVisible();
      const document = page.locator('.media-document');
      await expect(document).toContainText('licence.pdf');
      await expect(document.locator('svg.ui-icon')).toHaveCount(1);
      expect(await document.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
      await expectNoViolations(page, 'profile with document');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await document.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/frictions-document-link-${lang.locale}-${width}.png` });
      }
      await page.setViewportSize({ width: 390, height: 900 });

      // The company makes them an admin: they hear of it at once, in their language.
      await subscribed(2);
      const members = await request.get(`/api/companies/${company.companyId}/members`, { headers: session });
      const memberId = ((await members.json()).data as { id: number; user_id: number }[]).find((m) => m.user_id === me.userId)!.id;
      expect(
        (
          await request.put(`/api/companies/${company.companyId}/members/${memberId}`, { data: { role: 'admin' }, headers: session })
        ).status(),
      ).toBe(204);
      const madeAdmin = t('notifications.kind.role_changed', {
        actor: 'Olena Owner',
        role: t('notifications.role.admin'),
        company: companyName,
      });
      await expect(page.locator('.ui-toast').filter({ hasText: madeAdmin })).toBeVisible();
      await page.goto(`${lang.prefix}/notifications`);
      await expect(page.getByRole('link', { name: madeAdmin })).toBeVisible();
      await expect(page.getByRole('link', { name: madeAdmin })).toHaveAttribute(
        'href',
        `${lang.prefix}/company-access?company=${company.companyId}`,
      );
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `test-results/frictions-role-notification-${lang.locale}-${width}.png` });
      }

      // As an admin: the company's row offers Leave, and nothing about what an owner cannot do.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${lang.prefix}/settings#accounts`);
        await expect(page.getByText(t('settings.accounts.companyRole', { role: t('company.role.admin') }))).toBeVisible();
        await expect(page.getByRole('button', { name: t('settings.accounts.leaveCompany', { company: companyName }) })).toBeVisible();
        await expect(page.getByText(t('settings.accounts.ownerNote'))).toHaveCount(0);
        await page.screenshot({ path: `test-results/frictions-admin-accounts-${lang.locale}-${width}.png` });
      }

      // A password change says it worked, and only that: this tab's socket authorises again quietly.
      const resubscribed = watchSubscriptions(page);
      const shownToasts = await recordToasts(page);
      // A new page load (from #accounts to #security alone is no load): its own sockets, counted from here.
      await page.goto('about:blank');
      await page.goto(`${lang.prefix}/settings#security`);
      await resubscribed(2);
      await page.getByLabel(t('settings.currentPassword')).fill(account.password);
      await page.getByLabel(t('settings.newPassword'), { exact: true }).fill('Fr1ction-Passw0rd');
      await page.getByLabel(t('settings.confirmPassword')).fill('Fr1ction-Passw0rd');
      await page.getByRole('button', { name: t('settings.password.submit') }).click();
      await expect(page.locator('.ui-toast[data-kind="success"]').filter({ hasText: t('settings.password.changed') })).toBeVisible();
      // The hub closes the revoked channel's sockets (4200); this session's come back and subscribe again.
      await resubscribed(4);
      // Shown at once or not at all (a toast lasts five seconds; a reconnect on a busy machine may take longer).
      expect(await shownToasts()).toEqual([`success: ${t('settings.password.changed')}`]);
      await page.screenshot({ path: `test-results/frictions-password-changed-${lang.locale}-390.png` });
    },
  );
}
