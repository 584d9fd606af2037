// Requests and answers of the company workspace, the hand-over to the company host, invitations and
// join requests (SPEC §2, §3, §6). Company text is plain text: the site renders it as text.
import { z } from 'zod';
import { companyActions } from './company-roles.ts';
import { CompanyRole, CompanyVerificationStatus } from './auth.ts';
import { fieldLimits } from './field-limits.ts';
import { companySizes, industryIds } from './industry-ids.ts';
import { currentPassword, email, httpUrl, messageRef, optionalText, requiredText } from './validation.ts';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalUrl = z
  .union([z.literal(''), httpUrl()])
  .nullish()
  .transform((v) => (v ? v : null));

export { CompanyRole };

/** Employment-change events (SPEC §3): the workspace records 'hired'; the careers issue the others. */
export const employmentEventKinds = ['hired', 'left', 'reviewer_changed', 'job_changed', 'confirmed'] as const;
export const CompanyAction = z.enum(companyActions);

export const CompanyParams = z.object({ companyId: idParam });
export const MemberParams = CompanyParams.extend({ memberId: idParam });
export const InvitationParams = CompanyParams.extend({ invitationId: idParam });
export const JoinRequestParams = CompanyParams.extend({ requestId: idParam });
export const TeamParams = CompanyParams.extend({ teamId: idParam });
export const TeamMemberParams = TeamParams.extend({ memberId: idParam });
export const InvitationTokenParams = z.object({ token: z.string().min(1).max(200) });

export const Industry = z.union(industryIds.map((key) => z.literal(key)) as unknown as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]);

// ── Hand-over (decision 090) ─────────────────────────────────────────────────────────────────────

/** `POST /api/company-access`: the personal site asks for a code to enter `company_id`. */
export const HandoffRequest = z.object({ company_id: id });
export const HandoffCode = z.object({ code: z.string(), expires_at: z.string() });

/** `POST /api/company-access/exchange`: the company host trades the code for its own session. */
export const ExchangeRequest = z.object({ code: z.string().min(1).max(200) });

// ── The company and its brand page ───────────────────────────────────────────────────────────────

export const CompanyBrand = z.object({
  id,
  name: z.string(),
  /** The free-text industry given at sign-up; shown until the company picks one from the list. */
  industry: z.string(),
  industry_id: z.number().int().nullable(),
  about: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  size: z.enum(companySizes).nullable(),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  verification_status: CompanyVerificationStatus,
});
export type CompanyBrand = z.infer<typeof CompanyBrand>;

/** `PUT /api/companies/{id}`: the brand page's fields. */
export const UpdateBrandRequest = z.object({
  name: requiredText(fieldLimits.brand.name),
  industry_id: Industry.nullable(),
  about: optionalText(fieldLimits.brand.about),
  website: optionalUrl,
  location: optionalText(fieldLimits.brand.location),
  size: z
    .enum(companySizes, { error: messageRef('validation.invalid') })
    .nullish()
    .transform((v) => v ?? null),
});
export type UpdateBrandRequest = z.input<typeof UpdateBrandRequest>;
export type UpdateBrandInput = z.output<typeof UpdateBrandRequest>;

/**
 * `PUT /api/companies/{id}/security` (decision 203): whether owners and admins must have
 * two-step sign-in on to enter the workspace. Only the owner sets it, and only with it on themselves.
 */
export const CompanySecurity = z.object({ require_two_factor: z.boolean({ error: messageRef('validation.invalid') }) });
export type CompanySecurity = z.infer<typeof CompanySecurity>;

/**
 * `GET /api/companies/{id}/security/affected`: the owners and admins without two-step
 * sign-in, whom switching the rule on would sign out; the owner's confirmation lists them.
 */
export const RuleAffected = z.object({ items: z.array(z.object({ member_id: id, name: z.string(), role: CompanyRole })) });
export type RuleAffected = z.infer<typeof RuleAffected>;

/**
 * `GET /api/companies/{id}/public-page` (decision 211): the public brand page's settings, the chosen
 * address (null before the first save) or a suggestion from the company's name. The save's rules are
 * in company-public-page-schemas.ts.
 */
export const CompanyPublicPageSettings = z.object({
  address: z.string().nullable(),
  suggested_address: z.string(),
  is_public: z.boolean(),
  noindex: z.boolean(),
});
export type CompanyPublicPageSettings = z.infer<typeof CompanyPublicPageSettings>;

/**
 * Who a company is beyond a name anyone can type (decision 266): the domain it proved it
 * controls, or none; and, without one, a domain-verified company whose name it could pass for.
 */
export const CompanyIdentity = z.object({
  verified_domain: z.string().nullable(),
  not_affiliated_with: z.object({ name: z.string(), domain: z.string() }).nullable(),
});
export type CompanyIdentity = z.infer<typeof CompanyIdentity>;

