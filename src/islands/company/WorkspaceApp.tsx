// The company workspace on the company host: 'Access denied' without a live company
// session; otherwise the company's header and its sections as tabs, each shown only to roles that
// may use it (the client mirror of the server's role table).
import '../../styles/company.css';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import Avatar from '../../components/Avatar.tsx';
import Badge from '../../components/Badge.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import Tabs from '../../components/Tabs.tsx';
import { HttpStatus } from '../../../contract/errors.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { isWorkspaceSection, visibleSections, type WorkspaceSection } from '../../lib/base/company-guard.ts';
import {
  $access,
  $companyNotifications,
  $invitations,
  $joinRequests,
  $members,
  $teams,
  $workspace,
  loadWorkspace,
  refreshCompanyNotifications,
  refreshInvitations,
  refreshJoinRequests,
  refreshMembers,
  refreshTeams,
} from '../../lib/stores/workspace.ts';
import { startLiveWorkspace } from '../../lib/app/live-workspace.ts';
import AccessDenied from './AccessDenied.tsx';
import BrandPanel, { industryName } from './BrandPanel.tsx';
import SecurityCard from './SecurityCard.tsx';
import CompanyIdentityNote from './CompanyIdentityNote.tsx';
import Button from '../../components/Button.tsx';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import {
  $competencies,
  $confirmations,
  $employments,
  $managedEmployment,
  closeEmployment,
  refreshCompetencies,
  refreshConfirmations,
  refreshEmployments,
} from '../../lib/stores/workspace-careers.ts';
import { useProfileHref } from './use-profile-href.ts';
import { useLeaveGuard } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';

// Each section but the first (the brand page) is loaded when it is opened: a member who opens the
// workspace downloads the brand page's code, not every tab's (decision 227).
const MembersPanel = lazy(() => import('./MembersPanel.tsx'));
const InvitationsPanel = lazy(() => import('./InvitationsPanel.tsx'));
const JoinRequestsPanel = lazy(() => import('./JoinRequestsPanel.tsx'));
const TeamsPanel = lazy(() => import('./TeamsPanel.tsx'));
const EmployeesPanel = lazy(() => import('./EmployeesPanel.tsx'));
const EmploymentManager = lazy(() => import('./EmploymentManager.tsx'));
const CompetenciesPanel = lazy(() => import('./CompetenciesPanel.tsx'));
const NotificationsPanel = lazy(() => import('./NotificationsPanel.tsx'));
const VerificationPanel = lazy(() => import('./VerificationPanel.tsx'));
const OpeningsPanel = lazy(() => import('./OpeningsPanel.tsx'));

type TabId = WorkspaceSection;
const ignore401 = (error: unknown) => {
  // A refused session has already turned the page to 'Access denied'.
  if (!(error instanceof ApiError && error.status === HttpStatus.unauthorized)) reportRequestError(error);
};

