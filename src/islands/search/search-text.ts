// The search page's words that are computed rather than looked up: a filter's chip, a failure, the
// result count. Pure functions of the view and the page's strings, so SearchApp, its form and its
// result list say the same thing the same way.
import type { Locale } from '../../../contract/locale.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import { pluralize, type PluralForms } from '../../lib/base/plurals.ts';
import type { PersonFilter, SearchView } from '../../lib/base/search-query.ts';
import type { SearchState } from '../../lib/stores/search.ts';
import type { IslandMessages } from '../../i18n/translator.ts';

/** The competency filter's words: 'Accessibility ≥ 5 of 6', or 'Competency: Accessibility' without a score. */
function competencyText(view: Pick<SearchView, 'competency' | 'minScore'>, messages: IslandMessages): string {
  return view.minScore !== null
    ? fill(messages['search.competencyAtLeast'], { competency: view.competency, score: view.minScore })
    : fill(messages['search.chip.competency'], { value: view.competency });
}

/** The words of a filter's chip ('Skill: Figma', 'Accessibility ≥ 5 of 6'). */
export function chipText(view: SearchView, name: PersonFilter, messages: IslandMessages, languageName: (code: string) => string): string {
  switch (name) {
    case 'skill':
      return fill(messages['search.chip.skill'], { value: view.skill });
    case 'language':
      return fill(messages['search.chip.language'], {
        value: view.level
          ? `${languageName(view.language)} ${view.level === 'native' ? messages['proficiency.native'] : `${view.level}+`}`
          : languageName(view.language),
      });
    case 'location':
      return fill(messages['search.chip.location'], { value: view.location });
    case 'company':
      return fill(messages['search.chip.company'], { value: view.company });
    case 'status':
      return view.status ? messages[`profile.status.${view.status}`] : '';
    case 'verified':
      return messages['search.chip.verified'];
    case 'competency':
      return competencyText(view, messages);
    case 'trust':
      return messages['search.chip.trust'];
  }
}

/** Why a search or its next page failed: too many searches, or the failure's own words. */
export function searchFailureText(failure: SearchState['failure'], messages: IslandMessages): string {
  return failure?.kind === 'limited' ? messages['search.limited'] : fill(messages['search.failed'], { message: failure?.message ?? '' });
}

/** The live count above the results: 'Searching…', '3 people and companies shown', 'No results', or nothing yet
 * (the results read for a view show, and are counted, while it is read again). */
export function countText(
  state: Pick<SearchState, 'shows' | 'items'>,
  messages: IslandMessages,
  locale: Locale,
  shownForms: PluralForms,
): string {
  if (state.shows === 'reading') return messages['search.loading'];
  if (state.shows !== 'results') return '';
  return state.items.length ? pluralize(locale, state.items.length, shownForms) : messages['search.none.title'];
}