/** `GET /api/companies/{id}/workspace`: the company, who is signed in, their role and what it allows. */
export const Workspace = z.object({
  company: CompanyBrand,
  /** Who the company is: its verified domain, or a look-alike it could pass for (decision 266). */
  identity: CompanyIdentity,
  security: CompanySecurity,
  me: z.object({ user_id: id, member_id: id, name: z.string(), photo_url: z.string().nullable(), role: CompanyRole }),
  permissions: z.array(CompanyAction),
});
export type Workspace = z.infer<typeof Workspace>;

export const ExchangeResponse = z.object({ token: z.string(), workspace: Workspace });
export type ExchangeResponse = z.infer<typeof ExchangeResponse>;

export const joinRequestStatuses = ['pending', 'approved', 'declined'] as const;
export const JoinRequestStatus = z.enum(joinRequestStatuses);

/** `GET /api/companies/{id}/public`: what a signed-in person sees, and where their join request stands. */
export const CompanyPublicPage = z.object({
  company: CompanyBrand,
  identity: CompanyIdentity,
  member_count: z.number().int().min(0),
  is_member: z.boolean(),
  join_request: z.object({ id, status: JoinRequestStatus }).nullable(),
});
export type CompanyPublicPage = z.infer<typeof CompanyPublicPage>;

// ── Members ──────────────────────────────────────────────────────────────────────────────────────

export const Member = z.object({
  id,
  user_id: id,
  name: z.string(),
  email: z.string(),
  photo_url: z.string().nullable(),
  role: CompanyRole,
  position: z.string().nullable(),
  team_ids: z.array(id),
  joined_at: z.string(),
});
export type Member = z.infer<typeof Member>;

/** `PUT /api/companies/{id}/members/{memberId}`: a new role (the owner's is changed only by transfer). */
export const ChangeRoleRequest = z.object({ role: CompanyRole.exclude(['owner']) });
/**
 * `POST /api/companies/{id}/ownership`: the member who becomes the owner; the old owner becomes admin.
 * It gives the company away, so it carries the owner's current password (decision 235).
 */
export const TransferOwnershipRequest = z.object({ member_id: id, current_password: currentPassword() });

// ── Invitations ──────────────────────────────────────────────────────────────────────────────────

/** What an invitation row stores; 'expired' is never stored but read from its expiry time. */
export const storedInvitationStatuses = ['pending', 'accepted', 'declined', 'revoked'] as const;
export const InvitationStatus = z.enum([...storedInvitationStatuses, 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** `POST /api/companies/{id}/invitations`. */
export const CreateInvitationRequest = z.object({
  email: email(),
  position: optionalText(fieldLimits.invitation.position),
  team_id: id.nullish().transform((v) => v ?? null),
});
export type CreateInvitationRequest = z.input<typeof CreateInvitationRequest>;
export type CreateInvitationInput = z.output<typeof CreateInvitationRequest>;

export const CompanyInvitation = z.object({
  id,
  email: z.string(),
  position: z.string().nullable(),
  team_id: id.nullable(),
  status: InvitationStatus,
  sent_at: z.string(),
  expires_at: z.string(),
  invited_by: z.string(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitation>;

/** `GET /api/invitations/{token}`: what the invitation page shows before anyone signs in. */
export const InvitationView = z.object({
  company: z.object({ id, name: z.string(), logo_url: z.string().nullable() }),
  email: z.string(),
  inviter: z.string(),
  position: z.string().nullable(),
  team: z.string().nullable(),
  status: InvitationStatus,
  expires_at: z.string(),
  /** Whether an account with the invited address exists (so the page offers sign-in or sign-up first). */
  has_account: z.boolean(),
});
export type InvitationView = z.infer<typeof InvitationView>;

export const InvitationOutcome = z.object({ status: InvitationStatus.extract(['accepted', 'declined']), company_id: id });
export type InvitationOutcome = z.infer<typeof InvitationOutcome>;

// ── Join requests ────────────────────────────────────────────────────────────────────────────────

/** `POST /api/companies/{id}/join-requests`: a person asks to join, with an optional message. */
export const CreateJoinRequest = z.object({ message: optionalText(fieldLimits.joinRequest.message) });
export const JoinRequestDecision = z.object({ decision: z.enum(['approve', 'decline']) });

export const JoinRequest = z.object({
  id,
  user_id: id,
  name: z.string(),
  photo_url: z.string().nullable(),
  message: z.string().nullable(),
  status: JoinRequestStatus,
  requested_at: z.string(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

// ── Teams ────────────────────────────────────────────────────────────────────────────────────────

export const Team = z.object({
  id,
  name: z.string(),
  lead_member_id: id.nullable(),
  member_ids: z.array(id),
});
export type Team = z.infer<typeof Team>;

/** `POST /api/companies/{id}/teams` and `PUT …/teams/{teamId}`. */
export const SaveTeamRequest = z.object({
  name: requiredText(120),
  lead_member_id: id.nullish().transform((v) => v ?? null),
});
export type SaveTeamRequest = z.input<typeof SaveTeamRequest>;
export type SaveTeamInput = z.output<typeof SaveTeamRequest>;
export const AddTeamMemberRequest = z.object({ member_id: id });
