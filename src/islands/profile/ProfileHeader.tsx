// The top of the profile: cover, photo, name, headline, position, location, open-to-work, about and
// the public contact details. Text renders as text, never as HTML.
import type { ProfilePage } from '../../../contract/profile-sections.ts';
import type { ProfileStatus } from '../../../contract/profile-status.ts';
import { toneOf } from '../../lib/base/avatar-tone.ts';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  page: ProfilePage;
  t: Translate;
  onEdit: () => void;
  onChangeImage: (kind: 'photo' | 'cover') => void;
  onRemoveImage: (kind: 'photo' | 'cover') => void;
}

// The profile status beside the name (decision 170): open to work stands out; not looking stays quiet.
const statusBadge = {
  open_to_work: 'success',
  hiring: 'accent',
  providing_services: 'accent',
  not_looking: 'neutral',
} as const satisfies Record<ProfileStatus, string>;

export default function ProfileHeader({ page, t, onEdit, onChangeImage, onRemoveImage }: Props) {
  const name = `${page.first_name} ${page.last_name}`.trim();
  const initials = `${page.first_name.charAt(0)}${page.last_name.charAt(0)}`.toUpperCase();
  // Without pictures, the person's own colour (the avatars' tone) tints the cover and the initials.
  const tone = toneOf(page.user_id);
  return (
    <section className="profile-header ui-card" data-padding="none" aria-labelledby="profile-name" data-tone={tone}>
      <div className="profile-cover">
        {page.cover_url ? <img src={page.cover_url} alt="" width={960} height={200} /> : null}
        {page.is_owner ? (
          <div className="cover-actions">
            <Button size="small" leading={<Icon name="image" />} onClick={() => onChangeImage('cover')}>
              {t('profile.changeCover')}
            </Button>
            {page.cover_url ? (
              <Button size="small" variant="danger" onClick={() => onRemoveImage('cover')}>
                {t('profile.removeCover')}
              </Button>
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
          <p className="profile-meta">{[page.current_position, page.location].filter(Boolean).join(' · ')}</p>
          {page.profile_status ? (
            <p className="profile-badges">
              <Badge variant={statusBadge[page.profile_status]} className="profile-status">
                {t(`profile.status.${page.profile_status}`)}
              </Badge>
            </p>
          ) : null}
        </div>
        {page.is_owner ? (
          <div className="profile-owner-actions">
            <Button variant="primary" leading={<Icon name="edit" />} onClick={onEdit}>
              {t('profile.editHeader')}
            </Button>
            <Button leading={<Icon name="camera" />} onClick={() => onChangeImage('photo')}>
              {t('profile.changePhoto')}
            </Button>
            {page.photo_url ? (
              <Button variant="danger" onClick={() => onRemoveImage('photo')}>
                {t('profile.removePhoto')}
              </Button>
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
