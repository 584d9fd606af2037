// Verified employments in the workspace (decision 120): owners and admins hire a member
// (person, position, team, start date, reviewer) and see everyone; a reviewer sees the people they
// review. Each row opens the employment to manage: the job, review rounds, the end of the collaboration.
// The hire form opens on request, its code loaded then (FormOnDemand.tsx, decision 307).
import type { CompanyEmployment, ConfirmationRequestView } from '../../../contract/careers-company.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import { highestScore } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import { formatScore } from '../../../contract/numbers.ts';
import Avatar from '../../components/Avatar.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { openEmployment } from '../../lib/stores/workspace-careers.ts';
import ConfirmationsCard from './ConfirmationsCard.tsx';
import FormOnDemand, { formModule } from './FormOnDemand.tsx';
import type { HireFormProps } from './HireForm.tsx';
import type { Translate } from '../../i18n/translator.ts';

/** Members who have no current verified employment here: the ones the workspace may hire. */
export function hireableMembers(members: readonly Member[], employments: readonly CompanyEmployment[]): Member[] {
  const employed = new Set(employments.filter((e) => e.is_current && e.person.member_id !== null).map((e) => e.person.member_id));
  return members.filter((member) => !employed.has(member.id));
}

const hireForm = formModule<HireFormProps>(() => import('./HireForm.tsx'));

/** Hiring a member: what it does, and the form on request (or why no one can be hired). */
function HireCard({
  members,
  employments,
  teams,
  locale,
  t,
}: {
  members: readonly Member[];
  employments: readonly CompanyEmployment[];
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
}) {
  const candidates = hireableMembers(members, employments);
  return (
    <Card title={t('company.employees.hireTitle')}>
      <p className="company-muted">{t('company.employees.hireIntro')}</p>
      <FormOnDemand
        form={hireForm}
        label={t('company.employees.hireOpen')}
        instead={candidates.length === 0 ? <p className="company-muted">{t('company.employees.noOneToHire')}</p> : undefined}
        render={(Form, close) => <Form candidates={candidates} members={members} teams={teams} locale={locale} t={t} onClose={close} />}
      />
    </Card>
  );
}

/** Where an employment stands, in words: current, leaving on a day, or ended. */
export function EmploymentStatus({ employment, locale, t }: { employment: CompanyEmployment; locale: Locale; t: Translate }) {
  if (employment.leaves_on && employment.is_current)
    return <Badge variant="attention">{t('company.employees.leaving', { date: formatDate(employment.leaves_on, locale) })}</Badge>;
  return employment.is_current ? (
    <Badge variant="success">{t('company.employees.current')}</Badge>
  ) : (
    <Badge>{t('company.employees.ended')}</Badge>
  );
}

interface Props {
  employments: readonly CompanyEmployment[];
  /** Open confirmation requests; null when the member may not decide them. */
  confirmations: readonly ConfirmationRequestView[] | null;
  members: readonly Member[];
  teams: readonly Team[];
  canHire: boolean;
  locale: Locale;
  t: Translate;
}

export default function EmployeesPanel({ employments, confirmations, members, teams, canHire, locale, t }: Props) {
  return (
    <div className="company-stack">
      {confirmations ? <ConfirmationsCard requests={confirmations} locale={locale} t={t} /> : null}
      <Card title={t('company.employees.listTitle')} titleId="company-employees">
        {employments.length === 0 ? (
          <EmptyState
            title={t('company.employees.empty')}
            text={canHire ? t('company.employees.emptyText') : t('company.employees.emptyReviewer')}
          />
        ) : (
          <ul className="company-list">
            {employments.map((employment) => (
              <li key={employment.id} className="company-row" data-employment={employment.person.name}>
                <Avatar name={employment.person.name} seed={employment.person.user_id} src={employment.person.photo_url} />
                <div className="company-row-main">
                  <p className="company-row-title">{employment.person.name}</p>
                  <p className="company-muted">
                    {[
                      employment.position,
                      employment.team?.name,
                      t('company.employees.since', { date: formatDate(employment.start_date, locale) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="company-muted">
                    {[
                      employment.reviewer
                        ? t('company.employees.reviewerIs', { name: employment.reviewer.name })
                        : t('company.employees.noReviewer'),
                      employment.in_company_score === null
                        ? t('company.employees.noScore')
                        : t('company.employees.score', { score: formatScore(employment.in_company_score, locale), max: highestScore }),
                    ].join(' · ')}
                  </p>
                </div>
                <div className="company-row-actions">
                  <EmploymentStatus employment={employment} locale={locale} t={t} />
                  {employment.may_review || employment.may_manage ? (
                    <Button
                      size="small"
                      onClick={() => openEmployment(employment.id).catch(reportRequestError)}
                      aria-label={t('company.employees.open', { name: employment.person.name })}
                    >
                      {t('company.employees.manage')}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {canHire ? <HireCard members={members} employments={employments} teams={teams} locale={locale} t={t} /> : null}
    </div>
  );
}
