// One search result (decision 207): the person or company, their headline and verified
// position, and why they matched, each reason in the page's words. SearchApp lists them.
import type { Locale } from '../../../contract/locale.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import { profileStatuses, type ProfileStatus } from '../../../contract/profile-status.ts';
import type { SearchMatch, SearchResult } from '../../../contract/search.ts';
import Avatar from '../../components/Avatar.tsx';
import Badge from '../../components/Badge.tsx';
import Icon from '../../components/Icon.tsx';
import { resultHref, resultName } from '../../lib/app/header-search.ts';
import type { IslandMessages } from '../../i18n/translator.ts';

/** Why a result matched, in words: the skill, the language and level, the verified score. */
function matchText(match: SearchMatch, messages: IslandMessages, languageName: (code: string) => string): string {
  const template = messages[`search.match.${match.kind}`];
  switch (match.kind) {
    case 'language':
      return fill(template, {
        value: match.level ? `${languageName(match.value)} (${messages[`proficiency.${match.level}`]})` : languageName(match.value),
      });
    case 'profile_status':
      return fill(template, {
        value: (profileStatuses as readonly string[]).includes(match.value)
          ? messages[`profile.status.${match.value as ProfileStatus}`]
          : match.value,
      });
    case 'verified_competency':
      return fill(template, {
        value: match.value,
        score: match.score ?? '',
        company: match.company ?? '',
      });
    default:
      return fill(template, { value: match.value });
  }
}

export default function ResultItem({
  result,
  locale,
  messages,
  languageName,
}: {
  result: SearchResult;
  locale: Locale;
  messages: IslandMessages;
  languageName: (code: string) => string;
}) {
  const name = resultName(result);
  const person = result.type === 'person' ? result : null;
  const secondary = person ? person.headline : result.type === 'company' ? result.industry : null;
  const matches = result.matches.filter((m) => m.kind !== 'name');
  return (
    <li className="search-result" data-kind={result.type}>
      <Avatar
        name={name}
        src={person ? person.photo_url : result.type === 'company' ? result.logo_url : null}
        seed={person ? person.user_id : name}
        square={!person}
        size="large"
      />
      <div className="search-result-body">
        <h3 className="search-result-name">
          <a href={resultHref(result, locale)}>{name}</a>
          {person?.profile_status ? (
            <Badge variant={person.profile_status === 'open_to_work' ? 'success' : 'neutral'}>
              {messages[`profile.status.${person.profile_status}`]}
            </Badge>
          ) : null}
          {result.type === 'company' ? <Badge>{messages['search.company']}</Badge> : null}
        </h3>
        {secondary ? <p className="search-result-secondary">{secondary}</p> : null}
        {person?.verified_position ? (
          <p
            className="search-result-verified"
            data-trust={person.verified_position.verified_domain ? 'domain_verified' : 'company_confirmed'}
          >
            <Icon name={person.verified_position.verified_domain ? 'verified' : 'info'} />
            <span className="visually-hidden">{messages['search.verified']}: </span>
            <span>
              {person.verified_position.position
                ? fill(messages['search.result.verifiedAt'], {
                    position: person.verified_position.position,
                    company: person.verified_position.company,
                  })
                : person.verified_position.company}
              {/* The ladder's word (decision 257): the company's verified domain, or that its identity is not verified. */}
              <span className="search-result-trust">
                {' · '}
                {person.verified_position.verified_domain ?? messages['careers.trust.identityNotVerified']}
              </span>
            </span>
          </p>
        ) : null}
        {result.location ? <p className="search-result-location">{result.location}</p> : null}
        {matches.length ? (
          <div className="search-result-matches">
            <span className="visually-hidden">{messages['search.match.label']}: </span>
            <ul>
              {matches.map((match, index) => (
                <li key={index} data-kind={match.kind}>
                  {match.kind === 'verified_competency' || match.kind === 'verified_job' ? <Icon name="verified" /> : null}
                  {matchText(match, messages, languageName)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </li>
  );
}
