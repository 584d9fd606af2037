// One profile section: its entries, and for the owner add, edit and delete (deletes ask first, with
// the cannot-be-recovered warning). Skills carry endorsements for visitors and show endorsers to the owner.
import type { Locale } from '../../../contract/locale.ts';
import type {
  Certification,
  Education,
  Employment,
  Language,
  ProfilePage,
  Project,
  SectionName,
  Skill,
} from '../../../contract/profile-sections.ts';
import { formatDate } from '../../lib/dates.ts';
import type { Translate } from '../../i18n/translator.ts';
import MediaPreview from './MediaPreview.tsx';
import { itemName, type SectionItem } from './section-fields.ts';

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

function dateRange(start: string | null, end: string | null, locale: Locale, t: Translate, current = false): string {
  if (!start && !end) return '';
  const from = start ? formatDate(start, locale) : '';
  const to = current ? t('profile.present') : end ? formatDate(end, locale) : '';
  return [from, to].filter(Boolean).join(' – ');
}

function ItemBody({ section, item, locale, t, languageName, isOwner, onEndorse }: {
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
          <p className="muted">{dateRange(e.start_date, e.end_date, locale, t, e.is_current)}</p>
        </>
      );
    }
    case 'skills': {
      const s = item as Skill;
      return (
        <>
          <h3>{s.name}</h3>
          <p className="muted">{t('endorse.count', { count: s.endorsement_count })}</p>
          {isOwner && s.endorsers.length ? (
            <p className="muted">{t('endorse.by', { names: s.endorsers.map((e) => `${e.first_name} ${e.last_name}`).join(', ') })}</p>
          ) : null}
          {!isOwner ? (
            <button
              type="button"
              className={s.endorsed_by_me ? 'button button-small button-secondary' : 'button button-small'}
              aria-pressed={s.endorsed_by_me}
              onClick={() => onEndorse(s, !s.endorsed_by_me)}
            >
              {s.endorsed_by_me ? t('endorse.withdraw', { skill: s.name }) : t('endorse.action', { skill: s.name })}
            </button>
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
            {[c.issue_date ? t('profile.issued', { date: formatDate(c.issue_date, locale) }) : '', c.expiration_date ? t('profile.expires', { date: formatDate(c.expiration_date, locale) }) : '']
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
  const items = page[section] as SectionItem[];
  const headingId = `section-${section}`;
  return (
    <section className="card profile-section" aria-labelledby={headingId} data-section={section}>
      <div className="section-head">
        <h2 id={headingId}>{t(`profile.section.${section}`)}</h2>
        {page.is_owner ? (
          <button type="button" className="button button-small" onClick={onAdd}>
            {t(`profile.add.${section}`)}
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="muted">{page.is_owner ? t('profile.empty.owner') : t('profile.empty.visitor')}</p>
      ) : (
        <ul className="section-items">
          {items.map((item) => {
            const name = itemName(section, item, languageName);
            return (
              <li key={item.id} className="section-item">
                <div className="section-item-body">
                  <ItemBody section={section} item={item} locale={locale} t={t} languageName={languageName} isOwner={page.is_owner} onEndorse={onEndorse} />
                </div>
                {page.is_owner ? (
                  <div className="section-item-actions">
                    <button type="button" className="button button-small button-secondary" aria-label={t('profile.editItem', { name })} onClick={() => onEdit(item)}>
                      {t('profile.edit')}
                    </button>
                    <button type="button" className="button button-small button-danger" aria-label={t('profile.deleteItem', { name })} onClick={() => onDelete(item)}>
                      {t('profile.delete')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
