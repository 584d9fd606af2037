// What one change earns at once is one notification, not one per achievement:
// a confirmed job that began years ago earns several achievements in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementCatalogue } from '../../contract/achievements.ts';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { NotificationList, notificationApiPaths } from '../../contract/notifications.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Livewire Ltd');
});
afterAll(async () => ctx.close());

const send = (method: 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('achievements one change earns at once', () => {
  it('make one notification naming them all, in the person’s language', async () => {
    for (const locale of ['en_GB', 'uk_UA'] as const) {
      const person = await createPerson(ctx, { firstName: 'Marta', locale });
      // A confirmed job that began in 2021 earns 'Verified employment' and 'A year at one company' together.
      const page = await send('POST', profileApiPaths.section('employments'), person.token, {
        position: 'Editor',
        company_name: 'Livewire Ltd',
        start_date: '2021-02-01',
        end_date: null,
        is_current: true,
      });
      const selfId = page.json().data.employments[0].id as number;
      await send('POST', careersPaths.confirmation(selfId), person.token, { company_id: company.companyId });
      const open = (
        await ctx.app.inject({
          method: 'GET',
          url: companyCareersPaths.confirmations(company.companyId),
          headers: bearer(company.admin.session),
        })
      ).json().data;
      const request = open.find((r: { person: { user_id: number } }) => r.person.user_id === person.id);
      expect(
        (
          await send('POST', companyCareersPaths.confirmationDecision(company.companyId, request.id), company.admin.session, {
            decision: 'confirm',
          })
        ).statusCode,
      ).toBe(200);

      const list = NotificationList.parse(
        (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(person.token) })).json().data,
      );
      const verified = achievementCatalogue.verified_employment[locale].name;
      const unlocks = list.items.filter((n) => n.kind === 'achievement_unlocked' && n.subject?.name?.includes(verified));
      expect(unlocks).toHaveLength(1);
      const name = unlocks[0]!.subject!.name!;
      for (const code of ['verified_employment', 'year_at_company'] as const)
        expect(name).toContain(achievementCatalogue[code][locale].name);
      expect(name).toContain(locale === 'uk_UA' ? ' і ' : ' and ');
    }
  });
});
