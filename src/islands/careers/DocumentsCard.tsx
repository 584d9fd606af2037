// Supporting documents of a job (SPEC §5): PDF, PowerPoint, Word, JPG/JPEG or PNG up to
// 100 MB, checked by content on the server. Upload shows its progress and can be cancelled. Files
// named .pdf, .doc or .docx show as documents; an image shows itself; anything else by its name.
// Files are the owner's alone, fetched with the bearer token; a failed fetch says 'Failed to download file'.
import { useEffect, useRef, useState } from 'react';
import type { CareerDocument } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import { uploadKinds } from '../../../contract/upload-kinds.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import Icon from '../../components/Icon.tsx';
import IconButton from '../../components/IconButton.tsx';
import ProgressBar from '../../components/ProgressBar.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { ApiError, UploadCancelledError } from '../../lib/base/api-error.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { formatFileSize } from '../../lib/base/file-size.ts';
import { deleteDocument, documentContent, downloadDocument, uploadDocument, type UploadHandle } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';

const maxBytes = uploadKinds.media.maxBytes;
const accept = ['.pdf', '.ppt', '.pptx', '.doc', '.docx', '.jpg', '.jpeg', '.png', ...uploadKinds.media.types].join(',');

/** An image document, fetched with the owner's token and shown as itself. */
function ImagePreview({ document, t }: { document: CareerDocument; t: Translate }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    documentContent(document)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document]);
  if (failed) return <p className="employment-doc-failed">{t('error.downloadFailed')}</p>;
  return url ? (
    <img className="employment-doc-image" src={url} alt={document.name} width={160} height={120} />
  ) : (
    <span className="employment-doc-image" aria-hidden="true" />
  );
}

interface Props {
  jobId: number;
  documents: readonly CareerDocument[];
  locale: Locale;
  t: Translate;
}

export default function DocumentsCard({ jobId, documents, locale, t }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle<unknown> | null>(null);
  const [uploading, setUploading] = useState<{ name: string; fraction: number } | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);
  const [deleting, setDeleting] = useState<CareerDocument | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    // The server refuses it too; this spares sending 100 MB first.
    if (file.size > maxBytes) {
      setMessage({ kind: 'error', text: t('details.documents.tooLarge') });
      return;
    }
    setUploading({ name: file.name, fraction: 0 });
    handle.current = uploadDocument(jobId, file, (fraction) => setUploading({ name: file.name, fraction }));
    try {
      await handle.current.done;
      notifySuccess(t('details.documents.uploaded'));
    } catch (failure) {
      if (failure instanceof UploadCancelledError) setMessage({ kind: 'status', text: t('details.documents.cancelled') });
      else setMessage({ kind: 'error', text: failure instanceof ApiError ? failure.message : t('error.generic') });
    } finally {
      handle.current = null;
      setUploading(null);
    }
  };

  const percent = uploading ? Math.round(uploading.fraction * 100) : 0;
  return (
    <Card
      title={t('details.documents.title')}
      titleId="employment-documents"
      className="employment-documents"
      actions={
        <Button size="small" leading={<Icon name="upload" />} onClick={() => input.current?.click()} disabled={uploading !== null}>
          {t('details.documents.upload')}
        </Button>
      }
    >
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid="document-input"
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p className="employment-muted employment-hint">{t('details.documents.hint')}</p>
      {uploading ? (
        <div className="employment-upload">
          <ProgressBar label={t('details.documents.uploading', { name: uploading.name })} value={percent} valueText={`${percent}%`} />
          <Button size="small" onClick={() => handle.current?.cancel()}>
            {t('details.documents.cancel')}
          </Button>
        </div>
      ) : null}
      <div role="status" className="employment-upload-status">
        {message?.kind === 'status' ? <p>{message.text}</p> : null}
      </div>
      {message?.kind === 'error' ? <Alert>{message.text}</Alert> : null}
      {documents.length === 0 ? (
        <p className="employment-muted">{t('details.documents.empty')}</p>
      ) : (
        <ul className="employment-docs">
          {documents.map((doc) => {
            const isImage = !doc.is_document && doc.mime_type.startsWith('image/');
            return (
              <li
                key={doc.id}
                className="employment-doc"
                data-document={doc.name}
                data-kind={doc.is_document ? 'document' : isImage ? 'image' : 'file'}
              >
                {isImage ? <ImagePreview document={doc} t={t} /> : <Icon name="file" />}
                <div className="employment-doc-body">
                  <button
                    type="button"
                    className="employment-doc-name"
                    onClick={() => void downloadDocument(doc).catch(reportRequestError)}
                    aria-label={t('details.documents.download', { name: doc.name })}
                  >
                    {doc.name}
                  </button>
                  <p className="employment-muted">
                    {t('details.documents.meta', { size: formatFileSize(doc.size, locale), date: formatDate(doc.uploaded_at, locale) })}
                  </p>
                </div>
                <IconButton
                  icon="trash"
                  variant="danger"
                  label={t('details.documents.delete', { name: doc.name })}
                  onClick={() => setDeleting(doc)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('details.documents.deleteTitle')}
          message={<p>{t('details.documents.deleteText', { name: deleting.name })}</p>}
          confirmLabel={t('details.delete')}
          cancelLabel={t('careers.cancel')}
          closeLabel={t('careers.close')}
          describeError={(error) => dialogErrorText(error, locale) ?? t('error.generic')}
          onConfirm={async () => {
            await deleteDocument(jobId, deleting.id);
            notifySuccess(t('details.documents.deleted'));
          }}
          onClose={() => setDeleting(null)}
          fallbackFocus={() => document.getElementById('employment-documents')}
        />
      ) : null}
    </Card>
  );
}
