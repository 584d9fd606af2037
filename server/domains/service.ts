// A company's domains and their proof (decision 248): adding one (with its random token),
// checking it now, the daily re-check with its grace period, and the rule that a domain with its
// subdomains is verified for one company at a time: the later company that proves it takes it over
// and the earlier one's owners and admins are told. Framework-free: routes and the job call these.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { domainGraceHours, type AddDomainRequest, type CompanyDomain, type DomainCheckFailure } from '../../contract/company-domains.ts';
import { messageRef, type ValidationMessageKey } from '../../contract/message-refs.ts';
import type { Clock } from '../clock.ts';
import type { DomainCheckConfig } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyDomains } from '../db/company-schema.ts';
import { RuleBrokenError } from '../domain-errors.ts';
import { CompanyResourceNotFoundError } from '../shared/companies/errors.ts';
import { notify } from '../shared/notifications/writer.ts';
import { didConfigurationPath } from '../../contract/company-domains.ts';
import { checkDns, checkHttp, originOf, proofOf } from './checks.ts';
import { linkageOf, recordLinkage } from './linkage.ts';
import { displayOf, parentDomainsOf, parseDomainName } from './names.ts';

type Row = typeof companyDomains.$inferSelect;

/** Domains one company may list (owners remove the ones they no longer use). */
export const maxDomainsPerCompany = 20;
const graceMs = domainGraceHours * 60 * 60 * 1000;
/** A verified domain is checked again once this long has passed since its last check. */
export const recheckEveryMs = 24 * 60 * 60 * 1000;

const problem = (key: ValidationMessageKey, params?: Record<string, number>) =>
  new RuleBrokenError([{ field: 'domain', message: messageRef(key, params) }]);

function domainOf(row: Row, config: DomainCheckConfig): CompanyDomain {
  const failing = row.status === 'verified' && row.failingSince !== null;
  return {
    id: row.id,
    domain: row.domain,
    display: displayOf(row.domain),
    status: row.status,
    method: row.method,
    proof: proofOf(row.domain, row.token, config),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_failure: row.lastDnsFailure && row.lastHttpFailure ? { dns: row.lastDnsFailure, http: row.lastHttpFailure } : null,
    lapses_at: failing ? new Date(row.failingSince!.getTime() + graceMs).toISOString() : null,
    lapse_reason: row.status === 'lapsed' ? row.lapseReason : null,
    origin: originOf(row.domain, config),
    did_configuration_url: `${originOf(row.domain, config)}${didConfigurationPath}`,
    linkage: linkageOf(row),
  };
}

export async function listDomains(db: Db, config: DomainCheckConfig, companyId: number): Promise<CompanyDomain[]> {
  const rows = await db.select().from(companyDomains).where(eq(companyDomains.companyId, companyId)).orderBy(asc(companyDomains.id));
  return rows.map((row) => domainOf(row, config));
}

