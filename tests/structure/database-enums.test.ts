// Derive, don't restate: every enum column of the Drizzle schema takes its values
// from contract/, so a database value and the value the API promises cannot drift apart. The test
// finds every enum column itself: a new one fails here until it is paired with its contract list or
// named server-only with the reason.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccountKind, CodeChannel, CompanyRole, CompanyVerificationStatus } from '../../contract/auth.ts';
import { ConfirmationStatus, Rating } from '../../contract/careers.ts';
import { employmentEventKinds, InvitationStatus, JoinRequestStatus } from '../../contract/companies.ts';
import {
  companyDomainMethods,
  companyDomainStatuses,
  domainCheckFailures,
  domainLapseReasons,
  domainLinkageFailures,
} from '../../contract/company-domains.ts';
import {
  EmailNotificationMode,
  NotificationDelivery,
  NotificationKind,
  NotificationScope,
  NotificationSubject,
} from '../../contract/notifications.ts';
import { Recommendation, UploadKindParams } from '../../contract/profile-sections.ts';
import { ProfileStatus } from '../../contract/profile-status.ts';
import { SecurityEventKind } from '../../contract/security-events.ts';
import * as careersSchema from '../../server/db/careers-schema.ts';
import * as securitySchema from '../../server/db/security-schema.ts';
import * as companySchema from '../../server/db/company-schema.ts';
import * as notificationSchema from '../../server/db/notification-schema.ts';
import * as profileSchema from '../../server/db/profile-schema.ts';
import * as schema from '../../server/db/schema.ts';

/** Each enum column (`table.column`) and the values the contract gives it. */
const contractValues: Record<string, readonly string[]> = {
  'users.signup_kind': AccountKind.options,
  'companies.verification_status': CompanyVerificationStatus.options,
  'company_members.role': CompanyRole.options,
  'verification_codes.channel': CodeChannel.options,
  'account_addresses.channel': CodeChannel.options,
  'former_sign_in_addresses.channel': CodeChannel.options,
  // 'expired' is read from the expiry time, never stored.
  'company_invitations.status': InvitationStatus.exclude(['expired']).options,
  'company_join_requests.status': JoinRequestStatus.options,
  'employment_events.kind': employmentEventKinds,
  'files.kind': UploadKindParams.shape.kind.options,
  'recommendations.status': Recommendation.shape.status.options,
  'notifications.kind': NotificationKind.options,
  'notifications.scope': NotificationScope.options,
  'notifications.subject_type': NotificationSubject.shape.type.options,
  'notification_preferences.email': EmailNotificationMode.options,
  'notification_kind_settings.kind': NotificationKind.options,
  'notification_kind_settings.delivery': NotificationDelivery.options,
  'company_employments.collaboration_assessment': Rating.options,
  'employment_review_ratings.rating': Rating.options,
  'employment_confirmations.status': ConfirmationStatus.options,
  'profiles.profile_status': ProfileStatus.options,
  'security_events.kind': SecurityEventKind.options,
  'company_domains.status': companyDomainStatuses,
  'company_domains.method': companyDomainMethods,
  'company_domains.last_dns_failure': domainCheckFailures,
  'company_domains.last_http_failure': domainCheckFailures,
  'company_domains.lapse_reason': domainLapseReasons,
  'company_domains.linkage_failure': domainLinkageFailures,
};

/** Enum columns no answer or request carries, so the contract has nothing to say about them. */
const serverOnly = new Set([
  // A closed account answers as if it did not exist; its status never travels.
  'users.status',
  // Which flow a code serves stays on the server; the client only names the channel.
  'verification_codes.purpose',
  // Where a hire came from (an invitation or a join request) is bookkeeping for the careers issue.
  'employment_events.source',
  // Where a verified employment came from (invitation, join request, workspace, confirmation, migration).
  'company_employments.source',
  // Which ceremony a WebAuthn challenge was issued for (adding, signing in, the second step; decision 206).
  'passkey_challenges.purpose',
]);

function enumColumns(): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  for (const module of [schema, companySchema, profileSchema, notificationSchema, careersSchema, securitySchema]) {
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const { name, columns } = getTableConfig(value);
      for (const column of columns) {
        if (column.enumValues?.length) found.set(`${name}.${column.name}`, column.enumValues);
      }
    }
  }
  return found;
}

describe('database enums', () => {
  const columns = enumColumns();

  it('are all either paired with their contract list or named server-only', () => {
    const unaccounted = [...columns.keys()].filter((key) => !(key in contractValues) && !serverOnly.has(key));
    expect(unaccounted).toEqual([]);
    const missing = [...Object.keys(contractValues), ...serverOnly].filter((key) => !columns.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(contractValues))('%s holds exactly the contract values', (key, values) => {
    expect([...(columns.get(key) ?? [])].sort()).toEqual([...values].sort());
  });
});
