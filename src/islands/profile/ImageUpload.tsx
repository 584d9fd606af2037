// Changes the profile photo (PNG or JPEG, previewed cropped to 160x160) or the cover (any image or
// GIF, 25 MB), with upload progress and cancel.
import { useEffect, useId, useMemo, useState } from 'react';
import { acceptedTypesOf } from '../../../contract/upload-kinds.ts';
import { refreshOwnPage } from '../../lib/stores/profile.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';
import Button from '../../components/Button.tsx';
import Modal from './Modal.tsx';
import ProgressBar from '../../components/profile/ProgressBar.tsx';
import { useUpload } from '../../components/profile/use-upload.ts';

interface Props {
  kind: 'photo' | 'cover';
  t: Translate;
  onClose: () => void;
}

export default function ImageUpload({ kind, t, onClose }: Props) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUpload(kind, t);
  const { progress, error } = upload;

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const send = async () => {
    if (!file || !(await upload.start(file))) return;
    await refreshOwnPage();
    notifySuccess(t('upload.done'));
    onClose();
  };

  const close = () => {
    upload.cancel();
    onClose();
  };

  return (
    <Modal
      title={t(kind === 'photo' ? 'upload.photoTitle' : 'upload.coverTitle')}
      closeLabel={t('profile.close')}
      onRequestClose={close}
      error={error}
      footer={
        <>
          <Button onClick={close}>{t('profile.cancel')}</Button>
          <Button variant="primary" disabled={!file} loading={progress !== null} onClick={() => void send()}>
            {t('upload.usePhoto')}
          </Button>
        </>
      }
    >
      <div className="ui-field">
        <label className="ui-field-label" htmlFor={inputId}>
          {t('upload.chooseFile')}
        </label>
        <p id={`${inputId}-hint`} className="ui-field-hint">
          {t(kind === 'photo' ? 'upload.photoHint' : 'upload.coverHint')}
        </p>
        <input
          id={inputId}
          className="upload-file"
          type="file"
          accept={acceptedTypesOf(kind)}
          aria-describedby={`${inputId}-hint`}
          disabled={progress !== null}
          onChange={(event) => {
            upload.clearError();
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </div>
      {preview ? (
        <figure className={kind === 'photo' ? 'photo-preview' : 'cover-preview'}>
          <img src={preview} alt="" width={kind === 'photo' ? 160 : 480} height={160} />
          {kind === 'photo' ? <figcaption>{t('upload.preview')}</figcaption> : null}
        </figure>
      ) : null}
      {progress !== null ? <ProgressBar fraction={progress} onCancel={upload.cancel} t={t} /> : null}
    </Modal>
  );
}
