// Teams: create with an optional lead, rename and change the lead, delete with
// confirmation, add and remove members (a member may be in several teams).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import type { Locale } from '../../../contract/locale.ts';
import { SaveTeamRequest, type Member, type SaveTeamInput, type Team } from '../../../contract/companies.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import Dialog from '../../components/Dialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Field from '../../components/Field.tsx';
import IconButton from '../../components/IconButton.tsx';
import { OptionalSelect, TextInput } from '../../components/TextInput.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { addTeamMember, createTeam, deleteTeam, removeTeamMember, updateTeam } from '../../lib/stores/workspace.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { optionalId } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  teams: readonly Team[];
  members: readonly Member[];
  canManage: boolean;
  locale: Locale;
  t: Translate;
}

function TeamForm({
  team,
  members,
  locale,
  t,
  onDone,
}: {
  team: Team | null;
  members: readonly Member[];
  locale: Locale;
  t: Translate;
  onDone: () => void;
}) {
  const form = useForm<SaveTeamRequest, unknown, SaveTeamInput>({
    resolver: zodResolver(SaveTeamRequest, schemaParseOptions),
    defaultValues: { name: team?.name ?? '', lead_member_id: team?.lead_member_id ?? null },
  });
  const { register, reset, formState } = form;
  useUnsavedReport(formState.isDirty);
  const error = (name: keyof SaveTeamRequest) => failureText(formState.errors[name]?.message, locale) || undefined;
  const formId = team ? `team-form-${team.id}` : 'team-form-new';
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    if (team) await updateTeam(team.id, input);
    else await createTeam(input);
    // Said aloud and on screen: the new team appears further down the page, out of sight on a phone.
    notifySuccess(t(team ? 'company.teams.saved' : 'company.teams.created', { team: input.name }));
    reset({ name: '', lead_member_id: null });
    onDone();
  });
  return (
    <form id={formId} className="company-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <Alert>{failure}</Alert> : null}
      <Field label={t('company.teams.name')} error={error('name')}>
        {(control) => <TextInput {...control} {...register('name')} required />}
      </Field>
      <Field label={t('company.teams.lead')} optional={t('company.field.optional')} error={error('lead_member_id')}>
        {(control) => (
          <OptionalSelect
            {...control}
            {...register('lead_member_id', { setValueAs: optionalId })}
            noneLabel={t('company.teams.noLead')}
            options={members.map((member) => ({ value: member.id, label: member.name }))}
          />
        )}
      </Field>
      <div className="company-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {team ? t('company.teams.save') : t('company.teams.create')}
        </Button>
      </div>
    </form>
  );
}

function TeamCard({
  team,
  members,
  canManage,
  t,
  onEdit,
  onDelete,
}: {
  team: Team;
  members: readonly Member[];
  canManage: boolean;
  t: Translate;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [adding, setAdding] = useState('');
  const nameOf = (id: number) => members.find((m) => m.id === id)?.name ?? '';
  const outside = members.filter((m) => !team.member_ids.includes(m.id));
  return (
    <Card
      title={team.name}
      level={3}
      actions={
        canManage ? (
          <>
            <Button size="small" onClick={onEdit}>
              {t('company.teams.edit')}
            </Button>
            <IconButton
              icon="trash"
              variant="danger"
              size="small"
              label={t('company.teams.deleteOf', { team: team.name })}
              onClick={onDelete}
            />
          </>
        ) : undefined
      }
    >
      {team.lead_member_id ? <p className="company-muted">{t('company.teams.leadIs', { name: nameOf(team.lead_member_id) })}</p> : null}
      {team.member_ids.length === 0 ? (
        <p className="company-muted">{t('company.teams.noMembers')}</p>
      ) : (
        <ul className="company-chips" aria-label={t('company.teams.members')}>
          {team.member_ids.map((id) => (
            <li key={id} className="company-chip">
              <span>{nameOf(id)}</span>
              {canManage ? (
                <IconButton
                  icon="close"
                  size="small"
                  label={t('company.teams.removeMember', { name: nameOf(id), team: team.name })}
                  onClick={() =>
                    removeTeamMember(team.id, id)
                      .then(() => notifySuccess(t('company.teams.memberRemoved', { name: nameOf(id), team: team.name })))
                      .catch(reportRequestError)
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage && outside.length > 0 ? (
        <form
          className="company-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const name = nameOf(Number(adding));
            if (adding)
              addTeamMember(team.id, Number(adding))
                .then(() => {
                  setAdding('');
                  notifySuccess(t('company.teams.memberAdded', { name, team: team.name }));
                })
                .catch(reportRequestError);
          }}
        >
          <Field label={t('company.teams.addWho')}>
            {(control) => (
              <OptionalSelect
                {...control}
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
                noneLabel=""
                options={outside.map((member) => ({ value: member.id, label: member.name }))}
              />
            )}
          </Field>
          <Button type="submit" size="small" disabled={!adding}>
            {t('company.teams.addMember')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

export default function TeamsPanel({ teams, members, canManage, locale, t }: Props) {
  const [editing, setEditing] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  return (
    <div className="company-stack">
      {canManage ? (
        <Card title={t('company.teams.create')}>
          <TeamForm team={null} members={members} locale={locale} t={t} onDone={() => undefined} />
        </Card>
      ) : null}
      {teams.length === 0 ? (
        <Card title={t('company.tab.teams')}>
          <EmptyState title={t('company.teams.empty')} text={t('company.teams.emptyText')} />
        </Card>
      ) : (
        teams.map((team) => (
          <TeamCard
            key={team.id}
            team={team}
            members={members}
            canManage={canManage}
            t={t}
            onEdit={() => setEditing(team)}
            onDelete={() => setDeleting(team)}
          />
        ))
      )}
      {editing ? (
        <Dialog
          title={t('company.teams.editTitle')}
          closeLabel={t('company.close')}
          onClose={() => setEditing(null)}
          unsaved={{ texts: unsavedChangesTexts(locale) }}
        >
          <TeamForm team={editing} members={members} locale={locale} t={t} onDone={() => setEditing(null)} />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('company.teams.deleteTitle', { team: deleting.name })}
          message={t('company.teams.deleteText')}
          confirmLabel={t('company.teams.delete')}
          cancelLabel={t('company.cancel')}
          closeLabel={t('company.close')}
          describeError={(error) => failureText(error, locale)}
          onConfirm={() => deleteTeam(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
