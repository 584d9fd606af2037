// The company workspace, what its first journeys left out: every workspace tab and dialog
import { expectNoViolations } from './axe.ts';
// under axe in both languages, the lists kept live between two admins' open workspaces (decision
// 091), and the language switch on /invitation keeping the invitation.
import * as OTPAuth from 'otpauth';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import type { Locale } from '../../contract/locale.ts';
import { baseURL } from '../../playwright.config.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import { companySession, nextSequence, registerCompany } from './companies.ts';
import { waitForCode } from './outbox.ts';
import { apiSignIn } from './sign-in.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { watchSubscriptions } from './subscriptions.ts';

type MessageKey = keyof typeof companyEn;
/** The workspace's own texts, so each language's run looks for what that language's page shows. */
const translate = (locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) =>
  fillPlaceholders((locale === 'uk_UA' ? (companyUk as typeof companyEn) : companyEn)[key], params);

const companyURL = baseURL.replace('://localhost', '://company.localhost');

const expectNoAxeViolations = (page: Page, where: string) => expectNoViolations(page, `${where}:`);

/** `who` asks to join; returns the request id. */
async function askToJoin(request: APIRequestContext, who: E2eAccount, companyId: number): Promise<number> {
  const { auth } = await apiSignIn(request, who);
  const asked = await request.post(`/api/companies/${companyId}/join-requests`, { data: { message: 'May I join?' }, headers: auth });
  expect(asked.status()).toBe(201);
  return (await asked.json()).data.id as number;
}

/** A browser page in the company workspace, entered through the switch in `locale`'s pages. */
async function openWorkspace(browser: Browser, personalToken: string, companyId: number, locale: Locale): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 's-token', value: personalToken, url: baseURL, sameSite: 'Strict' }]);
  const page = await context.newPage();
  // The company channel's subscription: a change made before it is answered reaches nobody (the page
  // read the lists before), so a journey acts only after it.
  const subscribed = watchSubscriptions(page);
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  await page.goto(`${prefix}/company-access?company=${companyId}`);
  await page.getByRole('link', { name: translate(locale, 'company.access.continue') }).click();
  await page.waitForURL(`${companyURL}${prefix}/`);
  await expect(page.getByRole('tablist')).toBeVisible();
  await subscribed(1);
  return page;
}

