import { expect, test, type APIRequestContext, type Browser, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { alternating } from './languages.ts';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { baseURL } from '../../playwright.config.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import notificationsEn from '../../src/i18n/notifications.en_GB.json' with { type: 'json' };
import notificationsUk from '../../src/i18n/notifications.uk_UA.json' with { type: 'json' };
import { watchSubscriptions } from './subscriptions.ts';
import { e2eAccounts } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, nextSequence, registerCompany } from './companies.ts';
import { waitForMail } from './outbox.ts';
import { apiSignIn } from './sign-in.ts';

// Pages that follow live events, and consent switches that tell the truth.
// A company and a person side by side, in two browser contexts: the person asks the company to confirm
// a job with the job page, the careers list, the profile and the notifications open; the company's
// confirmation, review round and final feedback show on every one of them without a reload, and the
// person's leaving shows at once on the job page, in their other tab and in the company's employees
// list. A tab whose connection dropped while the company confirmed reads the job again once its
// connection is back (the hub keeps no history). Each consent switch, while saving, keeps the focus, is
// aria-busy and aria-disabled and sends one request however often it is pressed, then shows the
// server's answer; a refused change goes back with a message. Both languages.

// Live updates cross a hub and a read on a machine shared with other runs: 15 s, like the other journeys under load.
const slow = expect.configure({ timeout: 15_000 });
const companyURL = baseURL.replace('://localhost', '://company.localhost');
const dictionaries = {
  en_GB: { ...coreEn, ...careersEn, ...companyEn, ...notificationsEn },
  uk_UA: { ...coreUk, ...careersUk, ...companyUk, ...notificationsUk },
};
const languages = [
  { locale: 'en_GB', prefix: '', who: 'liveJobEn', company: 'Northwind' },
  { locale: 'uk_UA', prefix: '/uk', who: 'liveJobUk', company: 'Північний' },
] as const;

/**
 * The page's sockets through a proxy that can lose what the hub sends, as a connection that dropped
 * would, and then close them as a restarting hub does (1001 'going away'): pusher-js reconnects and
 * subscribes again, and the page must read again what it missed. Counts the subscriptions it sees.
 */
async function droppableSockets(page: Page) {
  const open: WebSocketRoute[] = [];
  let dropping = false;
  let subscribed = 0;
  await page.routeWebSocket(/\/app\//, (socket) => {
    const hub = socket.connectToServer();
    hub.onMessage((message) => {
      if (dropping) return;
      if (typeof message === 'string' && message.includes('pusher_internal:subscription_succeeded')) subscribed += 1;
      socket.send(message);
    });
    socket.onMessage((message) => hub.send(message));
    open.push(socket);
  });
  return {
    subscribed: (count: number) => expect.poll(() => subscribed, { timeout: 15_000 }).toBeGreaterThanOrEqual(count),
    drop: () => (dropping = true),
    async restart() {
      dropping = false;
      for (const socket of open.splice(0)) await socket.close({ code: 1001, reason: 'Going away' });
    },
  };
}

async function signedInContext(browser: Browser, token: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 's-token', value: token, url: baseURL, sameSite: 'Strict' }]);
  return context;
}

async function enterWorkspace(page: Page, companyId: number, prefix: string) {
  await page.goto(`${prefix}/company-access?company=${companyId}`);
  await page.getByRole('link', { name: /Continue to the workspace|Перейти до робочого простору/ }).click();
  await page.waitForURL(`${companyURL}${prefix}/`);
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 15_000 });
}

/** A request the page makes to `pattern`, held until released; counts every one. */
async function holdRequests(page: Page, pattern: RegExp) {
  let count = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    count += 1;
    await released;
    await route.continue();
  });
  return { count: () => count, release, stop: () => page.unroute(pattern) };
}

