// Invitations: invite by email with an optional position and team; the list with each
// invitation's state, re-send and revoke.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { fieldLimits } from '../../../contract/field-limits.ts';
import { CreateInvitationRequest, type CompanyInvitation, type CreateInvitationInput, type Team } from '../../../contract/companies.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, TextInput } from '../../components/TextInput.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { invite, resendInvitation, revokeInvitation } from '../../lib/stores/workspace.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { optionalId } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';

const statusBadge = { pending: 'attention', accepted: 'success', declined: 'danger', revoked: 'neutral', expired: 'neutral' } as const;

interface Props {
  invitations: readonly CompanyInvitation[];
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
}

export default function InvitationsPanel({ invitations, teams, locale, t }: Props) {
  const [revoking, setRevoking] = useState<CompanyInvitation | null>(null);
  const form = useForm<CreateInvitationRequest, unknown, CreateInvitationInput>({
    resolver: zodResolver(CreateInvitationRequest, schemaParseOptions),
    defaultValues: { email: '', position: '', team_id: null },
    // An edited field drops its error and the next send checks again, so an address emptied to start
    // over shows no stale or new error.
    reValidateMode: 'onSubmit',
  });
  const { register, reset, formState, clearErrors } = form;
  const edited = (name: keyof CreateInvitationRequest) => ({ onChange: () => clearErrors(name) });
  useUnsavedReport(formState.isDirty);
  const error = (name: keyof CreateInvitationRequest) => failureText(formState.errors[name]?.message, locale) || undefined;
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    const sent = await invite(input);
    notifySuccess(t('company.invite.sent', { email: sent.email }));
    reset();
  });

  return (
    <div className="company-stack">
      <Card title={t('company.invite.title')}>
        <form className="company-form" onSubmit={(event) => void submit(event)} noValidate>
          {failure ? <Alert>{failure}</Alert> : null}
          <Field label={t('company.invite.email')} error={error('email')}>
            {(control) => <TextInput {...control} {...register('email', edited('email'))} type="email" autoComplete="off" required />}
          </Field>
          <Field label={t('company.invite.position')} optional={t('company.field.optional')} error={error('position')}>
            {(control) => (
              <TextInput {...control} {...register('position', edited('position'))} maxLength={fieldLimits.invitation.position} />
            )}
          </Field>
          <Field label={t('company.invite.team')} optional={t('company.field.optional')} error={error('team_id')}>
            {(control) => (
              <OptionalSelect
                {...control}
                {...register('team_id', { setValueAs: optionalId })}
                noneLabel={t('company.invite.noTeam')}
                options={teams.map((team) => ({ value: team.id, label: team.name }))}
              />
            )}
          </Field>
          <div className="company-actions">
            <Button type="submit" variant="primary" loading={busy}>
              {t('company.invite.send')}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t('company.invitations.title')}>
        {invitations.length === 0 ? (
          <EmptyState title={t('company.invitations.empty')} text={t('company.invitations.emptyText')} />
        ) : (
          <ul className="company-list">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="company-row" data-invitation={invitation.email}>
                <div className="company-row-main">
                  <p className="company-row-title">{invitation.email}</p>
                  <p className="company-muted">
                    {[
                      invitation.position,
                      t('company.invitations.sentBy', { name: invitation.invited_by, date: formatDate(invitation.sent_at, locale) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {invitation.status === 'pending' ? (
                    <p className="company-muted">{t('company.invitations.expires', { date: formatDate(invitation.expires_at, locale) })}</p>
                  ) : null}
                </div>
                <div className="company-row-actions">
                  <Badge variant={statusBadge[invitation.status]}>{t(`company.invitation.status.${invitation.status}`)}</Badge>
                  {invitation.status === 'pending' || invitation.status === 'expired' ? (
                    <>
                      <Button
                        size="small"
                        onClick={() =>
                          resendInvitation(invitation.id)
                            .then(() => notifySuccess(t('company.invitations.resent')))
                            .catch(reportRequestError)
                        }
                      >
                        {t('company.invitations.resend')}
                      </Button>
                      <Button size="small" variant="danger" onClick={() => setRevoking(invitation)}>
                        {t('company.invitations.revoke')}
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {revoking ? (
        <ConfirmDialog
          title={t('company.invitations.revokeTitle', { email: revoking.email })}
          message={t('company.invitations.revokeText')}
          confirmLabel={t('company.invitations.revoke')}
          cancelLabel={t('company.cancel')}
          closeLabel={t('company.close')}
          describeError={(error) => failureText(error, locale)}
          onConfirm={() => revokeInvitation(revoking.id)}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </div>
  );
}
