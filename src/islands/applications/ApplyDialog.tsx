// Applying in one step (decision 262): the dialog names the job, shows exactly what the
// company will see of the profile (every job with its level of trust and public review rounds, each
// shared section with its count, and what is never shared), takes an optional cover note and one
// optional document (uploaded at once through the upload path, with progress and cancel) and sends.
import { useEffect, useId, useRef, useState } from 'react';
import { applicationLimits, sharedSections, type ApplyPreview, type MyApplication } from '../../../contract/applications.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { MediaFile } from '../../../contract/profile-sections.ts';
import { uploadKinds } from '../../../contract/upload-kinds.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import Dialog from '../../components/Dialog.tsx';
import Field from '../../components/Field.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import IconButton from '../../components/IconButton.tsx';
import ProgressBar from '../../components/ProgressBar.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import { VerifiedBadge } from '../../components/careers/CareerJobItem.tsx';
import { characterCounter } from '../../components/profile/form-kit.tsx';
import type { Translate } from '../../i18n/translator.ts';
import {
  apply,
  loadApplyPreview,
  uploadApplicationDocument,
  UploadCancelledError,
  type UploadHandle,
} from '../../lib/stores/applications.ts';
import { formatFileSize } from '../../lib/base/file-size.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';

const accept = ['.pdf', '.ppt', '.pptx', '.doc', '.docx', '.jpg', '.jpeg', '.png', ...uploadKinds.media.types].join(',');

interface Props {
  openingId: number;
  locale: Locale;
  t: Translate;
  onClose: () => void;
  onApplied: (application: MyApplication) => void;
}