async function post(request: APIRequestContext, url: string, auth: Record<string, string>, data: unknown, method: 'POST' | 'PUT' = 'POST') {
  const answer = await request.fetch(url, { method, headers: auth, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data;
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const t = (key: keyof typeof text, params: Record<string, string | number> = {}) =>
    (text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  /**
   * Presses a consent switch with the keyboard while its save is held: it keeps the focus, shows the
   * state asked for, is busy and refuses more presses (one request); once answered it is live again
   * and shows the answer with its toast. Then a refused change goes back, with a message.
   */
  async function checkConsentSwitch(page: Page, control: Locator, pattern: RegExp, shownToast: string) {
    const held = await holdRequests(page, pattern);
    await control.focus();
    await page.keyboard.press('Space');
    await slow(control).toHaveAttribute('aria-busy', 'true');
    await slow(control).toHaveAttribute('aria-disabled', 'true');
    await slow(control).toBeChecked();
    await page.keyboard.press('Space');
    await control.click({ force: true });
    await slow(control).toBeFocused();
    await slow(control).toBeChecked();
    expect(held.count()).toBe(1);
    held.release();
    await slow(page.locator('.ui-toaster').getByText(shownToast)).toBeVisible();
    await slow(control).not.toHaveAttribute('aria-busy');
    await slow(control).not.toHaveAttribute('aria-disabled');
    await slow(control).toBeChecked();
    await slow(control).toBeFocused();
    expect(held.count()).toBe(1);
    await held.stop();

    await page.route(
      pattern,
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Internal error', code: 'internal' }),
        }),
      { times: 1 },
    );
    await page.keyboard.press('Space');
    await slow(page.locator('.ui-toaster').getByRole('alert')).toContainText(/\S/);
    await slow(control).not.toHaveAttribute('aria-disabled');
    await slow(control).toBeChecked();
  }

  journeyIn(lang)(
    `A company and a person side by side: confirmation, review round, final feedback and leaving show live on every page, and each consent switch saves once and tells the truth (${lang.locale})`,
    async ({ browser, request }) => {
      // Two contexts on two hosts, five pages, three company changes and two switches on a shared machine.
      test.setTimeout(600_000);
      const companyName = `${lang.company} ${nextSequence()}`;
      const company = await registerCompany(request, companyName);
      const session = await companySession(request, company.token, company.companyId);
      const companyAuth = { Authorization: `Bearer ${session}` };
      const person = await apiSignIn(request, lang.who);
      const personName = `${e2eAccounts[lang.who].firstName} ${e2eAccounts[lang.who].lastName}`;

      // The person's self-declared job at the company, and their request to confirm it.
      const page = await post(request, '/api/profile/employments', person.auth, {
        position: 'Data Analyst',
        company_name: companyName,
        start_date: '2022-01-01',
        end_date: null,
        is_current: true,
      });
      const selfId = (page.employments as { id: number; company_name: string }[]).find((e) => e.company_name === companyName)!.id;
      await post(request, careersPaths.confirmation(selfId), person.auth, { company_id: company.companyId, message: null });

      // The company's employees list, in its own context.
      const companyContext = await signedInContext(browser, company.token);
      const ws = await companyContext.newPage();
      const companySubscribed = watchSubscriptions(ws);
      await enterWorkspace(ws, company.companyId, lang.prefix);
      // Its company channel, before anything happens that it should show.
      await companySubscribed(1);
      await ws.getByRole('tab', { name: t('company.tab.employees') }).click();
      const employee = ws.locator(`[data-employment="${personName}"]`);
      await slow(employee).toHaveCount(0);

      // The person's four pages, each subscribed to their channels before anything happens.
      const personContext = await signedInContext(browser, person.token);
      const open = async (path: string) => {
        const tab = await personContext.newPage();
        const subscribed = watchSubscriptions(tab);
        await tab.goto(`${lang.prefix}${path}`);
        await subscribed(2);
        return tab;
      };
      // The careers tab's connection drops while the company confirms, and comes back after.
      const careers = await personContext.newPage();
      const careersSockets = await droppableSockets(careers);
      await careers.goto(`${lang.prefix}/careers`);
      await careersSockets.subscribed(2);
      const careersJob = careers.locator('.careers-job').filter({ hasText: companyName });
      await slow(careersJob).toBeVisible();
      await slow(careersJob.locator('.careers-verified')).toHaveCount(0);
      const home = await open('/');
      const profileJob = home.locator('[data-public-job]').filter({ hasText: companyName });
      await slow(profileJob).toBeVisible();
      await slow(profileJob.locator('.careers-verified')).toHaveCount(0);
      const notifications = await open('/notifications');
      const confirmedNote = notifications
        .locator('.notification')
        .filter({ hasText: t('notifications.kind.confirmation_accepted', { company: companyName }) });
      await slow(confirmedNote).toHaveCount(0);
      // The job page last: it is the tab in front (a browser may hold back a background tab's work).
      const details = await open(`/employment-details/${selfId}`);
      await slow(details.getByText(t('details.confirm.pending', { company: companyName }))).toBeVisible();

      // The company confirms: every page shows it without a reload, the careers tab once its connection is back.
      careersSockets.drop();
      const requests = (await (await request.get(companyCareersPaths.confirmations(company.companyId), { headers: companyAuth })).json())
        .data as { id: number; person: { user_id: number } }[];
      const requestId = requests.find((r) => r.person.user_id === person.userId)!.id;
      const outcome = await post(request, companyCareersPaths.confirmationDecision(company.companyId, requestId), companyAuth, {
        decision: 'confirm',
      });
      const employmentId = outcome.employment_id as number;
      await slow(details.getByText(t('details.confirm.pending', { company: companyName }))).toBeHidden();
      await slow(details.locator('.employment-header .careers-verified')).toBeVisible();
      // Each other tab in its turn, brought to the front as a person would look at it.
      await careers.bringToFront();
      await expect(careersJob.locator('.careers-verified')).toHaveCount(0);
      await careersSockets.restart();
      await careersSockets.subscribed(4);
      await slow(careersJob.locator('.careers-verified')).toBeVisible();
      await home.bringToFront();
      await slow(profileJob.locator('.careers-verified')).toBeVisible();
      await notifications.bringToFront();
      await slow(confirmedNote).toHaveCount(1);
      await ws.bringToFront();
      await slow(employee).toBeVisible();
      await details.bringToFront();

      // A review round and the final feedback appear on the job page as the company saves them.
      const competency = await post(request, companyCareersPaths.competencies(company.companyId), companyAuth, {
        name: 'Analysis',
        description: null,
        weight: 1,
      });
      await post(request, companyCareersPaths.reviews(company.companyId, employmentId), companyAuth, {
        reviewed_on: '2026-11-20',
        ratings: [{ competency_id: competency.id, rating: 'good', comment: 'Careful work.' }],
      });
      const round = details.locator('.employment-round');
      await slow(round).toHaveCount(1);
      await slow(round).toContainText('Careful work.');
      await post(
        request,
        companyCareersPaths.endOfCollaboration(company.companyId, employmentId),
        companyAuth,
        { planned_termination: null, final_feedback: 'Thorough and kind.', collaboration_assessment: 'good' },
        'PUT',
      );
      await slow(details.locator('.employment-feedback')).toContainText('Thorough and kind.');
      await expectNoViolations(details, 'the job page after live changes');
      await details.screenshot({ path: `test-results/live-job-${lang.locale}-1280.png`, fullPage: true });

      // Point 3: each kind of consent switch saves once, stays focused, and tells the truth.
      await checkConsentSwitch(
        details,
        round.getByRole('switch', { name: t('details.round.showPublic') }),
        /\/reviews\/\d+\/visibility(\?.*)?$/,
        t('details.round.shown'),
      );
      await checkConsentSwitch(
        details,
        details.getByRole('switch', { name: t('details.feedback.showPublic') }),
        /\/final-feedback\/visibility(\?.*)?$/,
        t('details.feedback.shown'),
      );
      await details.reload();
      await slow(details.locator('.employment-round').getByRole('switch')).toBeChecked();
      await slow(details.getByRole('switch', { name: t('details.feedback.showPublic') })).toBeChecked();

      // The person joins the company too (an invitation they accept elsewhere): 'Leave company' appears.
      const since = Date.now();
      const email = e2eAccounts[lang.who].email;
      const invited = await request.post(workspacePaths.invitations(company.companyId), {
        headers: companyAuth,
        data: { email, position: 'Data Analyst', team_id: null },
      });
      expect(invited.status(), await invited.text()).toBe(201);
      const mail = await waitForMail(email, since, (body) => body.includes('/invitation?token='));
      const token = decodeURIComponent(/\/invitation\?token=([\w%-]+)/.exec(mail)![1]!);
      expect((await request.post(companyPublicPaths.invitationAccept(token), { headers: person.auth })).status()).toBe(200);
      await slow(details.getByRole('button', { name: t('employment.leaveCompany') })).toBeVisible();

      // Leaving: the job page shows it at once, the person's other tab and the company's list follow.
      await details.getByRole('button', { name: t('employment.leaveCompany') }).click();
      const question = details.getByRole('alertdialog').or(details.getByRole('dialog'));
      await question.getByRole('button', { name: t('employment.leaveCompany') }).click();
      await slow(question).toBeHidden();
      await slow(details.getByRole('button', { name: t('employment.leaveCompany') })).toHaveCount(0);
      await slow(details.locator('.employment-header')).toContainText(t('careers.leaving'));
      await slow(details.locator('.employment-header')).not.toContainText(t('careers.current'));
      await careers.bringToFront();
      await slow(careersJob).toContainText(t('careers.leaving'));
      await slow(careersJob).not.toContainText(t('careers.current'));
      await ws.bringToFront();
      await slow(employee).toContainText(t('company.employees.leaving', { date: '' }).trim());
      await careers.screenshot({ path: `test-results/live-careers-${lang.locale}-1280.png`, fullPage: true });
      await careers.setViewportSize({ width: 390, height: 844 });
      await careers.screenshot({ path: `test-results/live-careers-${lang.locale}-390.png`, fullPage: true });

      await personContext.close();
      await companyContext.close();
    },
  );
}