for (const locale of ['en_GB', 'uk_UA'] as const) {
  const lang = locale === 'uk_UA' ? 'Ukrainian' : 'English';
  test(`Every workspace tab and dialog has no axe violations, in ${lang}`, async ({ browser, request }) => {
    // Twelve axe scans, each a few seconds on a busy two-core machine: more than one journey's minute.
    test.setTimeout(360_000);
    const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
    const company = await registerCompany(request, locale === 'uk_UA' ? 'Світанок' : 'Daybreak');
    const session = await companySession(request, company.token, company.companyId);
    const owner = { Authorization: `Bearer ${session}` };
    // A member (asked and approved), an open join request, an invitation and a team with a lead.
    const member = locale === 'uk_UA' ? 'wsMemberUk' : 'wsMemberEn';
    const approved = await askToJoin(request, member, company.companyId);
    expect(
      (
        await request.post(`/api/companies/${company.companyId}/join-requests/${approved}/decision`, {
          data: { decision: 'approve' },
          headers: owner,
        })
      ).status(),
    ).toBe(200);
    await askToJoin(request, locale === 'uk_UA' ? 'wsAskerUk' : 'wsAskerEn', company.companyId);
    expect(
      (
        await request.post(`/api/companies/${company.companyId}/invitations`, {
          data: { email: `guest${nextSequence()}@e2e.test`, position: 'Tester' },
          headers: owner,
        })
      ).status(),
    ).toBe(201);
    expect((await request.post(`/api/companies/${company.companyId}/teams`, { data: { name: 'Core' }, headers: owner })).status()).toBe(
      201,
    );

    const page = await openWorkspace(browser, company.token, company.companyId, locale);
    await expect(page.locator('body')).toHaveClass(locale === 'uk_UA' ? /lang-uk/ : /lang-en/);
    const tab = (key: MessageKey) => page.getByRole('tab', { name: new RegExp(`^${t(key)}`) });
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    const axeDialog = async (where: string) => {
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, where);
      await dialog
        .getByRole('button', { name: t('company.cancel') })
        .or(dialog.getByRole('button', { name: t('company.close') }))
        .first()
        .click();
      await expect(dialog).toHaveCount(0);
    };

    await expectNoAxeViolations(page, 'brand page');
    await page.getByRole('button', { name: t('company.brand.edit') }).click();
    await expectNoAxeViolations(page, 'brand page editor');
    await page.getByRole('button', { name: t('company.brand.cancel') }).click();

    await tab('company.tab.members').click();
    const memberRow = page.locator(`[data-member="${member === 'wsMemberUk' ? 'ws-member-uk' : 'ws-member-en'}@e2e.test"]`);
    await expect(memberRow).toBeVisible();
    await expectNoAxeViolations(page, 'members');
    // Giving the company away asks for the owner's password: a wrong one is refused under its field.
    await memberRow.getByRole('button', { name: t('company.members.makeOwner') }).click();
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel(t('company.members.currentPassword'));
    await password.fill('Not-the-Passw0rd');
    await dialog.getByRole('button', { name: t('company.members.makeOwner') }).click();
    await expect(dialog.getByText(validationMessages[locale]['validation.currentPasswordWrong']).first()).toBeVisible();
    await axeDialog('transfer ownership dialog');
    await memberRow.getByRole('button', { name: t('company.members.remove') }).click();
    await axeDialog('remove member dialog');

    await tab('company.tab.invitations').click();
    await expect(page.getByText(t('company.invitation.status.pending'))).toBeVisible();
    await expectNoAxeViolations(page, 'invitations');
    await page.getByRole('button', { name: t('company.invitations.revoke') }).click();
    await axeDialog('revoke invitation dialog');

    await tab('company.tab.joinRequests').click();
    await expect(page.getByRole('button', { name: t('company.joinRequests.approve') })).toBeVisible();
    await expectNoAxeViolations(page, 'join requests');

    await tab('company.tab.teams').click();
    await expect(page.getByRole('heading', { name: 'Core' })).toBeVisible();
    await expectNoAxeViolations(page, 'teams');
    await page.getByRole('button', { name: t('company.teams.edit') }).click();
    await axeDialog('edit team dialog');
    await page.getByRole('button', { name: t('company.teams.deleteOf', { team: 'Core' }) }).click();
    await axeDialog('delete team dialog');

    await tab('company.tab.notifications').click();
    await expect(page.getByText(t('company.notification.join_request', { actor: '' }).trim()).first()).toBeVisible();
    await expectNoAxeViolations(page, 'notifications');

    // With the owner's password the member becomes the owner, and the owner an admin.
    await tab('company.tab.members').click();
    await memberRow.getByRole('button', { name: t('company.members.makeOwner') }).click();
    await dialog.getByLabel(t('company.members.currentPassword')).fill('E2e-Passw0rd');
    await dialog.getByRole('button', { name: t('company.members.makeOwner') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(memberRow.getByText(t('company.role.owner'))).toBeVisible();
    await page.context().close();
  });
}

/**
 * The owner's own save has finished: its button no longer busy, its form emptied for the next one. The
 * other admin's live copy can come before that, and leaving a form mid-save asks to discard it, so the
 * owner moves on only now, as a person does once told it is done.
 */
async function expectSaved(submit: Locator, field: Locator): Promise<void> {
  await expect(submit).not.toHaveAttribute('aria-busy', 'true');
  await expect(field).toHaveValue('');
}

test('A change by one admin shows in another admin’s open workspace without a reload', async ({ browser, request }) => {
  const company = await registerCompany(request, 'Live Wire');
  const ownerSession = { Authorization: `Bearer ${await companySession(request, company.token, company.companyId)}` };
  // A second admin: asked to join, approved, promoted.
  const admin = await apiSignIn(request, 'liveAdmin');
  const asked = await request.post(`/api/companies/${company.companyId}/join-requests`, {
    data: { message: 'Admin here' },
    headers: admin.auth,
  });
  await request.post(`/api/companies/${company.companyId}/join-requests/${(await asked.json()).data.id}/decision`, {
    data: { decision: 'approve' },
    headers: ownerSession,
  });
  const members = (await (await request.get(`/api/companies/${company.companyId}/members`, { headers: ownerSession })).json()).data as {
    id: number;
    email: string;
  }[];
  const adminMember = members.find((m) => m.email === 'live-admin@e2e.test')!;
  expect(
    (
      await request.put(`/api/companies/${company.companyId}/members/${adminMember.id}`, { data: { role: 'admin' }, headers: ownerSession })
    ).status(),
  ).toBe(204);

  const ownerPage = await openWorkspace(browser, company.token, company.companyId, 'en_GB');
  const adminPage = await openWorkspace(browser, admin.token, company.companyId, 'en_GB');
  // A mark that a reload would wipe.
  await adminPage.evaluate(() => ((window as { stillThisPage?: boolean }).stillThisPage = true));
  await ownerPage.evaluate(() => ((window as { stillThisPage?: boolean }).stillThisPage = true));

  // The owner invites; the admin's open Invitations tab lists it.
  await adminPage.getByRole('tab', { name: 'Invitations' }).click();
  await ownerPage.getByRole('tab', { name: 'Invitations' }).click();
  await ownerPage.getByLabel('Email address').fill('live-guest@e2e.test');
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(adminPage.locator('[data-invitation="live-guest@e2e.test"]')).toContainText('Pending');
  await expectSaved(ownerPage.getByRole('button', { name: 'Send invitation' }), ownerPage.getByLabel('Email address'));

  // Someone asks to join from the public page: both join-request tabs show it, and the tab's count.
  await ownerPage.getByRole('tab', { name: /Join requests/ }).click();
  await adminPage.getByRole('tab', { name: /Join requests/ }).click();
  await askToJoin(request, 'liveAsker', company.companyId);
  await expect(ownerPage.locator('[data-join-request="Lev Asker"]')).toBeVisible();
  await expect(adminPage.locator('[data-join-request="Lev Asker"]')).toBeVisible();
  await expect(ownerPage.getByRole('tab', { name: /Join requests/ })).toContainText('1');

  // The admin approves: the owner's request disappears, and the new member is on the owner's list.
  await adminPage.locator('[data-join-request="Lev Asker"]').getByRole('button', { name: 'Approve' }).click();
  await expect(ownerPage.locator('[data-join-request="Lev Asker"]')).toHaveCount(0);
  await ownerPage.getByRole('tab', { name: 'Members' }).click();
  await expect(ownerPage.locator('[data-member="live-asker@e2e.test"]')).toBeVisible();

  // The owner makes a team; the admin's Teams tab has it; the owner's notifications list the request.
  await adminPage.getByRole('tab', { name: 'Teams' }).click();
  await ownerPage.getByRole('tab', { name: 'Teams' }).click();
  await ownerPage.getByLabel('Team name').fill('Night shift');
  await ownerPage.getByRole('button', { name: 'Create team' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Night shift' })).toBeVisible();
  await expectSaved(ownerPage.getByRole('button', { name: 'Create team' }), ownerPage.getByLabel('Team name'));
  await ownerPage.getByRole('tab', { name: 'Notifications' }).click();
  await expect(ownerPage.getByText('Lev Asker asked to join')).toBeVisible();

  // Removing the admin: their open workspace says by itself that they were signed out (decision 243).
  await ownerPage.getByRole('tab', { name: 'Members' }).click();
  await ownerPage.locator('[data-member="live-admin@e2e.test"]').getByRole('button', { name: 'Remove' }).click();
  await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(adminPage.getByRole('heading', { name: /^Signed out of / })).toBeVisible();
  await expect(adminPage.getByRole('alert')).toContainText('because you are no longer a member');

  expect(await adminPage.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  expect(await ownerPage.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  await Promise.all([ownerPage.context().close(), adminPage.context().close()]);
});

test('The language switch on the invitation page keeps the invitation it shows', async ({ page }) => {
  await page.goto('/invitation?token=some-token');
  const toUkrainian = page.locator('a[data-language-switch]');
  await expect(toUkrainian).toHaveAttribute('href', '/uk/invitation?token=some-token');
  await toUkrainian.click();
  await page.waitForURL('**/uk/invitation?token=some-token');
  await expect(page.getByText(translate('uk_UA', 'invitation.invalid'))).toBeVisible();
  await expect(page.locator('a[data-language-switch]')).toHaveAttribute('href', '/invitation?token=some-token');
  await page.locator('a[data-language-switch]').click();
  await page.waitForURL(/\/invitation\?token=some-token$/);
  expect(new URL(page.url()).pathname).toBe('/invitation');
});

test('The invitation page without a token says the link is not valid, in both languages, without loading React', async ({ page }) => {
  for (const [prefix, locale] of [
    ['', 'en_GB'],
    ['/uk', 'uk_UA'],
  ] as const) {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${prefix}/invitation`);
    await expect(page.getByRole('alert')).toHaveText(translate(locale, 'invitation.invalid'));
    await expect(page.locator('[aria-busy="true"]')).toBeHidden();
    await page.waitForLoadState('networkidle');
    // client:param (decision 202): the island's code is never fetched and no island hydrates (Astro
    // drops an island's `ssr` attribute once it has).
    expect(scripts.filter((file) => file.includes('InvitationPage'))).toEqual([]);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
    page.removeAllListeners('request');
  }
  // With a token the island runs and reads it.
  await page.goto('/invitation?token=some-token');
  await expect(page.getByText(translate('en_GB', 'invitation.invalid'))).toBeVisible();
  await expect(page.locator('astro-island[component-url*="InvitationPage"]')).not.toHaveAttribute('ssr', /.*/);
});

/**
 * Turns two-step sign-in on for the person of `token` through the API, the app's code computed here:
 * the email proved first and the password in the request (decision 235).
 */
async function turnOnTwoStep(request: APIRequestContext, token: string, email: string): Promise<void> {
  const auth = { Authorization: `Bearer ${token}` };
  const verified = await request.post('/api/verification/email', { headers: auth, data: { code: await waitForCode('mail', email, 0) } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const setup = await request.post('/api/settings/two-factor/setup', { headers: auth });
  expect(setup.ok(), await setup.text()).toBe(true);
  const secret = (await setup.json()).data.secret as string;
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const confirmed = await request.post('/api/settings/two-factor/confirm', {
    headers: auth,
    data: { code, current_password: 'E2e-Passw0rd' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  journeyIn(locale)(
    `An owner requires two-step sign-in of owners and admins, and an admin without it is told how to enter (${locale})`,
    async ({ browser, request }) => {
      test.setTimeout(300_000);
      const t = (key: MessageKey) => translate(locale, key);
      const prefix = locale === 'uk_UA' ? '/uk' : '';
      const company = await registerCompany(request, locale === 'uk_UA' ? 'Варта' : 'Warden');
      const adminWho = locale === 'uk_UA' ? 'twoStepAdminUk' : 'twoStepAdminEn';
      const asked = await askToJoin(request, adminWho, company.companyId);
      const ownerSession = await companySession(request, company.token, company.companyId);
      const owner = { Authorization: `Bearer ${ownerSession}` };
      expect(
        (
          await request.post(`/api/companies/${company.companyId}/join-requests/${asked}/decision`, {
            data: { decision: 'approve' },
            headers: owner,
          })
        ).status(),
      ).toBe(200);
      const members = (await (await request.get(`/api/companies/${company.companyId}/members`, { headers: owner })).json()).data as {
        id: number;
        name: string;
      }[];
      const adminMember = members.find((m) => m.name.startsWith(e2eAccounts[adminWho].firstName))!;
      expect(
        (
          await request.put(`/api/companies/${company.companyId}/members/${adminMember.id}`, { data: { role: 'admin' }, headers: owner })
        ).status(),
      ).toBe(204);

      // The admin has the workspace open when the rule is switched on (decision 243).
      const adminOpen = await openWorkspace(browser, (await apiSignIn(request, adminWho)).token, company.companyId, locale);

      // The owner, without two-step sign-in, is told to turn it on first; the switch stays off.
      const page = await openWorkspace(browser, company.token, company.companyId, locale);
      const card = page.getByRole('region', { name: t('company.security.title') });
      const rule = card.getByRole('switch', { name: t('company.security.require') });
      await expect(rule).not.toBeChecked();
      await rule.focus();
      await page.keyboard.press('Space');
      await expect(card.getByRole('alert')).toContainText(t('company.security.ownFirst'));
      await expect(rule).not.toBeChecked();
      await expect(card.getByRole('link', { name: t('company.switch.turnOnTwoStep') })).toHaveAttribute(
        'href',
        `${baseURL}${prefix}/settings#security`,
      );
      await expectNoAxeViolations(page, `${locale} security card`);

      // Turning two-step on signs out every other session, the workspace's too: the owner enters again,
      // and the rule turns on and stays on after a reload.
      await turnOnTwoStep(request, company.token, company.email);
      await page.context().close();
      const again = await openWorkspace(browser, company.token, company.companyId, locale);
      const ruleAgain = again
        .getByRole('region', { name: t('company.security.title') })
        .getByRole('switch', { name: t('company.security.require') });
      await ruleAgain.focus();
      await again.keyboard.press('Space');
      // The confirmation names the admin it would sign out.
      const question = again.getByRole('alertdialog', { name: t('company.security.confirmTitle') });
      await expect(question.getByRole('listitem')).toHaveText([
        `${e2eAccounts[adminWho].firstName} ${e2eAccounts[adminWho].lastName} (${t('company.role.admin')})`,
      ]);
      await expect(question).toContainText(t('company.security.confirmTold'));
      await expectNoAxeViolations(again, `${locale} rule confirmation`);
      await question.getByRole('button', { name: t('company.security.confirm') }).click();
      await expect(again.getByText(t('company.security.turnedOn'))).toBeVisible();
      await expect(ruleAgain).toBeChecked();
      await again.reload();
      await expect(again.getByRole('region', { name: t('company.security.title') }).getByRole('switch')).toBeChecked();
      await again.context().close();

      // The admin's open workspace says the truth (read again live or on reload), with the way back to the profile.
      await adminOpen.reload();
      const companyName = locale === 'uk_UA' ? 'Варта' : 'Warden';
      await expect(adminOpen.getByRole('heading', { level: 1 })).toHaveText(
        translate(locale, 'company.access.ended', { company: companyName }),
      );
      await expect(adminOpen.getByRole('alert')).toHaveText(
        translate(locale, 'company.access.ended.two_step_required', { company: companyName }),
      );
      await expect(adminOpen.getByRole('main').getByRole('link', { name: t('company.backToProfile') })).toBeVisible();
      await expectNoAxeViolations(adminOpen, `${locale} signed out by the two-step rule`);
      await adminOpen.context().close();

      // The admin, without two-step sign-in, stays on the personal site with the way to turn it on.
      const admin = await apiSignIn(request, adminWho);
      const context = await browser.newContext();
      await context.addCookies([{ name: 's-token', value: admin.token, url: baseURL, sameSite: 'Strict' }]);
      const adminPage = await context.newPage();
      await adminPage.goto(`${prefix}/company-access?company=${company.companyId}`);
      await expect(adminPage.getByRole('alert')).toHaveText(
        locale === 'uk_UA' ? coreUk['error.code.two_factor_required'] : coreEn['error.code.two_factor_required'],
      );
      await expect(adminPage.getByRole('link', { name: t('company.switch.turnOnTwoStep') })).toHaveAttribute(
        'href',
        `${prefix}/settings#security`,
      );
      expect(new URL(adminPage.url()).host).toBe(new URL(baseURL).host);
      await expectNoAxeViolations(adminPage, `${locale} two-step required`);

      // The admin was told of the rule, with the way to their two-step card.
      await adminPage.goto(`${prefix}/notifications`);
      const notice = adminPage.getByRole('main').locator(`a[href="${prefix}/settings#security"]`);
      await expect(notice).toContainText(companyName);
      await expect(notice).toContainText(locale === 'uk_UA' ? 'вимагає двоетапного входу' : 'now requires two-step sign-in');
      await context.close();
    },
  );
}
