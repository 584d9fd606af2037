// The top of the profile: cover, photo, name, headline, position, location, open-to-work, about and
// the public contact details. Text renders as text, never as HTML.
import type { ProfilePage } from '../../../contract/profile-sections.ts';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  page: ProfilePage;
  t: Translate;
  onEdit: () => void;
  onChangeImage: (kind: 'photo' | 'cover') => void;
  onRemoveImage: (kind: 'photo' | 'cover') => void;
}

export default function ProfileHeader({ page, t, onEdit, onChangeImage, onRemoveImage }: Props) {
  const name = `${page.first_name} ${page.last_name}`.trim();
  const initials = `${page.first_name.charAt(0)}${page.last_name.charAt(0)}`.toUpperCase();
  return (
    <section className="profile-header card" aria-labelledby="profile-name">
      <div className="profile-cover">
        {page.cover_url ? <img src={page.cover_url} alt="" width={960} height={200} /> : null}
        {page.is_owner ? (
          <div className="cover-actions">
            <button type="button" className="button button-small" onClick={() => onChangeImage('cover')}>
              {t('profile.changeCover')}
            </button>
            {page.cover_url ? (
              <button type="button" className="button button-small button-secondary" onClick={() => onRemoveImage('cover')}>
                {t('profile.removeCover')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="profile-identity">
        <div className="profile-photo">
          {page.photo_url ? (
            <img src={page.photo_url} alt={t('profile.photoAlt', { name })} width={160} height={160} />
          ) : (
            <span className="profile-initials" aria-hidden="true">
              {initials}
            </span>
          )}
        </div>
        <div className="profile-titles">
          <h1 id="profile-name">{name}</h1>
          {page.headline ? <p className="profile-headline">{page.headline}</p> : null}
          <p className="profile-meta">
            {[page.current_position, page.location].filter(Boolean).join(' · ')}
            {page.open_to_work ? <span className="badge">{t('profile.openToWork')}</span> : null}
          </p>
        </div>
        {page.is_owner ? (
          <div className="profile-owner-actions">
            <button type="button" className="button" onClick={onEdit}>
              {t('profile.editHeader')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => onChangeImage('photo')}>
              {t('profile.changePhoto')}
            </button>
            {page.photo_url ? (
              <button type="button" className="button button-secondary" onClick={() => onRemoveImage('photo')}>
                {t('profile.removePhoto')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {page.about || page.title || page.description ? (
        <div className="profile-about">
          <h2>{t('profile.about')}</h2>
          {page.title ? <p className="profile-title">{page.title}</p> : null}
          {page.about ? <p className="preserve-lines">{page.about}</p> : null}
          {page.description ? <p className="preserve-lines">{page.description}</p> : null}
        </div>
      ) : null}
      {page.website || page.contact_email || page.contact_phone ? (
        <div className="profile-contact">
          <h2>{t('profile.contact')}</h2>
          <ul>
            {page.website ? (
              <li>
                <a href={page.website} rel="noopener noreferrer nofollow" target="_blank">
                  {page.website}
                </a>
              </li>
            ) : null}
            {page.contact_email ? (
              <li>
                <a href={`mailto:${page.contact_email}`}>{page.contact_email}</a>
              </li>
            ) : null}
            {page.contact_phone ? (
              <li>
                <a href={`tel:${page.contact_phone.replace(/[^\d+]/g, '')}`}>{page.contact_phone}</a>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
