// Opt-in public profiles (decision 208): the person's settings (address, on/off, what the
// page shows), what an address answers (the page, a redirect from an old address, or nothing), and
// the page's content as a signed-out visitor may see it.
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Locale } from '../../contract/locale.ts';
import { defaultContactVisibility } from '../../contract/profile-visibility.ts';
import type { ProfilePage } from '../../contract/profile-sections.ts';
import {
  defaultPublicProfileSections,
  publicAddressProblem,
  publicAddressRedirectDays,
  publicProfilePath,
  publicProfileSections,
  suggestPublicAddress,
  type PublicProfileSections,
} from '../../contract/public-profile.ts';
import type {
  PublicAddressAvailability,
  PublicProfileSettings,
  UpdatePublicProfileRequest,
} from '../../contract/public-profile-schemas.ts';
import { messageRef } from '../../contract/message-refs.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { SitemapPage } from '../http/sitemap.ts';
import { publicProfileRedirects, publicProfiles } from '../db/public-profile-schema.ts';
import { profiles, users } from '../db/schema.ts';
import { RuleBrokenError } from '../domain-errors.ts';
import { getProfilePage } from './page-service.ts';

const dayMs = 24 * 60 * 60 * 1000;

function sectionsOf(stored: Partial<PublicProfileSections> | null | undefined): PublicProfileSections {
  const out = { ...defaultPublicProfileSections };
  for (const section of publicProfileSections) if (typeof stored?.[section] === 'boolean') out[section] = stored[section];
  return out;
}

/** Who holds `address` now (a profile's address, or an old address still redirecting), other than `userId`. */
async function holderOf(db: Queryable, address: string, now: Date): Promise<number | undefined> {
  const [own] = await db
    .select({ userId: publicProfiles.userId })
    .from(publicProfiles)
    .where(sql`lower(${publicProfiles.address}) = ${address}`)
    .limit(1);
  if (own) return own.userId;
  const [old] = await db
    .select({ userId: publicProfileRedirects.userId })
    .from(publicProfileRedirects)
    .where(and(sql`lower(${publicProfileRedirects.address}) = ${address}`, gt(publicProfileRedirects.expiresAt, now)))
    .limit(1);
  return old?.userId;
}

/** Whether `userId` may take `address` (already lower-cased): format, reserved, taken by someone else. */
export async function addressAvailability(db: Db, clock: Clock, userId: number, raw: string): Promise<PublicAddressAvailability> {
  const address = raw.trim().toLowerCase();
  const problem = publicAddressProblem(address);
  if (problem) return { address, available: false, reason: problem };
  const holder = await holderOf(db, address, clock.now());
  if (holder !== undefined && holder !== userId) return { address, available: false, reason: 'taken' };
  return { address, available: true, reason: null };
}