/** Whether another company holds a verified domain above `domain` (its subdomains are that company's). */
async function heldAboveByAnother(db: Queryable, companyId: number, domain: string): Promise<boolean> {
  const parents = parentDomainsOf(domain);
  if (!parents.length) return false;
  const [row] = await db
    .select({ id: companyDomains.id })
    .from(companyDomains)
    .where(and(inArray(companyDomains.domain, parents), eq(companyDomains.status, 'verified'), ne(companyDomains.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}

/** Adds a domain with a new random token, pending until a check finds the proof; 422 with the reason otherwise. */
export async function addDomain(db: Db, config: DomainCheckConfig, companyId: number, input: AddDomainRequest): Promise<CompanyDomain> {
  const parsed = parseDomainName(input.domain);
  if (!parsed.ok) {
    throw problem(
      parsed.problem === 'ip_address'
        ? 'validation.domainIpAddress'
        : parsed.problem === 'public_suffix'
          ? 'validation.domainPublicSuffix'
          : 'validation.domain',
    );
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('company_domains'), ${companyId}::int)`);
    const [mine] = await tx.select({ n: count() }).from(companyDomains).where(eq(companyDomains.companyId, companyId));
    const [same] = await tx
      .select({ id: companyDomains.id })
      .from(companyDomains)
      .where(and(eq(companyDomains.companyId, companyId), eq(companyDomains.domain, parsed.domain)))
      .limit(1);
    if (same) throw problem('validation.domainAdded');
    if ((mine?.n ?? 0) >= maxDomainsPerCompany) throw problem('validation.tooMany', { maximum: maxDomainsPerCompany });
    if (await heldAboveByAnother(tx, companyId, parsed.domain)) throw problem('validation.domainHeldAbove');
    const [row] = await tx
      .insert(companyDomains)
      .values({ companyId, domain: parsed.domain, token: randomBytes(32).toString('base64url') })
      .returning();
    return domainOf(row!, config);
  });
}

async function rowOf(db: Queryable, companyId: number, domainId: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(companyDomains)
    .where(and(eq(companyDomains.id, domainId), eq(companyDomains.companyId, companyId)))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Domain not found.');
  return row;
}

/** Removes a domain from the company (verified or not); 404 for another company's. */
export async function removeDomain(db: Db, companyId: number, domainId: number): Promise<void> {
  const removed = await db
    .delete(companyDomains)
    .where(and(eq(companyDomains.id, domainId), eq(companyDomains.companyId, companyId)))
    .returning({ id: companyDomains.id });
  if (!removed.length) throw new CompanyResourceNotFoundError('Domain not found.');
}

/** What both ways of proof found: null each where it held. */
export interface CheckResult {
  dns: DomainCheckFailure | null;
  http: DomainCheckFailure | null;
}

/** Both ways of proof at once, each within its own deadline. */
export async function runChecks(domain: string, token: string, config: DomainCheckConfig): Promise<CheckResult> {
  const [dns, http] = await Promise.all([checkDns(domain, token, config), checkHttp(domain, token, config)]);
  return { dns, http };
}

/**
 * Records a check's result on the row. A proof found verifies the domain (and takes it and its
 * subdomains over from any other company, whose managers are told); a proof missing on a verified
 * domain starts, or runs on, its grace period, past which it lapses and the company's managers are
 * told. `refuseHeldAbove` answers 422 when another company holds a domain above (a press of "Check
 * now"); the job just records the failure then.
 */
async function applyCheck(db: Db, row: Row, result: CheckResult, now: Date, refuseHeldAbove: boolean): Promise<Row> {
  return db.transaction(async (tx) => {
    // One domain tree at a time: two companies proving one name, or a name and its parent, queue here.
    const tree = parentDomainsOf(row.domain).at(-1) ?? row.domain;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`company_domains:${tree}`}))`);
    const [current] = await tx.select().from(companyDomains).where(eq(companyDomains.id, row.id)).limit(1);
    if (!current) throw new CompanyResourceNotFoundError('Domain not found.');
    const proved = result.dns === null ? 'dns' : result.http === null ? 'http' : null;
    if (proved && (await heldAboveByAnother(tx, current.companyId, current.domain))) {
      if (refuseHeldAbove) throw problem('validation.domainHeldAbove');
      return current;
    }
    if (proved) {
      const taken = await tx
        .update(companyDomains)
        .set({
          status: 'lapsed',
          lapsedAt: now,
          lapseReason: 'taken_over',
          takenByCompanyId: current.companyId,
          failingSince: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(companyDomains.status, 'verified'),
            ne(companyDomains.companyId, current.companyId),
            or(eq(companyDomains.domain, current.domain), sql`${companyDomains.domain} like ${`%.${current.domain}`}`),
          ),
        )
        .returning();
      for (const lost of taken) {
        await notify(tx, {
          kind: 'domain_taken_over',
          to: { companyId: lost.companyId, on: now, may: 'domains.manage' },
          subject: { type: 'company', id: lost.companyId, name: displayOf(lost.domain) },
        });
      }
      const [saved] = await tx
        .update(companyDomains)
        .set({
          status: 'verified',
          method: proved,
          verifiedAt: current.status === 'verified' ? current.verifiedAt : now,
          lastCheckedAt: now,
          lastDnsFailure: null,
          lastHttpFailure: null,
          failingSince: null,
          lapsedAt: null,
          lapseReason: null,
          takenByCompanyId: null,
          updatedAt: now,
        })
        .where(eq(companyDomains.id, current.id))
        .returning();
      return saved!;
    }
    const failed = { lastCheckedAt: now, lastDnsFailure: result.dns, lastHttpFailure: result.http, updatedAt: now };
    if (current.status !== 'verified') {
      const [saved] = await tx.update(companyDomains).set(failed).where(eq(companyDomains.id, current.id)).returning();
      return saved!;
    }
    const failingSince = current.failingSince ?? now;
    const lapses = now.getTime() - failingSince.getTime() >= graceMs;
    const [saved] = await tx
      .update(companyDomains)
      .set(
        lapses
          ? { ...failed, status: 'lapsed', failingSince: null, lapsedAt: now, lapseReason: 'proof_gone' }
          : { ...failed, failingSince },
      )
      .where(eq(companyDomains.id, current.id))
      .returning();
    if (lapses) {
      await notify(tx, {
        kind: 'domain_lapsed',
        to: { companyId: current.companyId, on: now, may: 'domains.manage' },
        subject: { type: 'company', id: current.companyId, name: displayOf(current.domain) },
      });
    }
    return saved!;
  });
}

