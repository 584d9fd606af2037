// A profile with something in every section, the way a real person's looks, for screenshots and
// the every-page browser tests.
import type { APIRequestContext } from '@playwright/test';
import type { SignedIn } from '../e2e/sign-in.ts';

export async function fillProfile(request: APIRequestContext, who: SignedIn, locale: 'en_GB' | 'uk_UA'): Promise<void> {
  const uk = locale === 'uk_UA';
  const headers = who.auth;
  // Once per account, whichever worker gets there first.
  const current = await request.get('/api/profile/page', { headers });
  if (((await current.json()) as { data?: { employments?: unknown[] } }).data?.employments?.length) return;
  const header = uk
    ? {
        first_name: 'Богдана',
        last_name: 'Мельниченко-Завадська',
        headline: 'Провідна дизайнерка продуктів у фінтеху',
        about:
          'Проєктую доступні банківські сервіси для мільйонів людей. Вісім років у продуктовому дизайні, з них п’ять — у дизайн-системах.',
        location: 'Львів, Україна',
        current_position: 'Провідна дизайнерка',
        open_to_work: true,
      }
    : {
        first_name: 'Olena',
        last_name: 'Kovalenko',
        headline: 'Lead product designer in fintech',
        about:
          'I design accessible banking services used by millions of people. Eight years in product design, five of them on design systems.',
        location: 'London, United Kingdom',
        current_position: 'Lead designer',
        open_to_work: true,
      };
  await request.put('/api/profile', { headers, data: header });
  const post = (section: string, data: object) => request.post(`/api/profile/${section}`, { headers, data });
  await post('employments', {
    position: uk ? 'Провідна дизайнерка' : 'Lead product designer',
    company_name: uk ? 'Монобанк' : 'Monzo',
    start_date: '2021-03-01',
    is_current: true,
  });
  await post('employments', {
    position: uk ? 'Дизайнерка інтерфейсів' : 'Interface designer',
    company_name: uk ? 'Розетка' : 'Deliveroo',
    start_date: '2017-09-01',
    end_date: '2021-02-01',
    is_current: false,
  });
  for (const name of uk
    ? ['Дизайн-системи', 'Доступність', 'Дослідження користувачів']
    : ['Design systems', 'Accessibility', 'User research'])
    await post('skills', { name });
  await post('languages', { code: 'uk', proficiency: 'C2' });
  await post('languages', { code: 'en', proficiency: 'C1' });
  await post('educations', {
    school: uk ? 'Львівська політехніка' : 'University of the Arts London',
    degree: uk ? 'Магістр' : 'MA',
    area_of_study: uk ? 'Графічний дизайн' : 'Interaction design',
    start_date: '2012-09-01',
    end_date: '2014-06-01',
  });
  await post('certifications', { name: 'WAS — Web Accessibility Specialist', provider: 'IAAP' });
  await post('projects', { title: uk ? 'Дизайн-система «Плитка»' : 'Tile design system', url: 'https://tile.example' });
}