export default function WorkspaceApp({ messages, locale, localePrefix }: { messages: Messages; locale: Locale; localePrefix: string }) {
  const t = messagesTranslator(messages);
  const access = useStore($access);
  const workspace = useStore($workspace);
  const joinRequests = useStore($joinRequests).data;
  const managed = useStore($managedEmployment).data;
  const profileHref = useProfileHref(localePrefix);
  // Another tab replaces the forms of this one: unsaved changes there are asked about first.
  const { confirmElement: leaveQuestion, confirmLeave } = useLeaveGuard(unsavedChangesTexts(locale));
  const [tab, setTab] = useState<TabId>(() => {
    const hash = typeof location === 'undefined' ? '' : location.hash.slice(1);
    return isWorkspaceSection(hash) ? hash : 'brand';
  });

  useEffect(() => {
    loadWorkspace().catch(ignore401);
  }, []);

  const permissions = new Set(workspace?.permissions ?? []);
  useEffect(() => {
    if (access !== 'granted') return;
    const loads: Promise<unknown>[] = [refreshMembers(), refreshTeams(), refreshEmployments()];
    if (permissions.has('competencies.view')) loads.push(refreshCompetencies());
    if (permissions.has('confirmations.decide')) loads.push(refreshConfirmations());
    if (permissions.has('invitations.view')) loads.push(refreshInvitations());
    if (permissions.has('joinRequests.view')) loads.push(refreshJoinRequests());
    if (permissions.has('notifications.view')) loads.push(refreshCompanyNotifications());
    for (const load of loads) load.catch(ignore401);
    // Read once per workspace; the actions refresh what they change, and the company's channel
    // announces what others change (decision 091).
    void startLiveWorkspace().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [access, workspace?.company.id, workspace?.me.role]);

  if (access === 'denied') return <AccessDenied t={t} profileHref={profileHref} />;
  if (access === 'checking' || !workspace) {
    return (
      <div className="company-stack" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('company.loading')}
        </p>
        <Skeleton className="company-skeleton-head" />
        <Skeleton className="company-skeleton-body" />
      </div>
    );
  }

  const visibleTabs = visibleSections(permissions);
  const selected = visibleTabs.includes(tab) ? tab : 'brand';
  // Opening a section reads it again, so a member who was removed meanwhile is refused at once.
  const refreshers: Record<TabId, () => Promise<unknown>> = {
    brand: loadWorkspace,
    members: refreshMembers,
    invitations: refreshInvitations,
    joinRequests: refreshJoinRequests,
    teams: refreshTeams,
    notifications: refreshCompanyNotifications,
    employees: async () => {
      closeEmployment();
      await Promise.all([refreshEmployments(), permissions.has('confirmations.decide') ? refreshConfirmations() : undefined]);
    },
    competencies: refreshCompetencies,
    // The panel reads its domains itself each time it opens.
    verification: async () => undefined,
    // The Openings panel reads its list each time it opens (decision 255).
    openings: async () => undefined,
  };
  const select = (id: string) =>
    void confirmLeave(() => {
      setTab(id as TabId);
      history.replaceState(null, '', `#${id}`);
      refreshers[id as TabId]().catch(ignore401);
    });
  const label = (id: TabId) => {
    const count = id === 'joinRequests' ? (joinRequests?.length ?? 0) : 0;
    return (
      <>
        {t(`company.tab.${id}`)}
        {count > 0 ? <Badge variant="count">{count}</Badge> : null}
      </>
    );
  };
  const waiting = <Skeleton className="company-skeleton-body" />;

  return (
    <div className="company-stack">
      <header className="company-header">
        <Avatar name={workspace.company.name} src={workspace.company.logo_url} size="large" square />
        <div>
          <h1 className="company-title">{workspace.company.name}</h1>
          <p className="company-muted">
            {industryName(workspace.company, locale)} · {t(`company.role.${workspace.me.role}`)}
          </p>
          {/* Who the company is to everyone else (decision 266), and the way to prove it for those who may. */}
          <div className="company-header-identity">
            <CompanyIdentityNote identity={workspace.identity} t={t} />
            {!workspace.identity.verified_domain && visibleTabs.includes('verification') && selected !== 'verification' ? (
              <Button size="small" onClick={() => select('verification')}>
                {t('company.identity.verifyNow')}
              </Button>
            ) : null}
          </div>
        </div>
      </header>
      <Tabs
        tabs={visibleTabs.map((id) => ({ id, label: label(id) }))}
        selected={selected}
        onSelect={select}
        label={t('company.tabs.label')}
      >
        {/* A boundary of each section's own (and of the employee view's): opening another one replaces
            this one's content with the skeleton instead of keeping it, hidden, while its code loads. */}
        <Suspense key={selected === 'employees' && managed ? 'employee' : selected} fallback={waiting}>
          <WorkspaceSection
            selected={selected}
            workspace={workspace}
            permissions={permissions}
            localePrefix={localePrefix}
            locale={locale}
            t={t}
          />
        </Suspense>
      </Tabs>
      {leaveQuestion}
    </div>
  );
}