/** "Check now": both ways of proof, recorded; answers the domain as it stands after. */
export async function checkDomain(
  db: Db,
  clock: Clock,
  config: DomainCheckConfig,
  companyId: number,
  domainId: number,
): Promise<CompanyDomain> {
  const row = await rowOf(db, companyId, domainId);
  const result = await runChecks(row.domain, row.token, config);
  const saved = await applyCheck(db, row, result, clock.now(), true);
  // A verified domain's DID Configuration is checked with it (decision 258).
  return domainOf(await recordLinkage(db, config, saved, clock.now()), config);
}

/**
 * The daily re-check (decision 248): every verified domain last checked a day ago or more (the demo's
 * excepted), a batch at a time. Each row is claimed by moving its last check to now first, so two API
 * processes never check one domain twice. Returns how many it checked and how many lapsed.
 */
export async function recheckDueDomains(
  db: Db,
  clock: Clock,
  config: DomainCheckConfig,
  options: { batch?: number; check?: typeof runChecks } = {},
): Promise<{ checked: number; lapsed: number }> {
  const now = clock.now();
  const due = await db
    .select()
    .from(companyDomains)
    .where(
      and(
        eq(companyDomains.status, 'verified'),
        ne(companyDomains.method, 'demo'),
        or(isNull(companyDomains.lastCheckedAt), lt(companyDomains.lastCheckedAt, new Date(now.getTime() - recheckEveryMs + 60_000))),
      ),
    )
    .orderBy(asc(companyDomains.lastCheckedAt), asc(companyDomains.id))
    .limit(options.batch ?? 50);
  let checked = 0;
  let lapsed = 0;
  for (const row of due) {
    const claimed = await db
      .update(companyDomains)
      .set({ lastCheckedAt: now })
      .where(
        and(
          eq(companyDomains.id, row.id),
          row.lastCheckedAt ? eq(companyDomains.lastCheckedAt, row.lastCheckedAt) : isNull(companyDomains.lastCheckedAt),
        ),
      )
      .returning({ id: companyDomains.id });
    if (!claimed.length) continue;
    const result = await (options.check ?? runChecks)(row.domain, row.token, config);
    const saved = await recordLinkage(db, config, await applyCheck(db, row, result, clock.now(), false), clock.now());
    checked += 1;
    if (saved.status === 'lapsed') lapsed += 1;
  }
  return { checked, lapsed };
}

/** A verified domain last checked longer ago than this is checked again before a credential is issued. */
export const freshBeforeIssueMs = 60 * 60 * 1000;

/**
 * Before a credential is issued: the company's verified domains (the demo's excepted) whose
 * last check is older than an hour are checked now, each claimed like the daily job's, so the issue
 * reads a domain status at most an hour old; a proof gone past its grace lapses here.
 */
export async function recheckBeforeIssue(db: Db, clock: Clock, config: DomainCheckConfig, companyId: number): Promise<void> {
  const now = clock.now();
  const stale = await db
    .select()
    .from(companyDomains)
    .where(
      and(
        eq(companyDomains.companyId, companyId),
        eq(companyDomains.status, 'verified'),
        ne(companyDomains.method, 'demo'),
        or(isNull(companyDomains.lastCheckedAt), lt(companyDomains.lastCheckedAt, new Date(now.getTime() - freshBeforeIssueMs))),
      ),
    );
  await Promise.all(
    stale.map(async (row) => {
      const claimed = await db
        .update(companyDomains)
        .set({ lastCheckedAt: now })
        .where(
          and(
            eq(companyDomains.id, row.id),
            row.lastCheckedAt ? eq(companyDomains.lastCheckedAt, row.lastCheckedAt) : isNull(companyDomains.lastCheckedAt),
          ),
        )
        .returning({ id: companyDomains.id });
      if (claimed.length) await applyCheck(db, row, await runChecks(row.domain, row.token, config), clock.now(), false);
    }),
  );
}

/** Starts the re-check: a minute after start, then every hour for what fell due; stop() waits for a run in progress. */
export function startDomainRechecks(
  db: Db,
  clock: Clock,
  config: DomainCheckConfig,
  onError: (error: unknown) => void,
  everyMs = 60 * 60 * 1000,
): { stop: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        // Batches until nothing is due, so a large list catches up within the hour.
        while ((await recheckDueDomains(db, clock, config)).checked > 0);
      } catch (error) {
        onError(error);
      }
    });
  };
  const first = setTimeout(run, Math.min(everyMs, 60_000));
  first.unref();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
