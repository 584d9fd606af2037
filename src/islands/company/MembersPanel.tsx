// Members and roles: the list, and for roles that may (contract/company-roles.ts, the same
// table the server enforces) a role change, removal, and the owner's transfer of ownership.
import { useState } from 'react';
import { TransferOwnershipRequest, type Member, type Team, type Workspace } from '../../../contract/companies.ts';
import Avatar from '../../components/Avatar.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import { Select } from '../../components/TextInput.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { memberActionsFor } from '../../lib/base/company-guard.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { changeRole, removeMember, transferOwnership } from '../../lib/stores/workspace.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Translate } from '../../i18n/translator.ts';
import PasswordConfirmDialog from '../../components/PasswordConfirmDialog.tsx';

/** What the transfer's dialog asks: the owner's password (the member is the row's). */
const TransferOwnershipPassword = TransferOwnershipRequest.pick({ current_password: true });

interface Props {
  members: readonly Member[];
  teams: readonly Team[];
  workspace: Workspace;
  locale: Locale;
  t: Translate;
}

type Pending = { kind: 'remove' | 'owner'; member: Member } | null;

export default function MembersPanel({ members, teams, workspace, locale, t }: Props) {
  const [pending, setPending] = useState<Pending>(null);
  const me = workspace.me;
  const permissions = new Set(workspace.permissions);
  const teamNames = (member: Member) =>
    member.team_ids
      .map((id) => teams.find((team) => team.id === id)?.name)
      .filter(Boolean)
      .join(', ');

  return (
    <Card
      title={t('company.tab.members')}
      actions={<span className="company-muted">{t('company.members.count', { count: members.length })}</span>}
    >
      <ul className="company-list">
        {members.map((member) => {
          const offered = memberActionsFor(me, member, permissions);
          return (
            <li key={member.id} className="company-row" data-member={member.email}>
              <Avatar name={member.name} seed={member.user_id} src={member.photo_url} />
              <div className="company-row-main">
                <p className="company-row-title">
                  {member.name} {member.id === me.member_id ? <span className="company-muted">{t('company.members.you')}</span> : null}
                </p>
                <p className="company-muted">{[member.position, teamNames(member)].filter(Boolean).join(' · ') || member.email}</p>
              </div>
              <div className="company-row-actions">
                {offered.changeRole ? (
                  <Select
                    aria-label={t('company.members.changeRole', { name: member.name })}
                    value={member.role}
                    onChange={(event) =>
                      changeRole(member.id, event.target.value as 'admin' | 'member')
                        .then(() => notifySuccess(t('company.members.roleChanged')))
                        .catch(reportRequestError)
                    }
                  >
                    <option value="member">{t('company.role.member')}</option>
                    <option value="admin">{t('company.role.admin')}</option>
                  </Select>
                ) : (
                  <Badge variant={member.role === 'owner' ? 'accent' : 'neutral'}>{t(`company.role.${member.role}`)}</Badge>
                )}
                {offered.makeOwner ? (
                  <Button size="small" onClick={() => setPending({ kind: 'owner', member })}>
                    {t('company.members.makeOwner')}
                  </Button>
                ) : null}
                {offered.remove ? (
                  <Button size="small" variant="danger" onClick={() => setPending({ kind: 'remove', member })}>
                    {t('company.members.remove')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {pending?.kind === 'owner' ? (
        // Giving the company away asks for the owner's password (decision 235).
        <PasswordConfirmDialog
          locale={locale}
          t={t}
          schema={TransferOwnershipPassword}
          title={t('company.members.makeOwnerTitle', { name: pending.member.name })}
          intro={t('company.members.makeOwnerText')}
          submitLabel={t('company.members.makeOwner')}
          variant="primary"
          labels={{ password: t('company.members.currentPassword'), close: t('company.close'), cancel: t('company.cancel') }}
          onConfirm={async (password) => {
            await transferOwnership(pending.member.id, password);
            setPending(null);
          }}
          onClose={() => setPending(null)}
        />
      ) : pending ? (
        <ConfirmDialog
          title={t('company.members.removeTitle', { name: pending.member.name })}
          message={t('company.members.removeText')}
          confirmLabel={t('company.members.remove')}
          cancelLabel={t('company.cancel')}
          closeLabel={t('company.close')}
          variant="danger"
          describeError={(error) => failureText(error, locale)}
          onConfirm={async () => {
            await removeMember(pending.member.id);
            notifySuccess(t('company.members.removed', { name: pending.member.name }));
          }}
          onClose={() => setPending(null)}
        />
      ) : null}
    </Card>
  );
}