/** The selected tab's section, each read from its own store, a skeleton until it has arrived. */
function WorkspaceSection({
  selected,
  workspace,
  permissions,
  localePrefix,
  locale,
  t,
}: {
  selected: TabId;
  workspace: NonNullable<ReturnType<typeof $workspace.get>>;
  permissions: ReadonlySet<string>;
  localePrefix: string;
  locale: Locale;
  t: Translate;
}) {
  const members = useStore($members).data;
  const invitations = useStore($invitations).data;
  const joinRequests = useStore($joinRequests).data;
  const teams = useStore($teams).data;
  const notifications = useStore($companyNotifications).data;
  const employments = useStore($employments).data;
  const competencies = useStore($competencies).data;
  const managed = useStore($managedEmployment).data;
  const confirmations = useStore($confirmations).data;
  const waiting = <Skeleton className="company-skeleton-body" />;
  return (
    <>
      {selected === 'brand' ? (
        // The brand page, its public page (decision 211) and, for the owner, the sign-in rule: one stack.
        <div className="company-stack">
          <BrandPanel
            key={workspace.company.id}
            company={workspace.company}
            canEdit={permissions.has('brand.edit')}
            locale={locale}
            t={t}
          />
          {permissions.has('security.manage') ? (
            <SecurityCard requireTwoFactor={workspace.security.require_two_factor} localePrefix={localePrefix} locale={locale} t={t} />
          ) : null}
        </div>
      ) : null}
      {selected === 'members' ? (
        members ? (
          <MembersPanel members={members} teams={teams ?? []} workspace={workspace} locale={locale} t={t} />
        ) : (
          waiting
        )
      ) : null}
      {selected === 'invitations' ? (
        invitations ? (
          <InvitationsPanel invitations={invitations} teams={teams ?? []} locale={locale} t={t} />
        ) : (
          waiting
        )
      ) : null}
      {selected === 'joinRequests' ? joinRequests ? <JoinRequestsPanel requests={joinRequests} locale={locale} t={t} /> : waiting : null}
      {selected === 'teams' ? (
        teams && members ? (
          <TeamsPanel teams={teams} members={members} canManage={permissions.has('teams.manage')} locale={locale} t={t} />
        ) : (
          waiting
        )
      ) : null}
      {selected === 'employees' ? (
        managed ? (
          <EmploymentManager
            key={managed.id}
            employment={managed}
            members={members}
            teams={teams}
            competencies={competencies ?? []}
            locale={locale}
            t={t}
          />
        ) : employments && members ? (
          <EmployeesPanel
            employments={employments}
            confirmations={permissions.has('confirmations.decide') ? (confirmations ?? null) : null}
            members={members}
            teams={teams ?? []}
            canHire={permissions.has('employments.manage')}
            locale={locale}
            t={t}
          />
        ) : (
          waiting
        )
      ) : null}
      {selected === 'competencies' ? (
        competencies ? (
          <CompetenciesPanel competencies={competencies} canManage={permissions.has('competencies.manage')} locale={locale} t={t} />
        ) : (
          waiting
        )
      ) : null}
      {selected === 'verification' ? <VerificationPanel locale={locale} t={t} /> : null}
      {selected === 'openings' ? (
        <OpeningsPanel
          canManage={permissions.has('openings.manage')}
          applicants={{ view: permissions.has('applications.view'), manage: permissions.has('applications.manage') }}
          competencies={competencies ?? []}
          teams={teams ?? []}
          locale={locale}
          t={t}
        />
      ) : null}
      {selected === 'notifications' ? (
        notifications ? (
          <NotificationsPanel notifications={notifications} locale={locale} t={t} />
        ) : (
          waiting
        )
      ) : null}
    </>
  );
}
