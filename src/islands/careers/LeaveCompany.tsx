// 'Leave company' (SPEC §4): a confirmation that says what happens — it takes effect the next day,
// access to the company workspace ends then, the company is told, coming back needs a new invitation
// — then the server stores the day and the page shows it.
import { useState } from 'react';
import type { EmploymentDetails } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import Button from '../../components/Button.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { leaveCompany } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';

export default function LeaveCompany({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  const [asking, setAsking] = useState(false);
  const company = job.company.name;
  return (
    <>
      <Button variant="danger" leading={<Icon name="logout" />} onClick={() => setAsking(true)}>
        {t('employment.leaveCompany')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t('details.leave.title', { company })}
          message={
            <>
              <p>{t('details.leave.what')}</p>
              <ul className="employment-leave-list">
                <li>{t('details.leave.nextDay', { company })}</li>
                <li>{t('details.leave.notified', { company })}</li>
                <li>{t('details.leave.comeBack')}</li>
                <li>{t('details.leave.kept')}</li>
              </ul>
            </>
          }
          confirmLabel={t('employment.leaveCompany')}
          cancelLabel={t('careers.cancel')}
          closeLabel={t('careers.close')}
          describeError={(error) => dialogErrorText(error, locale) ?? t('error.generic')}
          onConfirm={async () => {
            const leavesOn = await leaveCompany(job.id);
            notifySuccess(t('details.leave.done', { company, date: formatDate(leavesOn, locale) }));
          }}
          onClose={() => setAsking(false)}
          fallbackFocus={() => document.querySelector<HTMLElement>('.employment-header h1')}
        />
      ) : null}
    </>
  );
}
