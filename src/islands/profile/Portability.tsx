// Data portability: download a printable CV (PDF, decision 203), export the profile as JSON Resume, or
// import one after a preview of exactly what it adds and what it leaves out (decision 032).
import { useRef, useState } from 'react';
import type * as JsonResumeModule from '../../../contract/json-resume.ts';
import type * as JsonResumeImportModule from '../../../contract/json-resume-import.ts';
import type { ImportPlan, SkippedEntry } from '../../../contract/json-resume-import.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { ProfilePage, SectionName } from '../../../contract/profile-sections.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { downloadCv, downloadResume } from '../../lib/stores/profile-files.ts';
import { importIntoProfile } from '../../lib/stores/profile.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { notifyError, notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';
import Modal from './Modal.tsx';

const sections: SectionName[] = ['employments', 'educations', 'certifications', 'projects', 'skills', 'languages'];

function entryLabel(section: SectionName, entry: Record<string, unknown>, languageName: (code: string) => string): string {
  switch (section) {
    case 'employments':
      return `${String(entry['position'])}, ${String(entry['company_name'])}`;
    case 'educations':
      return String(entry['school']);
    case 'certifications':
      return String(entry['name']);
    case 'projects':
      return String(entry['title']);
    case 'skills':
      return String(entry['name']);
    case 'languages':
      return languageName(String(entry['code']));
  }
}

/** The message key of the label of the field a skipped entry failed on, as its form names it. */
export function fieldLabelKey(section: string, field: string): MessageKey {
  if (field === 'name' && section === 'skills') return 'field.skill';
  if (field === 'name' && section === 'certifications') return 'field.certificationName';
  if (field === 'title' && section === 'projects') return 'field.projectTitle';
  return `field.${field}` as MessageKey;
}

const fieldLabel = (section: string, field: string | undefined, t: Translate) => (field ? t(fieldLabelKey(section, field)) : '');

/** Why an entry is left out, in words; a field that is too long or invalid is named with its limit. */
export function skippedReason(entry: SkippedEntry, t: Translate): string {
  if (entry.reason === 'tooLong' || entry.reason === 'invalid') {
    return t(`portability.reason.${entry.reason}`, { field: fieldLabel(entry.section, entry.field, t), maximum: entry.maximum ?? 0 });
  }
  if (entry.reason === 'sectionFull') return t('portability.reason.sectionFull', { maximum: entry.maximum ?? 0 });
  return t(`portability.reason.${entry.reason}`);
}

interface Props {
  page: ProfilePage;
  locale: Locale;
  t: Translate;
  languageName: (code: string) => string;
}

export default function Portability({ page, locale, t, languageName }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [cvBusy, setCvBusy] = useState(false);

  // The CV is drawn on the server (decision 203); the few lines that fetch and save it load on the
  // first click, so the profile page (the signed-in home) carries none of it.
  const saveCv = async () => {
    setCvBusy(true);
    try {
      await downloadCv(page);
    } catch (failure) {
      notifyError(failureText(failure, locale, t('error.downloadFailed')));
    } finally {
      setCvBusy(false);
    }
  };

  const read = async (file: File | undefined) => {
    if (!file) return;
    // The reading and planning code (JSON Resume's schema, both languages' names) loads only when
    // someone imports, not with every profile page.
    let resume: [typeof JsonResumeModule, typeof JsonResumeImportModule];
    try {
      resume = await Promise.all([import('../../../contract/json-resume.ts'), import('../../../contract/json-resume-import.ts')]);
    } catch {
      notifyError(t('error.generic'));
      return;
    }
    const [{ JsonResume }, { planImport }] = resume;
    try {
      const parsed = JsonResume.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) throw new Error('not a resume');
      setPlan(planImport(parsed.data, page));
    } catch {
      notifyError(t('portability.invalidFile'));
    }
  };

  const confirm = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      await importIntoProfile({ header: plan.header, ...Object.fromEntries(sections.map((s) => [s, plan[s]])) });
      notifySuccess(t('portability.imported'));
      setPlan(null);
    } catch (failure) {
      // The code's text, never a violation title written for a form field (this form has none).
      reportRequestError(failure);
    } finally {
      setBusy(false);
    }
  };

  const headerFields = plan ? Object.entries(plan.header) : [];
  const additions = plan
    ? sections.flatMap((s) =>
        plan[s].map((entry) => ({ section: s, label: entryLabel(s, entry as Record<string, unknown>, languageName) })),
      )
    : [];
  const nothingNew = plan !== null && headerFields.length === 0 && additions.length === 0;

  return (
    <section className="ui-card profile-section" aria-labelledby="section-portability">
      <h2 id="section-portability">{t('portability.title')}</h2>
      <p className="muted">{t('portability.intro')}</p>
      <div className="portability-actions">
        <button
          type="button"
          className="ui-button"
          data-variant="primary"
          disabled={cvBusy}
          aria-busy={cvBusy}
          onClick={() => void saveCv()}
        >
          {t('portability.cv')}
        </button>
        <button
          type="button"
          className="ui-button"
          onClick={() =>
            void downloadResume().catch((failure: unknown) => notifyError(failureText(failure, locale, t('error.downloadFailed'))))
          }
        >
          {t('portability.export')}
        </button>
        <button type="button" className="ui-button" onClick={() => fileInput.current?.click()}>
          {t('portability.import')}
        </button>
        <input
          ref={fileInput}
          hidden
          data-testid="resume-file"
          aria-label={t('portability.import')}
          type="file"
          accept="application/json,.json"
          onChange={(event) => {
            void read(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {plan ? (
        <Modal title={t('portability.previewTitle')} closeLabel={t('profile.close')} onRequestClose={() => setPlan(null)} size="wide">
          {nothingNew ? <p>{t('portability.nothing')}</p> : null}
          <ImportPreview plan={plan} headerFields={headerFields} additions={additions} t={t} />
          <div className="ui-dialog-actions">
            <button type="button" className="ui-button" onClick={() => setPlan(null)}>
              {t('profile.cancel')}
            </button>
            <button
              type="button"
              className="ui-button"
              data-variant="primary"
              disabled={busy || nothingNew}
              aria-busy={busy}
              onClick={() => void confirm()}
            >
              {t('portability.confirm')}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

/** What an import would do: the header fields it fills, the entries it adds, and what it skips and why. */
function ImportPreview({
  plan,
  headerFields,
  additions,
  t,
}: {
  plan: ImportPlan;
  headerFields: [string, string][];
  additions: { section: (typeof sections)[number]; label: string }[];
  t: Translate;
}) {
  return (
    <>
      {headerFields.length ? (
        <>
          <h3>{t('portability.willFill')}</h3>
          <ul className="import-list">
            {headerFields.map(([field, value]) => (
              <li key={field}>
                <strong>{t(`field.${field}` as MessageKey)}:</strong> {value}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {additions.length ? (
        <>
          <h3>{t('portability.willAdd')}</h3>
          <ul className="import-list">
            {additions.map((a, index) => (
              <li key={`${a.section}-${index}`}>
                <strong>{t(`profile.section.${a.section}`)}:</strong> {a.label}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {plan.skipped.length ? (
        <>
          <h3>{t('portability.skipped')}</h3>
          <ul className="import-list muted">
            {plan.skipped.map((s, index) => (
              <li key={`${s.section}-${index}`}>
                {s.name || s.section} — {skippedReason(s, t)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
