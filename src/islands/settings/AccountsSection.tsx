// Account management (SPEC §1, §2): the personal account and every company the
// person belongs to, with their role; switching goes through the company hand-over (decision 090),
// and leaving asks first. The owner cannot leave ('owner_cannot_leave'): their row offers no Leave and
// the note says why; a person who owns no company never reads it.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AccountCompany } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import Badge from '../../components/Badge.tsx';
import Button, { ButtonLink } from '../../components/Button.tsx';
import SectionLoad from './SectionLoad.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { buildSitePath } from '../../lib/base/site-path.ts';
import { $accountCompanies, leaveCompany, loadAccountCompanies } from '../../lib/stores/settings.ts';
import { $personalAccount } from '../../lib/stores/accounts.ts';
import { loadCompanyAccounts, switchToCompany } from '../../lib/stores/companies.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { formatDate } from '../../lib/base/dates.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

export default function AccountsSection({ locale, t }: Props) {
  const personal = useStore($personalAccount);
  const state = useStore($accountCompanies);
  const [leaving, setLeaving] = useState<AccountCompany | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  // A list that did not load offers to try again; no toast.
  const load = () => void loadAccountCompanies().catch(() => undefined);
  useEffect(load, []);

  return (
    <div className="settings-section">
      <Card title={t('settings.accountManagement')}>
        <p className="settings-text">{t('settings.accounts.intro')}</p>
        <ul className="settings-list" aria-label={t('settings.accounts.listLabel')}>
          <li className="settings-item">
            <div className="settings-item-text">
              <span className="settings-item-name">
                {personal?.name || t('shell.personalAccount')} <Badge variant="success">{t('settings.accounts.current')}</Badge>
              </span>
              <span className="settings-item-meta">{t('shell.personalAccount')}</span>
            </div>
            <ButtonLink size="small" href={buildSitePath({ locale, page: '/' })}>
              {t('settings.accounts.openProfile')}
            </ButtonLink>
          </li>
          {state.data
            ? state.data.map((company) => (
                <li key={company.id} className="settings-item">
                  <div className="settings-item-text">
                    <span className="settings-item-name">{company.name}</span>
                    <span className="settings-item-meta">
                      {t('settings.accounts.companyRole', { role: t(`company.role.${company.role}` as const) })}
                    </span>
                    {company.leaves_on ? (
                      // Left from the job's page: the membership lasts until the day it takes effect, and
                      // leaving again is no choice to offer.
                      <span className="settings-item-meta">
                        {t('settings.accounts.leavingOn', { date: formatDate(company.leaves_on, locale) })}
                      </span>
                    ) : null}
                  </div>
                  <div className="settings-actions">
                    <Button
                      size="small"
                      loading={switching === company.id}
                      aria-label={t('settings.accounts.switchTo', { company: company.name })}
                      onClick={() => {
                        setSwitching(company.id);
                        // A company that asks for two-step sign-in says so here.
                        void switchToCompany(company.id, prefix).catch((failure: unknown) => {
                          setSwitching(null);
                          reportRequestError(failure);
                        });
                      }}
                    >
                      {t('settings.accounts.switch')}
                    </Button>
                    {company.role === 'owner' || company.leaves_on ? null : (
                      <Button
                        size="small"
                        variant="danger"
                        aria-label={t('settings.accounts.leaveCompany', { company: company.name })}
                        onClick={() => setLeaving(company)}
                      >
                        {t('settings.accounts.leave')}
                      </Button>
                    )}
                  </div>
                </li>
              ))
            : null}
        </ul>
        <SectionLoad state={state} failed={{ message: t('settings.accounts.loadFailed'), retryLabel: t('settings.retry'), onRetry: load }}>
          {(companies) =>
            companies.length === 0 ? (
              <p className="settings-text" role="status">
                {t('settings.accounts.noCompanies')}
              </p>
            ) : companies.some((company) => company.role === 'owner') ? (
              <p className="settings-text">{t('settings.accounts.ownerNote')}</p>
            ) : null
          }
        </SectionLoad>
      </Card>
      {leaving ? (
        <ConfirmDialog
          title={t('settings.accounts.leaveTitle', { company: leaving.name })}
          message={<p>{t('settings.accounts.leaveText', { company: leaving.name })}</p>}
          confirmLabel={t('settings.accounts.leaveConfirm')}
          cancelLabel={t('kit.cancel')}
          closeLabel={t('kit.close')}
          onConfirm={async () => {
            await leaveCompany(leaving.id);
            notifySuccess(t('settings.accounts.left', { company: leaving.name }));
            // The profile menu's company entries follow.
            void loadCompanyAccounts(prefix).catch(() => undefined);
          }}
          onClose={() => setLeaving(null)}
        />
      ) : null}
    </div>
  );
}
