// The company's brand page: what the workspace edits and what signed-in people see.
import { and, count, eq } from 'drizzle-orm';
import type { CompanyBrand, CompanyPublicPage, UpdateBrandInput, Workspace } from '../../contract/companies.ts';
import { rolePermissions } from '../../contract/company-roles.ts';
import type { CompanySize } from '../../contract/industries.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { companyJoinRequests } from '../db/company-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import type { CompanyActor, Queryable } from '../shared/companies/access.ts';
import { CompanyResourceNotFoundError } from '../shared/companies/errors.ts';
import { peopleByIds } from '../shared/people.ts';
import { releaseFiles } from '../shared/uploads/service.ts';
import type { FileStore } from '../shared/uploads/store.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { companySecurityOf } from './security.ts';
import { companyIdentityOf } from '../shared/companies/trust.ts';

type CompanyRow = typeof companies.$inferSelect;

const fileUrl = (name: string | null) => (name ? profileApiPaths.file(name) : null);

export function brandOf(row: CompanyRow): CompanyBrand {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry,
    industry_id: row.industryId,
    about: row.about,
    website: row.website,
    location: row.location,
    size: row.size as CompanySize | null,
    logo_url: fileUrl(row.logoPath),
    cover_url: fileUrl(row.coverPath),
    verification_status: row.verificationStatus,
  };
}

export async function companyRow(db: Queryable, companyId: number): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Company not found.');
  return row;
}

export async function getBrand(db: Queryable, companyId: number): Promise<CompanyBrand> {
  return brandOf(await companyRow(db, companyId));
}

/** Saves the brand page's fields. */
export async function updateBrand(db: Db, clock: Clock, companyId: number, input: UpdateBrandInput): Promise<CompanyBrand> {
  const [row] = await db
    .update(companies)
    .set({
      name: input.name,
      industryId: input.industry_id,
      about: input.about,
      website: input.website,
      location: input.location,
      size: input.size,
      updatedAt: clock.now(),
    })
    .where(eq(companies.id, companyId))
    .returning();
  if (!row) throw new CompanyResourceNotFoundError('Company not found.');
  return brandOf(row);
}

/** Points the company's logo or cover at a stored file (the upload pipeline checked it); the one it replaces is deleted. */
export async function setBrandImage(
  db: Db,
  clock: Clock,
  store: FileStore,
  companyId: number,
  kind: 'logo' | 'cover',
  storageName: string | null,
): Promise<CompanyBrand> {
  const [before] = await db
    .select({ logo: companies.logoPath, cover: companies.coverPath })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const previous = kind === 'logo' ? before?.logo : before?.cover;
  const [row] = await db
    .update(companies)
    .set(kind === 'logo' ? { logoPath: storageName, updatedAt: clock.now() } : { coverPath: storageName, updatedAt: clock.now() })
    .where(eq(companies.id, companyId))
    .returning();
  if (!row) throw new CompanyResourceNotFoundError('Company not found.');
  if (previous && previous !== storageName) await releaseFiles(db, store, { storageNames: [previous] });
  return brandOf(row);
}

/** A company's public page for a signed-in person, with their membership and latest join request. */
export async function publicPage(db: Db, companyId: number, viewerId: number, now: Date): Promise<CompanyPublicPage> {
  const company = await getBrand(db, companyId);
  const [members] = await db
    .select({ n: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), membershipCounts(now)));
  const [mine] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, viewerId), membershipCounts(now)))
    .limit(1);
  const requests = await db
    .select({ id: companyJoinRequests.id, status: companyJoinRequests.status })
    .from(companyJoinRequests)
    .where(and(eq(companyJoinRequests.companyId, companyId), eq(companyJoinRequests.userId, viewerId)))
    .orderBy(companyJoinRequests.id);
  return {
    company,
    identity: await companyIdentityOf(db, { id: companyId, name: company.name }),
    member_count: members?.n ?? 0,
    is_member: Boolean(mine),
    join_request: requests.at(-1) ?? null,
  };
}

/** The workspace header: the company, who is signed in, their role and what it allows. */
export async function workspaceOf(db: Db, actor: CompanyActor): Promise<Workspace> {
  const company = await getBrand(db, actor.companyId);
  const me = (await peopleByIds(db, [actor.userId])).get(actor.userId);
  return {
    company,
    identity: await companyIdentityOf(db, { id: actor.companyId, name: company.name }),
    security: await companySecurityOf(db, actor.companyId),
    me: { user_id: actor.userId, member_id: actor.memberId, name: me?.name ?? '', photo_url: me?.photoUrl ?? null, role: actor.role },
    permissions: [...rolePermissions[actor.role]],
  };
}
