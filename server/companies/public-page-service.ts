// A company's opt-in public brand page (decision 211): its settings (address, on/off,
// noindex), what an address answers (the page, a move from an old address, or nothing), and the
// page's content as a signed-out visitor may see it. The people's pages (decision 208) work the
// same way over their own tables: the two address namespaces never meet.
import { and, asc, countDistinct, eq, gt, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyPublicPageSettings } from '../../contract/companies.ts';
import { companyAddressProblem, suggestCompanyAddress } from '../../contract/company-public-page.ts';
import type { UpdateCompanyPublicPageRequest } from '../../contract/company-public-page-schemas.ts';
import { companyPublicPagePath } from '../../contract/company-routes.ts';
import type { CompanySize } from '../../contract/industries.ts';
import { messageRef } from '../../contract/message-refs.ts';
import { publicAddressRedirectDays } from '../../contract/public-profile.ts';
import type { PublicAddressAvailability } from '../../contract/public-profile-schemas.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Clock } from '../clock.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companies, companyMembers, companyPublicPageRedirects, companyPublicPages, users } from '../db/schema.ts';
import { RuleBrokenError } from '../domain-errors.ts';
import type { SitemapPage } from '../http/sitemap.ts';
import { isUniqueViolation } from './join-requests.ts';
import { dayOf } from '../shared/dates.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { companyIdentityOf } from '../shared/companies/trust.ts';
import type { CompanyIdentity } from '../../contract/companies.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Which company holds `address` now (its current address, or an old one still redirecting). */
async function holderOf(db: Queryable, address: string, now: Date): Promise<number | undefined> {
  const [own] = await db
    .select({ companyId: companyPublicPages.companyId })
    .from(companyPublicPages)
    .where(sql`lower(${companyPublicPages.address}) = ${address}`)
    .limit(1);
  if (own) return own.companyId;
  const [old] = await db
    .select({ companyId: companyPublicPageRedirects.companyId })
    .from(companyPublicPageRedirects)
    .where(and(sql`lower(${companyPublicPageRedirects.address}) = ${address}`, gt(companyPublicPageRedirects.expiresAt, now)))
    .limit(1);
  return old?.companyId;
}

/** Whether `companyId` may take `raw`: format, reserved, taken by another company. */
export async function companyAddressAvailability(db: Db, clock: Clock, companyId: number, raw: string): Promise<PublicAddressAvailability> {
  const address = raw.trim().toLowerCase();
  const problem = companyAddressProblem(address);
  if (problem) return { address, available: false, reason: problem };
  const holder = await holderOf(db, address, clock.now());
  if (holder !== undefined && holder !== companyId) return { address, available: false, reason: 'taken' };
  return { address, available: true, reason: null };
}