/** A free address from the person's name: the name itself, else with -2, -3, … after it. */
async function suggestionFor(db: Db, clock: Clock, userId: number, firstName: string, lastName: string): Promise<string> {
  const base = suggestPublicAddress(firstName, lastName);
  for (let n = 1; n < 50; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 56)}-${n}`;
    const holder = await holderOf(db, candidate, clock.now());
    if (holder === undefined || holder === userId) return candidate;
  }
  return `${base.slice(0, 50)}-${userId}`;
}

/** The settings card's read: the chosen address or, before the first save, a suggestion. */
export async function getPublicProfileSettings(db: Db, clock: Clock, userId: number): Promise<PublicProfileSettings> {
  const [row] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, settings: publicProfiles })
    .from(profiles)
    .leftJoin(publicProfiles, eq(publicProfiles.userId, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  const settings = row?.settings;
  const suggested = settings?.address ?? (await suggestionFor(db, clock, userId, row?.firstName ?? '', row?.lastName ?? ''));
  return {
    address: settings?.address ?? null,
    suggested_address: suggested,
    is_public: settings?.isPublic ?? false,
    noindex: settings?.noindex ?? false,
    sections: sectionsOf(settings?.sections),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (current.code === '23505') return true;
    current = current.cause as { code?: unknown; cause?: unknown } | undefined;
  }
  return false;
}

const taken = () => new RuleBrokenError([{ field: 'address', message: messageRef('validation.publicAddressTaken') }]);

/**
 * Saves the settings. A changed address leaves the old one redirecting for 30 days (then anyone may
 * take it); taking back one's own old address ends its redirect. Turning the page off takes it down
 * at once: the page is read per request, nothing is cached on our side.
 */
export async function savePublicProfileSettings(
  db: Db,
  clock: Clock,
  userId: number,
  input: UpdatePublicProfileRequest,
): Promise<PublicProfileSettings> {
  const now = clock.now();
  const address = input.address;
  try {
    await db.transaction(async (tx) => {
      // Redirects past their 30 days free their address for anyone.
      await tx.delete(publicProfileRedirects).where(lte(publicProfileRedirects.expiresAt, now));
      const holder = await holderOf(tx, address, now);
      if (holder !== undefined && holder !== userId) throw taken();
      const [current] = await tx
        .select({ address: publicProfiles.address })
        .from(publicProfiles)
        .where(eq(publicProfiles.userId, userId))
        .limit(1);
      await tx
        .delete(publicProfileRedirects)
        .where(and(eq(publicProfileRedirects.userId, userId), sql`lower(${publicProfileRedirects.address}) = ${address}`));
      const values = { address, isPublic: input.is_public, noindex: input.noindex, sections: input.sections, updatedAt: now };
      if (current && current.address !== address) {
        await tx
          .insert(publicProfileRedirects)
          .values({ address: current.address, userId, expiresAt: new Date(now.getTime() + publicAddressRedirectDays * dayMs) });
      }
      await tx
        .insert(publicProfiles)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: publicProfiles.userId, set: values });
    });
  } catch (error) {
    // Two people saving the same address at once: the unique index decides, the loser is told it is taken.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return getPublicProfileSettings(db, clock, userId);
}

/** What an address answers: the person's page, a move to their current address, or nothing. */
export type AddressAnswer =
  | { kind: 'page'; userId: number; address: string; noindex: boolean; sections: PublicProfileSections }
  | { kind: 'moved'; address: string }
  | { kind: 'missing' };

async function liveProfileOf(db: Db, where: ReturnType<typeof sql>) {
  const [row] = await db
    .select({
      userId: publicProfiles.userId,
      address: publicProfiles.address,
      noindex: publicProfiles.noindex,
      sections: publicProfiles.sections,
    })
    .from(publicProfiles)
    .innerJoin(users, eq(users.id, publicProfiles.userId))
    // A closed account or a page switched off answers the same as an unknown name.
    .where(and(where, eq(publicProfiles.isPublic, true), eq(users.status, 'active')))
    .limit(1);
  return row;
}

/** The address of a person's public page when it is on and their account open, else null. */
export async function publicAddressOf(db: Db, userId: number): Promise<string | null> {
  return (await liveProfileOf(db, sql`${publicProfiles.userId} = ${userId}`))?.address ?? null;
}

export async function resolvePublicAddress(db: Db, clock: Clock, raw: string): Promise<AddressAnswer> {
  const address = raw.toLowerCase();
  if (publicAddressProblem(address) === 'format') return { kind: 'missing' };
  const page = await liveProfileOf(db, sql`lower(${publicProfiles.address}) = ${address}`);
  if (page) return { kind: 'page', userId: page.userId, address: page.address, noindex: page.noindex, sections: sectionsOf(page.sections) };
  const [old] = await db
    .select({ userId: publicProfileRedirects.userId })
    .from(publicProfileRedirects)
    .where(and(sql`lower(${publicProfileRedirects.address}) = ${address}`, gt(publicProfileRedirects.expiresAt, clock.now())))
    .limit(1);
  if (!old) return { kind: 'missing' };
  const moved = await liveProfileOf(db, sql`${publicProfiles.userId} = ${old.userId}`);
  return moved ? { kind: 'moved', address: moved.address } : { kind: 'missing' };
}

/** The public page's content: every field a signed-out visitor may read, nothing else. */
export interface PublicProfile {
  address: string;
  noindex: boolean;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  headline: string | null;
  profileStatus: ProfilePage['profile_status'];
  locale: Locale;
  jobs: ProfilePage['jobs'];
  skills: { name: string; endorsements: number }[];
  languages: ProfilePage['languages'];
  educations: ProfilePage['educations'];
  certifications: { name: string; provider: string | null; issueDate: string | null; expirationDate: string | null; url: string | null }[];
  projects: { title: string; description: string | null; url: string | null; startDate: string | null; endDate: string | null }[];
  contactEmail: string | null;
  contactPhone: string | null;
  updatedAt: Date;
}

// The profile page's read, as a person other than the owner sees it (no id is 0: identities start at
// 1), so only accepted and shown content comes back; what the public page then keeps is chosen below.
const noViewer = 0;

/** The page of a person whose address answered 'page'. */
export async function publicProfileOf(db: Db, clock: Clock, answer: Extract<AddressAnswer, { kind: 'page' }>): Promise<PublicProfile> {
  const page = await getProfilePage(db, clock, answer.userId, noViewer);
  const [meta] = await db
    .select({ contactVisibility: profiles.contactVisibility, updatedAt: profiles.updatedAt, settingsAt: publicProfiles.updatedAt })
    .from(profiles)
    .innerJoin(publicProfiles, eq(publicProfiles.userId, profiles.userId))
    .where(eq(profiles.userId, answer.userId));
  const shows = answer.sections;
  // Contact fields only where the person chose 'Everyone' (decision 153): the public page is where
  // 'Everyone' is read by people who are not signed in.
  const isForEveryone = (field: 'contact_email' | 'contact_phone') =>
    (meta?.contactVisibility?.[field] ?? defaultContactVisibility[field]) === 'everyone';
  return {
    address: answer.address,
    noindex: answer.noindex,
    firstName: page.first_name,
    lastName: page.last_name,
    photoUrl: page.photo_url,
    headline: page.headline,
    profileStatus: page.profile_status,
    locale: page.locale,
    jobs: shows.experience ? page.jobs : [],
    skills: shows.skills ? page.skills.map((s) => ({ name: s.name, endorsements: s.endorsement_count })) : [],
    languages: shows.languages ? page.languages : [],
    educations: shows.education ? page.educations : [],
    certifications: shows.certifications
      ? page.certifications.map((c) => ({
          name: c.name,
          provider: c.provider,
          issueDate: c.issue_date,
          expirationDate: c.expiration_date,
          url: c.credential_url,
        }))
      : [],
    projects: shows.projects
      ? page.projects.map((p) => ({ title: p.title, description: p.description, url: p.url, startDate: p.start_date, endDate: p.end_date }))
      : [],
    contactEmail: shows.contact && isForEveryone('contact_email') ? page.contact_email : null,
    contactPhone: shows.contact && isForEveryone('contact_phone') ? page.contact_phone : null,
    updatedAt: new Date(Math.max(meta?.updatedAt.getTime() ?? 0, meta?.settingsAt.getTime() ?? 0)),
  };
}

/** The pages the sitemap lists: public, indexable, of active accounts. */
export async function indexableProfilePages(db: Db): Promise<SitemapPage[]> {
  const rows = await db
    .select({ address: publicProfiles.address, updatedAt: publicProfiles.updatedAt })
    .from(publicProfiles)
    .innerJoin(users, eq(users.id, publicProfiles.userId))
    .where(and(eq(publicProfiles.isPublic, true), eq(publicProfiles.noindex, false), eq(users.status, 'active')))
    .orderBy(asc(publicProfiles.address));
  return rows.map(({ address, updatedAt }) => ({
    paths: { en_GB: publicProfilePath(address, 'en_GB'), uk_UA: publicProfilePath(address, 'uk_UA') },
    updatedAt,
  }));
}
