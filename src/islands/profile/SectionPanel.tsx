// One profile section: its entries, and for the owner add, edit and delete (deletes ask first, in a
// page dialog, with the cannot-be-recovered warning). Skills carry endorsements for visitors and show
// endorsers to the owner. An empty section says what it is for and offers the way to fill it.
import type { Locale } from '../../../contract/locale.ts';
import {
  sectionEntryLimit,
  type Certification,
  type Education,
  type Employment,
  type Language,
  type ProfilePage,
  type Project,
  type SectionName,
  type Skill,
} from '../../../contract/profile-sections.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Icon from '../../components/Icon.tsx';
import IconButton from '../../components/IconButton.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { formatDuration, formatMonthYear } from '../../lib/base/dates.ts';
import { pluralize } from '../../lib/base/plurals.ts';
import type { Translate } from '../../i18n/translator.ts';
import MediaPreview from '../../components/profile/MediaPreview.tsx';
import ProfileJobs from './ProfileJobs.tsx';
import { itemName, type SectionItem } from '../../components/profile/section-fields.ts';

interface Props {
  section: SectionName;
  page: ProfilePage;
  locale: Locale;
  t: Translate;
  languageName: (code: string) => string;
  onAdd: () => void;
  onEdit: (item: SectionItem) => void;
  onDelete: (item: SectionItem) => void;
  onEndorse: (skill: Skill, endorse: boolean) => void;
}

/** Month-level facts: 'Mar 2021 – Present', with the length of a job after it. */
function dateRange(start: string | null, end: string | null, locale: Locale, t: Translate, current = false, withDuration = false): string {
  if (!start && !end) return '';
  const from = start ? formatMonthYear(start, locale) : '';
  const to = current ? t('profile.present') : end ? formatMonthYear(end, locale) : '';
  const range = [from, to].filter(Boolean).join(' – ');
  const duration = withDuration && start && (current || end) ? formatDuration(start, current ? null : end, locale) : '';
  return duration ? `${range} · ${duration}` : range;
}

function endorsements(t: Translate, locale: Locale, count: number): string {
  const form = (name: string) => t(`profile.endorsements.${name}` as MessageKey);
  return pluralize(locale, count, { one: form('one'), few: form('few'), many: form('many'), other: form('other') });
}

