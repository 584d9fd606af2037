// The search journeys, in both languages: search from the header with the keyboard alone (type,
// ArrowDown, Enter opens the profile), see all results, filter by a verified competency (the demo
// Olena Kovalenko's Accessibility 6 of 6 from Northwind Studio, in a round she shows), open a result,
// reload the shared address, walk back through the filters; axe on the results, empty and no-result states.
import { expect, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import type { Locale } from '../../contract/locale.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import searchEn from '../../src/i18n/search.en_GB.json' with { type: 'json' };
import searchUk from '../../src/i18n/search.uk_UA.json' with { type: 'json' };
import { expectNoViolations } from './axe.ts';
import { signIn } from './sign-in.ts';

const languages = [
  { locale: 'en_GB' as Locale, prefix: '', who: 'searchEn', target: 'Zoriana Findable', typed: 'Zoriana Find', texts: searchEn },
  { locale: 'uk_UA' as Locale, prefix: '/uk', who: 'searchUk', target: 'Зоряна Знаходько', typed: 'Зоряна Знах', texts: searchUk },
] as const;

/** Tabs from the top of the page to the header's search field, as a keyboard user gets there. */
async function tabToHeaderSearch(page: Page) {
  const field = page.locator('#shell-search-input');
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press('Tab');
    if (await field.evaluate((el) => el === document.activeElement)) return field;
  }
  throw new Error('The header search field is not in the tab order');
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const t = (key: keyof typeof searchEn, params: Record<string, string | number> = {}) => fillPlaceholders(lang.texts[key], params);

  journeyIn(lang)(
    `Search from the header by keyboard, see all results, filter by a verified competency, share the address and walk back (${lang.locale})`,
    async ({ page, context, request }) => {
      await signIn(context, request, lang.who);
      await page.goto(`${lang.prefix}/`);
      await expect(page.locator('#profile-name')).toBeVisible();

      // Type, ArrowDown, Enter: the suggestion's profile opens.
      const field = await tabToHeaderSearch(page);
      await page.keyboard.type(lang.typed);
      const list = page.getByRole('listbox', { name: t('search.suggest.listLabel') });
      await expect(list.getByRole('option', { name: new RegExp(lang.target) })).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      await expect(
        page.getByRole('status').filter({ hasText: fillPlaceholders(lang.texts['search.suggest.count.one'], { count: 1 }) }),
      ).toBeAttached();
      await expectNoViolations(page, `header suggestions ${lang.locale}`);
      await page.keyboard.press('ArrowDown');
      await expect(list.getByRole('option', { name: new RegExp(lang.target) })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${lang.prefix}/profile-\\d+/?$`));
      await expect(page.getByRole('heading', { level: 1, name: lang.target })).toBeVisible();

      // 'See all results' (ArrowUp goes to the last option) opens /search with the words.
      const again = await tabToHeaderSearch(page);
      await page.keyboard.type('Kovalenko');
      await expect(page.getByRole('option', { name: t('search.suggest.seeAll', { q: 'Kovalenko' }) })).toBeVisible();
      await page.keyboard.press('ArrowUp');
      await expect(again).toHaveAttribute('aria-activedescendant', /.+/);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko`);
      await expect(page).toHaveTitle(new RegExp(`^${t('title.search')} \\|`));
      const results = page.locator('.search-results');
      await expect(results.getByRole('link', { name: 'Olena Kovalenko' }).first()).toBeVisible();

      // The verified competency: Accessibility ≥ 5 of 6. A typed filter applies on a pause in typing
      // (decision 238), a choice at once; 'Apply filters' brings the result count into view, focused.
      await page.getByLabel(t('search.filter.competency'), { exact: true }).fill('Accessibility');
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&competency=Accessibility`);
      await expect(page.locator('.search-private-note')).toHaveText(t('search.competency.privateNote'));
      await page.getByLabel(t('search.filter.minScore')).selectOption('5');
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&competency=Accessibility&min_score=5`);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('button', { name: t('search.filters.apply') }).click();
      const count = page.locator('.search-count');
      await expect(count).toBeFocused();
      await expect(count).toBeInViewport();
      await expect(count).toHaveText(fillPlaceholders(lang.texts['search.results.shown.one'], { count: 1 }));
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&competency=Accessibility&min_score=5`);
      const olena = results.locator('.search-result').filter({ hasText: 'Northwind Studio' });
      await expect(olena).toHaveCount(1);
      await expect(
        olena.getByText(t('search.match.verified_competency', { value: 'Accessibility', score: 6, company: 'Northwind Studio' })),
      ).toBeVisible();
      await expect(results.locator('.search-result')).toHaveCount(1);
      const chip = t('search.competencyAtLeast', { competency: 'Accessibility', score: 5 });
      await expect(page.getByRole('button', { name: t('search.filter.remove', { filter: chip }) })).toBeVisible();
      await expectNoViolations(page, `search results ${lang.locale}`);

      // The shared address shows the same.
      await page.reload();
      await expect(results.locator('.search-result')).toHaveCount(1);
      await expect(
        olena.getByText(t('search.match.verified_competency', { value: 'Accessibility', score: 6, company: 'Northwind Studio' })),
      ).toBeVisible();
      await expect(page.getByLabel(t('search.filter.competency'), { exact: true })).toHaveValue('Accessibility');

      // Back: the typed competency, then the words alone, the competency gone from the form; forward:
      // the filters again.
      await page.goBack();
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&competency=Accessibility`);
      await expect(page.getByLabel(t('search.filter.minScore'))).toHaveValue('');
      await page.goBack();
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko`);
      await expect(page.getByLabel(t('search.filter.competency'), { exact: true })).toHaveValue('');
      await expect(page.getByLabel(t('search.filter.minScore'))).toHaveValue('');
      await expect(results.getByRole('link', { name: 'Olena Kovalenko' })).not.toHaveCount(0);
      await page.goForward();
      await page.goForward();
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&competency=Accessibility&min_score=5`);
      await expect(page.getByLabel(t('search.filter.competency'), { exact: true })).toHaveValue('Accessibility');
      await expect(results.locator('.search-result')).toHaveCount(1);

      // Open the result.
      await olena.getByRole('link', { name: 'Olena Kovalenko' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Olena Kovalenko' })).toBeVisible();
      // Her profile is in English: a Ukrainian reader is moved to its English address (decision 173),
      // a step of its own in the history, so only the English journey comes back in one step.
      await expect(page).toHaveURL(/\/profile-\d+\/?$/);
      if (lang.locale === 'en_GB') {
        await page.goBack();
        await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&competency=Accessibility&min_score=5`);
        await expect(page.getByLabel(t('search.filter.competency'), { exact: true })).toHaveValue('Accessibility');
        await expect(results.locator('.search-result')).toHaveCount(1);
      }
    },
  );

  journeyIn(lang)(
    `A name typed in the other alphabet finds the person and says so; on a phone the filters close on applying and the count takes the focus (${lang.locale})`,
    async ({ page, context, request }) => {
      await signIn(context, request, lang.who);
      await page.setViewportSize({ width: 390, height: 800 });
      // 'Zoriana Znakhodko' is how Зоряна Знаходько is written in Latin letters (KMU 2010, decision 237).
      await page.goto(`${lang.prefix}/search?q=${encodeURIComponent('Zoriana Znakhodko')}`);
      const found = page.locator('.search-result').filter({ hasText: 'Зоряна Знаходько' });
      await expect(found).toHaveCount(1);
      await expect(found.getByText(t('search.match.name_spelling', { value: 'Zoriana Znakhodko' }))).toBeVisible();

      await page.getByRole('button', { name: new RegExp(t('search.filters.toggle')) }).click();
      const filters = page.locator('.search-filters');
      await expect(filters).toBeVisible();
      await page.getByLabel(t('search.filter.skill')).fill('zz-no-such-skill');
      await page.getByLabel(t('search.filter.skill')).press('Enter');
      await expect(filters).toBeHidden();
      const count = page.locator('.search-count');
      await expect(count).toBeFocused();
      await expect(count).toBeInViewport();
      await expect(count).toHaveText(t('search.none.title'));
      await expectNoViolations(page, `search by another alphabet ${lang.locale}`);
    },
  );

  journeyIn(lang)(
    `'Verified only' counts companies that proved their domain, says so on each result, and widens on request (${lang.locale})`,
    async ({ page, context, request }) => {
      await signIn(context, request, lang.who);
      await page.goto(`${lang.prefix}/search?q=Kovalenko&verified=true`);
      const olena = page.locator('.search-result').filter({ hasText: 'Northwind Studio' });
      // The ladder's word on the result (decision 257): Northwind proved northwind.test.
      await expect(olena.locator('.search-result-verified')).toContainText('· northwind.test');
      const widen = page.getByRole('checkbox', { name: new RegExp(t('search.filter.trust')) });
      await expect(widen).not.toBeChecked();
      await widen.check();
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&verified=true&trust=company_confirmed`);
      const chip = page.getByRole('button', { name: t('search.filter.remove', { filter: t('search.chip.trust') }) });
      await expect(chip).toBeVisible();
      await expect(olena).toHaveCount(1);
      await expectNoViolations(page, `search widened to unverified companies ${lang.locale}`);
      await chip.click();
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&verified=true`);
      await expect(widen).not.toBeChecked();
    },
  );

  journeyIn(lang)(
    `Search's empty and no-result states say what to try, and a filter is removed from there (${lang.locale})`,
    async ({ page, context, request }) => {
      await signIn(context, request, lang.who);
      await page.goto(`${lang.prefix}/search`);
      await expect(page.getByText(t('search.empty.title'))).toBeVisible();
      await expect(page.getByText(t('search.empty.text'))).toBeVisible();
      await expectNoViolations(page, `search empty ${lang.locale}`);

      await page.goto(`${lang.prefix}/search?q=Kovalenko&verified=true&status=hiring`);
      await expect(page.locator('.search-none').getByText(t('search.none.title'), { exact: true })).toBeVisible();
      await expect(page.getByText(t('search.none.filters'))).toBeVisible();
      await expectNoViolations(page, `search no results ${lang.locale}`);
      await page.getByRole('button', { name: t('search.filter.remove', { filter: t('search.chip.verified') }) }).click();
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&status=hiring`);
      await page.goBack();
      await expect(page).toHaveURL(`${lang.prefix}/search?q=Kovalenko&verified=true&status=hiring`);
      await expect(page.getByRole('checkbox', { name: new RegExp(t('search.filter.verified')) })).toBeChecked();
    },
  );
}
