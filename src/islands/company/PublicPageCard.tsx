// The company's public brand page card (decision 211), under the brand page in the
// workspace: whether the page is on, and once it is, its address on the personal host and the way to
// open it. Every member sees that; owners and admins (the roles that may edit the brand) open the
// settings form, whose code (form library, address rules) loads then, or as soon as its button is
// pointed at or focused: the brand tab's first load stays within the workspace's 180 KB.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { CompanyPublicPageSettings } from '../../../contract/companies.ts';
import { personalOriginOf } from '../../../contract/company-hosts.ts';
import { companyPublicPagePath } from '../../../contract/company-routes.ts';
import type { Locale } from '../../../contract/locale.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Button, { ButtonLink } from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { $companyPublicPage, refreshCompanyPublicPage } from '../../lib/stores/company-public-page.ts';
import type { PublicPageFormProps } from './PublicPageForm.tsx';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  canEdit: boolean;
  locale: Locale;
  t: Translate;
}

// Not through lazy() and Suspense (decision 175): the form's code is plain state once it arrives.
let loadedForm: ComponentType<PublicPageFormProps> | undefined;
let loadingForm: Promise<ComponentType<PublicPageFormProps>> | undefined;
const loadForm = () => (loadingForm ??= import('./PublicPageForm.tsx').then((m) => (loadedForm = m.default)));
const preloadForm = () => void loadForm().catch(() => undefined);

/** Whether the page is on, and once it is, its address and the way to open it. */
function PageStatus({
  settings,
  origin,
  locale,
  t,
}: {
  settings: CompanyPublicPageSettings;
  origin: string;
  locale: Locale;
  t: Translate;
}) {
  if (!settings.address || !settings.is_public) {
    return (
      <div className="company-public-status">
        <p className="company-public-state">{t('company.publicPage.statusOff')}</p>
      </div>
    );
  }
  const url = `${origin}${companyPublicPagePath(settings.address, locale)}`;
  return (
    <div className="company-public-status">
      <p className="company-public-state" data-on="">
        <span aria-hidden="true">● </span>
        {t('company.publicPage.statusOn')}
      </p>
      <p className="company-public-link">
        <span className="company-muted">{t('company.publicPage.link')}: </span>
        <a href={url} data-testid="company-public-page-link">
          {url}
        </a>
      </p>
      <ButtonLink href={url} target="_blank" rel="noopener" variant="secondary" aria-label={t('company.publicPage.openLabel')}>
        {t('company.publicPage.open')}
      </ButtonLink>
    </div>
  );
}

export default function PublicPageCard({ canEdit, locale, t }: Props) {
  const settings = useStore($companyPublicPage).data;
  const [failed, setFailed] = useState(false);
  // 'closed' shows the button; 'opening' waits for the form's code; 'open' shows the form.
  const [form, setForm] = useState<'closed' | 'opening' | 'open'>('closed');
  const [Form, setFormCode] = useState(() => loadedForm);
  const changeButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The page lives on the personal host; this card is on the company host (decision 090).
  const origin = personalOriginOf(globalThis.location.origin);

  useEffect(() => {
    refreshCompanyPublicPage().catch(() => setFailed(true));
  }, []);
  // Closed after saving or cancelling: the focus goes back to the button that opened the form.
  useEffect(() => {
    if (form === 'open') wasOpen.current = true;
    if (form === 'closed' && wasOpen.current) {
      wasOpen.current = false;
      changeButton.current?.focus();
    }
  }, [form]);

  const open = () => {
    setForm('opening');
    // A chunk that fails to load rejects unhandled: the page's chunk-failure guard reloads.
    void loadForm().then((code) => {
      setFormCode(() => code);
      setForm('open');
    });
  };
  const retry = () => {
    setFailed(false);
    refreshCompanyPublicPage().catch(() => setFailed(true));
  };

  let body;
  if (settings) {
    body = (
      <>
        <PageStatus settings={settings} origin={origin} locale={locale} t={t} />
        {!canEdit ? (
          <p className="company-muted">{t('company.publicPage.readOnly')}</p>
        ) : form === 'open' && Form ? (
          <Form settings={settings} origin={origin} locale={locale} t={t} onClose={() => setForm('closed')} />
        ) : (
          <div className="company-actions">
            <Button ref={changeButton} loading={form === 'opening'} onClick={open} onPointerEnter={preloadForm} onFocus={preloadForm}>
              {t(settings.address ? 'company.publicPage.change' : 'company.publicPage.setUp')}
            </Button>
          </div>
        )}
      </>
    );
  } else if (failed) {
    body = <LoadFailedAlert message={t('company.publicPage.loadFailed')} retryLabel={t('company.publicPage.retry')} onRetry={retry} />;
  } else {
    body = (
      <div aria-busy="true">
        <Skeleton className="company-skeleton-body" />
      </div>
    );
  }
  return (
    <Card title={t('company.publicPage.title')} titleId="company-public-page">
      <div className="company-public">
        <p className="company-muted">{t('company.publicPage.intro')}</p>
        {body}
      </div>
    </Card>
  );
}
