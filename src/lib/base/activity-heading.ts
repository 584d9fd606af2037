// How an activity entry is named, in the page's language: a post by its title, other kinds by what
// they are about. Shared by the /activities list and the profile's Activity card.
import type { ActivityEntry } from '../../../contract/activities.ts';
import type { Translate } from '../../i18n/translator.ts';

export function headingOf(entry: ActivityEntry, t: Translate): string {
  if (entry.kind === 'post') return entry.title;
  if (entry.kind === 'achievement')
    return entry.details.achievement ? t(`achievements.item.${entry.details.achievement}.name`) : entry.title;
  return t(`activities.kind.${entry.kind}`, {
    position: entry.details.position ?? '',
    company: entry.details.company ?? entry.title,
    person: entry.details.person ?? t('activities.someone'),
  });
}
