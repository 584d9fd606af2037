// The media of a certification or project: upload with progress and cancel, then the file's id goes
// into the form. Files ending .pdf, .doc and .docx show as documents; others show the file itself.
import type { MediaFile } from '../../../contract/profile-sections.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';
import MediaPreview from './MediaPreview.tsx';
import ProgressBar from './ProgressBar.tsx';
import { useUpload } from './use-upload.ts';

interface Props {
  id: string;
  label: string;
  media: MediaFile | null;
  onChange: (media: MediaFile | null) => void;
  errorId?: string | undefined;
  t: Translate;
}

export default function MediaField({ id, label, media, onChange, errorId, t }: Props) {
  const upload = useUpload('media', t);
  const { progress, error } = upload;
  const hintId = `${id}-hint`;
  const localErrorId = `${id}-upload-error`;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const stored = await upload.start(file);
    if (!stored) return;
    onChange(stored);
    notifySuccess(t('upload.done'));
  };

  const describedBy = [hintId, error ? localErrorId : '', errorId ?? ''].filter(Boolean).join(' ');
  return (
    <div className="ui-field">
      <label className="ui-field-label" htmlFor={id}>
        {label} <span className="ui-field-optional">({t('field.optional')})</span>
      </label>
      {media ? (
        <div className="media-chosen">
          <MediaPreview media={media} t={t} />
          <button type="button" className="ui-button" onClick={() => onChange(null)}>
            {t('upload.removeMedia')}
          </button>
        </div>
      ) : null}
      <input
        id={id}
        type="file"
        accept=".pdf,.ppt,.pptx,.doc,.docx,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        aria-describedby={describedBy}
        disabled={progress !== null}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p id={hintId} className="ui-field-hint">
        {t('upload.mediaHint')}
      </p>
      {progress !== null ? <ProgressBar fraction={progress} onCancel={upload.cancel} t={t} /> : null}
      {error ? (
        <p id={localErrorId} className="ui-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