function ItemBody({
  section,
  item,
  locale,
  t,
  languageName,
  isOwner,
  onEndorse,
}: {
  section: SectionName;
  item: SectionItem;
  locale: Locale;
  t: Translate;
  languageName: (code: string) => string;
  isOwner: boolean;
  onEndorse: Props['onEndorse'];
}) {
  switch (section) {
    case 'employments': {
      const e = item as Employment;
      return (
        <>
          <h3>{e.position}</h3>
          <p>{e.company_name}</p>
          <p className="muted">{dateRange(e.start_date, e.end_date, locale, t, e.is_current, true)}</p>
        </>
      );
    }
    case 'skills': {
      const s = item as Skill;
      return (
        <>
          <h3>{s.name}</h3>
          <p className="muted">{endorsements(t, locale, s.endorsement_count)}</p>
          {isOwner && s.endorsers.length ? (
            <p className="muted">{t('endorse.by', { names: s.endorsers.map((e) => `${e.first_name} ${e.last_name}`).join(', ') })}</p>
          ) : null}
          {!isOwner ? (
            <Button
              size="small"
              className="endorse-button"
              variant={s.endorsed_by_me ? 'secondary' : 'primary'}
              aria-pressed={s.endorsed_by_me}
              leading={s.endorsed_by_me ? <Icon name="check" /> : null}
              onClick={() => onEndorse(s, !s.endorsed_by_me)}
            >
              {s.endorsed_by_me ? t('endorse.withdraw', { skill: s.name }) : t('endorse.action', { skill: s.name })}
            </Button>
          ) : null}
        </>
      );
    }
    case 'languages': {
      const l = item as Language;
      return (
        <>
          <h3>{languageName(l.code)}</h3>
          <p className="muted">{t(`proficiency.${l.proficiency}`)}</p>
        </>
      );
    }
    case 'educations': {
      const e = item as Education;
      return (
        <>
          <h3>{e.school}</h3>
          <p>{[e.degree, e.area_of_study].filter(Boolean).join(', ')}</p>
          <p className="muted">{dateRange(e.start_date, e.end_date, locale, t)}</p>
        </>
      );
    }
    case 'certifications': {
      const c = item as Certification;
      return (
        <>
          <h3>{c.name}</h3>
          <p>{c.provider}</p>
          <p className="muted">
            {[
              c.issue_date ? t('profile.issued', { date: formatMonthYear(c.issue_date, locale) }) : '',
              c.expiration_date ? t('profile.expires', { date: formatMonthYear(c.expiration_date, locale) }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {c.credential_id ? <p className="muted">{t('profile.credentialId', { id: c.credential_id })}</p> : null}
          {c.credential_url ? (
            <p>
              <a href={c.credential_url} target="_blank" rel="noopener noreferrer nofollow">
                {t('profile.showCredential')}
              </a>
            </p>
          ) : null}
          {c.media ? <MediaPreview media={c.media} t={t} /> : null}
        </>
      );
    }
    case 'projects': {
      const p = item as Project;
      return (
        <>
          <h3>{p.title}</h3>
          {p.description ? <p className="preserve-lines">{p.description}</p> : null}
          {p.url ? (
            <p>
              <a href={p.url} target="_blank" rel="noopener noreferrer nofollow">
                {p.url}
              </a>
            </p>
          ) : null}
          <p className="muted">{dateRange(p.start_date, p.end_date, locale, t)}</p>
          {p.media ? <MediaPreview media={p.media} t={t} /> : null}
        </>
      );
    }
  }
}

export default function SectionPanel({ section, page, locale, t, languageName, onAdd, onEdit, onDelete, onEndorse }: Props) {
  // Employment history lists every job, company-verified ones too.
  const items = (section === 'employments' ? page.jobs : page[section]) as SectionItem[];
  const headingId = `section-${section}`;
  return (
    <Card
      className="profile-section"
      titleId={headingId}
      title={t(`profile.section.${section}`)}
      actions={
        page.is_owner && items.length > 0 ? (
          // A full section says so instead of offering a form the server would refuse (decision 157).
          page[section].length >= sectionEntryLimit ? (
            <p className="section-full muted">{t('profile.sectionFull', { maximum: sectionEntryLimit })}</p>
          ) : (
            <Button size="small" leading={<Icon name="plus" />} onClick={onAdd}>
              {t(`profile.add.${section}`)}
            </Button>
          )
        ) : null
      }
    >
      {items.length === 0 ? (
        page.is_owner ? (
          <EmptyState
            title={t(`profile.empty.${section}` as MessageKey)}
            action={
              <Button size="small" variant="primary" leading={<Icon name="plus" />} onClick={onAdd}>
                {t(`profile.add.${section}`)}
              </Button>
            }
          />
        ) : (
          <p className="muted">{t('profile.emptyVisitor.title')}</p>
        )
      ) : section === 'employments' ? (
        <ProfileJobs page={page} locale={locale} t={t} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        <ul className="section-items">
          {items.map((item) => {
            const name = itemName(section, item, languageName);
            return (
              <li key={item.id} className="section-item" data-item-key={`${section}-${item.id}`} tabIndex={-1}>
                <div className="section-item-body">
                  <ItemBody
                    section={section}
                    item={item}
                    locale={locale}
                    t={t}
                    languageName={languageName}
                    isOwner={page.is_owner}
                    onEndorse={onEndorse}
                  />
                </div>
                {page.is_owner ? (
                  <div className="section-item-actions">
                    <IconButton icon="edit" label={t('profile.editItem', { name })} onClick={() => onEdit(item)} />
                    <IconButton
                      icon="trash"
                      variant="danger"
                      label={t('profile.deleteItem', { name })}
                      data-action="delete"
                      onClick={() => onDelete(item)}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
