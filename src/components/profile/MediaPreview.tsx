// Shows a stored media file: documents (.pdf, .doc, .docx) as a link with a document icon, anything
// else as the file itself (SPEC §5).
import type { MediaFile } from '../../../contract/profile-sections.ts';
import Icon from '../Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';

export default function MediaPreview({ media, t }: { media: MediaFile; t: Translate }) {
  if (media.is_document) {
    return (
      <a className="media-document" href={media.url} target="_blank" rel="noopener noreferrer">
        {/* The kit's outline, not an emoji: systems without a colour emoji font drew a box. */}
        <Icon name="file" className="media-icon" />
        {t('media.document', { name: media.name })}
      </a>
    );
  }
  if (media.mime_type.startsWith('image/')) {
    return (
      <a className="media-image" href={media.url} target="_blank" rel="noopener noreferrer">
        <img src={media.url} alt={media.name} loading="lazy" width={120} height={90} />
      </a>
    );
  }
  return (
    <a href={media.url} target="_blank" rel="noopener noreferrer">
      {media.name}
    </a>
  );
}