/** What the company will see: the header, the jobs with their trust, the sections with counts. */
function SharedProfile({ preview, t }: { preview: ApplyPreview; t: Translate }) {
  const { profile } = preview;
  return (
    <section className="apply-block" aria-labelledby="apply-shared">
      <h3 id="apply-shared">{t('apply.sharedTitle', { company: preview.opening.company.name })}</h3>
      <p className="apply-muted">{t('apply.sharedIntro')}</p>
      <p>
        {t('apply.sharedHeader')}: <strong>{`${profile.first_name} ${profile.last_name}`.trim()}</strong>
        {profile.headline ? ` · ${profile.headline}` : ''}
      </p>
      <p>{t('apply.jobs', { count: profile.jobs.length })}</p>
      {profile.jobs.length ? (
        <ul className="apply-jobs">
          {profile.jobs.map((job) => (
            <li key={`${job.verified ? 'v' : 's'}${job.id}`}>
              <span>{[job.position, job.company.name].filter(Boolean).join(' · ')}</span>
              {job.verified ? <VerifiedBadge job={job} t={t} /> : <span className="apply-muted">{t('careers.selfDeclared')}</span>}
              {job.reviews.length ? <span className="apply-muted">{t('apply.reviews', { count: job.reviews.length })}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="apply-muted">{t('apply.noJobs')}</p>
      )}
      <dl className="apply-sections">
        {sharedSections.map((section) => {
          const count = profile.sections.find((s) => s.section === section)?.count ?? 0;
          return (
            <div key={section}>
              <dt>{t(`apply.section.${section}`)}</dt>
              <dd>{count ? count : <span className="apply-muted">{t('apply.none')}</span>}</dd>
            </div>
          );
        })}
      </dl>
      <p className="apply-muted">{t('apply.notShared')}</p>
    </section>
  );
}

/** The document: choose, upload with progress (cancellable), remove. */
function DocumentField({
  document,
  setDocument,
  locale,
  t,
}: {
  document: MediaFile | null;
  setDocument: (file: MediaFile | null) => void;
  locale: Locale;
  t: Translate;
}) {
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle<MediaFile> | null>(null);
  const [uploading, setUploading] = useState<{ name: string; fraction: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const hintId = useId();
  useEffect(() => () => handle.current?.cancel(), []);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    if (file.size > uploadKinds.media.maxBytes) {
      setMessage(t('apply.tooLarge'));
      return;
    }
    setUploading({ name: file.name, fraction: 0 });
    handle.current = uploadApplicationDocument(file, (fraction) => setUploading({ name: file.name, fraction }));
    try {
      setDocument(await handle.current.done);
    } catch (failure) {
      setMessage(failure instanceof UploadCancelledError ? t('apply.uploadCancelled') : failureText(failure, locale));
    } finally {
      handle.current = null;
      setUploading(null);
    }
  };
  const percent = uploading ? Math.round(uploading.fraction * 100) : 0;
  return (
    <section className="apply-block" aria-labelledby="apply-document">
      <h3 id="apply-document">
        {t('apply.documentTitle')} <span className="apply-optional">{t('apply.optional')}</span>
      </h3>
      <p className="apply-muted" id={hintId}>
        {t('apply.documentHint')}
      </p>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid="apply-document-input"
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {uploading ? (
        <div className="apply-document">
          <ProgressBar label={t('apply.uploading', { name: uploading.name })} value={percent} valueText={`${percent}%`} />
          <Button size="small" onClick={() => handle.current?.cancel()}>
            {t('apply.cancelUpload')}
          </Button>
        </div>
      ) : document ? (
        <p className="apply-document" data-document={document.name}>
          <span>
            {document.name} <span className="apply-muted">· {formatFileSize(document.size, locale)}</span>
          </span>
          <IconButton
            icon="close"
            size="small"
            label={t('apply.removeDocument', { name: document.name })}
            onClick={() => setDocument(null)}
          />
        </p>
      ) : (
        <div>
          <Button size="small" aria-describedby={hintId} onClick={() => input.current?.click()}>
            {t('apply.chooseDocument')}
          </Button>
        </div>
      )}
      <div role="status">{message ? <p>{message}</p> : null}</div>
    </section>
  );
}

export default function ApplyDialog({ openingId, locale, t, onClose, onApplied }: Props) {
  const [preview, setPreview] = useState<ApplyPreview | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [note, setNote] = useState('');
  const [document, setDocument] = useState<MediaFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();

  useEffect(() => {
    loadApplyPreview(openingId).then(setPreview, () => setLoadFailed(true));
  }, [openingId]);

  const close = {
    closeLabel: t('applications.close'),
    onClose,
    fallbackFocus: () => globalThis.document.getElementById('applications-title'),
  };
  if (!preview) {
    return (
      <Dialog title={t('apply.loading')} size="large" {...close}>
        {loadFailed ? <Alert>{t('apply.loadFailed')}</Alert> : <Skeleton className="apply-skeleton" />}
      </Dialog>
    );
  }
  const { opening } = preview;
  const title = t('apply.title', { title: opening.title });
  const summary = (
    <p className="apply-muted">
      {[opening.company.name, opening.location, opening.remote ? t('apply.remote') : null].filter(Boolean).join(' · ')}
    </p>
  );
  if (preview.application_id || !opening.open) {
    return (
      <Dialog title={title} size="large" {...close}>
        {summary}
        <Alert variant="info">{preview.application_id ? t('apply.alreadyApplied') : t('apply.notOpen')}</Alert>
      </Dialog>
    );
  }

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onApplied(await apply({ opening_id: opening.id, cover_note: note, document_file_id: document?.id ?? null }));
    } catch (error) {
      setFailure(failureText(error, locale));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={title}
      size="large"
      {...close}
      cancelLabel={t('applications.cancel')}
      formId={formId}
      submitLabel={t('apply.send')}
      busy={busy}
      error={failure}
      unsaved={{ dirty: note.trim() !== '' || document !== null, texts: unsavedChangesTexts(locale) }}
    >
      <form
        id={formId}
        className="apply-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {summary}
        <SharedProfile preview={preview} t={t} />
        <Field
          label={t('apply.coverNote')}
          optional={t('apply.optional')}
          hint={t('apply.coverNoteHint')}
          counter={characterCounter(t, locale, note.length, applicationLimits.coverNote)}
        >
          {(control) => <TextArea {...control} value={note} onChange={(event) => setNote(event.target.value)} rows={5} data-autofocus />}
        </Field>
        <DocumentField document={document} setDocument={setDocument} locale={locale} t={t} />
      </form>
    </FormDialog>
  );
}