/** A free address from the company's name: the name itself, else with -2, -3, … after it. */
async function suggestionFor(db: Db, clock: Clock, companyId: number, name: string): Promise<string> {
  const base = suggestCompanyAddress(name);
  for (let n = 1; n < 50; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 56)}-${n}`;
    const holder = await holderOf(db, candidate, clock.now());
    if (holder === undefined || holder === companyId) return candidate;
  }
  return `${base.slice(0, 40)}-${companyId}`;
}

/** The workspace card's read: the chosen address or, before the first save, a suggestion. */
export async function getCompanyPublicPageSettings(db: Db, clock: Clock, companyId: number): Promise<CompanyPublicPageSettings> {
  const [row] = await db
    .select({ name: companies.name, settings: companyPublicPages })
    .from(companies)
    .leftJoin(companyPublicPages, eq(companyPublicPages.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  const settings = row?.settings;
  return {
    address: settings?.address ?? null,
    suggested_address: settings?.address ?? (await suggestionFor(db, clock, companyId, row?.name ?? '')),
    is_public: settings?.isPublic ?? false,
    noindex: settings?.noindex ?? false,
  };
}

const taken = () => new RuleBrokenError([{ field: 'address', message: messageRef('validation.publicAddressTaken') }]);

/**
 * Saves the settings. A changed address leaves the old one redirecting for 30 days (then anyone may
 * take it); taking back the company's own old address ends its redirect. Turning the page off takes
 * it down at once: the page is read per request.
 */
export async function saveCompanyPublicPageSettings(
  db: Db,
  clock: Clock,
  companyId: number,
  input: UpdateCompanyPublicPageRequest,
): Promise<CompanyPublicPageSettings> {
  const now = clock.now();
  const { address } = input;
  try {
    await db.transaction(async (tx) => {
      // Redirects past their 30 days free their address for anyone.
      await tx.delete(companyPublicPageRedirects).where(lte(companyPublicPageRedirects.expiresAt, now));
      const holder = await holderOf(tx, address, now);
      if (holder !== undefined && holder !== companyId) throw taken();
      const [current] = await tx
        .select({ address: companyPublicPages.address })
        .from(companyPublicPages)
        .where(eq(companyPublicPages.companyId, companyId))
        .limit(1);
      await tx
        .delete(companyPublicPageRedirects)
        .where(and(eq(companyPublicPageRedirects.companyId, companyId), sql`lower(${companyPublicPageRedirects.address}) = ${address}`));
      if (current && current.address !== address) {
        await tx
          .insert(companyPublicPageRedirects)
          .values({ address: current.address, companyId, expiresAt: new Date(now.getTime() + publicAddressRedirectDays * dayMs) });
      }
      const values = { address, isPublic: input.is_public, noindex: input.noindex, updatedAt: now };
      await tx
        .insert(companyPublicPages)
        .values({ companyId, ...values })
        .onConflictDoUpdate({ target: companyPublicPages.companyId, set: values });
    });
  } catch (error) {
    // Two companies saving the same address at once: the unique index decides, the loser is told it is taken.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return getCompanyPublicPageSettings(db, clock, companyId);
}

/** What an address answers: the company's page, a move to its current address, or nothing. */
export type CompanyAddressAnswer =
  { kind: 'page'; companyId: number; address: string; noindex: boolean } | { kind: 'moved'; address: string } | { kind: 'missing' };

// A company whose owner closed their account has no members left (closing ends every membership):
// its page answers like an unknown one.
const hasOwner = (now: Date) =>
  sql`exists (select 1 from ${companyMembers} where ${and(eq(companyMembers.companyId, companyPublicPages.companyId), eq(companyMembers.role, 'owner'), membershipCounts(now))})`;

async function livePageOf(db: Db, where: SQL, now: Date) {
  const [row] = await db
    .select({ companyId: companyPublicPages.companyId, address: companyPublicPages.address, noindex: companyPublicPages.noindex })
    .from(companyPublicPages)
    .where(and(where, eq(companyPublicPages.isPublic, true), hasOwner(now)))
    .limit(1);
  return row;
}

export async function resolveCompanyAddress(db: Db, clock: Clock, raw: string): Promise<CompanyAddressAnswer> {
  const address = raw.toLowerCase();
  if (companyAddressProblem(address)) return { kind: 'missing' };
  const now = clock.now();
  const page = await livePageOf(db, sql`lower(${companyPublicPages.address}) = ${address}`, now);
  if (page) return { kind: 'page', ...page };
  const [old] = await db
    .select({ companyId: companyPublicPageRedirects.companyId })
    .from(companyPublicPageRedirects)
    .where(and(sql`lower(${companyPublicPageRedirects.address}) = ${address}`, gt(companyPublicPageRedirects.expiresAt, now)))
    .limit(1);
  if (!old) return { kind: 'missing' };
  const moved = await livePageOf(db, eq(companyPublicPages.companyId, old.companyId), now);
  return moved ? { kind: 'moved', address: moved.address } : { kind: 'missing' };
}

/** The public page's content: every field a signed-out visitor may read, nothing else. */
export interface PublicCompany {
  companyId: number;
  address: string;
  noindex: boolean;
  name: string;
  /** The sign-up's free text, shown when no industry was picked from the list. */
  industry: string;
  industryId: number | null;
  about: string | null;
  website: string | null;
  location: string | null;
  size: CompanySize | null;
  logoUrl: string | null;
  /** People whose company-confirmed job here is current today, of active accounts. */
  verifiedEmployees: number;
  /** Who the company is beyond its name (decision 266). */
  identity: CompanyIdentity;
  updatedAt: Date;
}

/**
 * How many people hold a company-confirmed job at `companyId` that is current today (started, not
 * left, not past its planned end: server/shared/careers/lifecycle.ts's rule), counting active accounts only.
 */
export async function verifiedEmployeeCount(db: Db, companyId: number, now: Date): Promise<number> {
  const today = dayOf(now);
  const [row] = await db
    .select({ n: countDistinct(companyEmployments.userId) })
    .from(companyEmployments)
    .innerJoin(users, eq(users.id, companyEmployments.userId))
    .where(
      and(
        eq(companyEmployments.companyId, companyId),
        eq(users.status, 'active'),
        lte(companyEmployments.startDate, today),
        or(isNull(companyEmployments.leavesOn), gt(companyEmployments.leavesOn, today)),
        or(isNull(companyEmployments.plannedTermination), gte(companyEmployments.plannedTermination, today)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The page of a company whose address answered 'page'. */
export async function publicCompanyOf(
  db: Db,
  clock: Clock,
  answer: Extract<CompanyAddressAnswer, { kind: 'page' }>,
): Promise<PublicCompany> {
  const [row] = await db
    .select({
      name: companies.name,
      industry: companies.industry,
      industryId: companies.industryId,
      about: companies.about,
      website: companies.website,
      location: companies.location,
      size: companies.size,
      logoPath: companies.logoPath,
      updatedAt: companies.updatedAt,
      settingsAt: companyPublicPages.updatedAt,
    })
    .from(companies)
    .innerJoin(companyPublicPages, eq(companyPublicPages.companyId, companies.id))
    .where(eq(companies.id, answer.companyId))
    .limit(1);
  if (!row) throw new Error(`company ${answer.companyId} vanished between two reads`);
  return {
    companyId: answer.companyId,
    address: answer.address,
    noindex: answer.noindex,
    name: row.name,
    industry: row.industry,
    industryId: row.industryId,
    about: row.about,
    website: row.website,
    location: row.location,
    size: row.size as CompanySize | null,
    logoUrl: row.logoPath ? profileApiPaths.file(row.logoPath) : null,
    verifiedEmployees: await verifiedEmployeeCount(db, answer.companyId, clock.now()),
    identity: await companyIdentityOf(db, { id: answer.companyId, name: row.name }),
    updatedAt: new Date(Math.max(row.updatedAt.getTime(), row.settingsAt.getTime())),
  };
}

/** The pages the sitemap lists: on, indexable, of a company that still has its owner. */
export async function indexableCompanyPages(db: Db, now: Date): Promise<SitemapPage[]> {
  const rows = await db
    .select({ address: companyPublicPages.address, updatedAt: companyPublicPages.updatedAt })
    .from(companyPublicPages)
    .where(and(eq(companyPublicPages.isPublic, true), eq(companyPublicPages.noindex, false), hasOwner(now)))
    .orderBy(asc(companyPublicPages.address));
  return rows.map(({ address, updatedAt }) => ({
    paths: { en_GB: companyPublicPagePath(address, 'en_GB'), uk_UA: companyPublicPagePath(address, 'uk_UA') },
    updatedAt,
  }));
}
