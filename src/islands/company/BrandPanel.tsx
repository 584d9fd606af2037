// The brand page: what the company shows, and its editor for roles that may edit it (BrandEditor.tsx,
// loaded when it is opened); under it the company's public page (decision 211).
import { useState, type ComponentType } from 'react';
import type { CompanyBrand } from '../../../contract/companies.ts';
import { industries } from '../../../contract/industries.ts';
import type { Locale } from '../../../contract/locale.ts';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import type { BrandEditorProps } from './BrandEditor.tsx';
import PublicPageCard from './PublicPageCard.tsx';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  company: CompanyBrand;
  canEdit: boolean;
  locale: Locale;
  t: Translate;
}

export function industryName(company: Pick<CompanyBrand, 'industry' | 'industry_id'>, locale: Locale): string {
  const entry = company.industry_id !== null ? industries[company.industry_id as keyof typeof industries] : undefined;
  return entry ? entry[locale] : company.industry;
}

/** The brand page as others see it. */
export function BrandView({ company, locale, t }: Omit<Props, 'canEdit'>) {
  const empty = <span className="company-muted">{t('company.brand.empty')}</span>;
  return (
    <div className="company-brand">
      {company.cover_url ? <img className="company-cover" src={company.cover_url} alt="" /> : null}
      <div className="company-brand-head">
        <Avatar name={company.name} src={company.logo_url} size="large" square />
        <div>
          <p className="company-brand-name">{company.name}</p>
          <p className="company-muted">{industryName(company, locale)}</p>
        </div>
      </div>
      <dl className="company-facts">
        <dt>{t('company.field.about')}</dt>
        <dd className="company-prewrap">{company.about ?? empty}</dd>
        <dt>{t('company.field.website')}</dt>
        <dd>
          {company.website ? (
            <a href={company.website} rel="noopener noreferrer nofollow" target="_blank">
              {company.website}
            </a>
          ) : (
            empty
          )}
        </dd>
        <dt>{t('company.field.location')}</dt>
        <dd>{company.location ?? empty}</dd>
        <dt>{t('company.field.size')}</dt>
        <dd>{company.size ? t('company.field.sizeValue', { size: company.size }) : empty}</dd>
      </dl>
    </div>
  );
}

/** The brand page's cards; the workspace stacks them with the tab's others. */
export default function BrandPanel(props: Props) {
  return (
    <>
      <BrandCard {...props} />
      <PublicPageCard canEdit={props.canEdit} locale={props.locale} t={props.t} />
    </>
  );
}

// Not through lazy() and Suspense (decision 175): the editor's code is plain state once it arrives.
let loadedEditor: ComponentType<BrandEditorProps> | undefined;
let loadingEditor: Promise<ComponentType<BrandEditorProps>> | undefined;
const loadEditor = () =>
  (loadingEditor ??= import('./BrandEditor.tsx').then(
    (m) => (loadedEditor = m.default),
    (error: unknown) => {
      loadingEditor = undefined;
      throw error;
    },
  ));
const preloadEditor = () => void loadEditor().catch(() => undefined);

/** The brand page, and its editor for roles that may edit it (its code loads on Edit, or when Edit is pointed at or focused). */
function BrandCard({ company, canEdit, locale, t }: Props) {
  // 'closed' shows the brand page; 'opening' waits for the editor's code; 'open' shows the editor.
  const [editor, setEditor] = useState<'closed' | 'opening' | 'open'>('closed');
  const [Editor, setEditorCode] = useState(() => loadedEditor);
  const edit = () => {
    setEditor('opening');
    // A chunk that fails to load rejects unhandled: the page's chunk-failure guard reloads.
    void loadEditor().then((code) => {
      setEditorCode(() => code);
      setEditor('open');
    });
  };
  if (editor === 'open' && Editor) return <Editor company={company} locale={locale} t={t} onClose={() => setEditor('closed')} />;
  return (
    <Card
      title={t('company.tab.brand')}
      actions={
        canEdit ? (
          <Button loading={editor === 'opening'} onClick={edit} onPointerEnter={preloadEditor} onFocus={preloadEditor}>
            {t('company.brand.edit')}
          </Button>
        ) : undefined
      }
    >
      <BrandView company={company} locale={locale} t={t} />
    </Card>
  );
}
