// A company's revocation list (decision 232): signed as a BitstringStatusListCredential, and the key
// of what it is made from, so a kept copy is signed again only when that changes. Cut from credentials.ts.
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { companyDid, credentialPublicPaths, vcContextV2 } from '../../contract/credentials.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { issuedCredentials } from '../db/credentials-schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import { companyKeys } from './credential-keys.ts';
import { encodeStatusList } from './credential-status.ts';
import { isoSeconds, reconcileCompanyCredentials, signCredential } from './credentials.ts';

/** A company's signed revocation list, and the version of what it says (the bits and the keys). */
export interface SignedStatusList {
  jwt: string;
  /** The same while the revoked bits and the company's keys are: the answer's ETag. */
  version: string;
}

/**
 * The company's revocation list as a signed BitstringStatusListCredential (a compact JWS). Given the
 * list signed before, it is handed back unchanged when it still says the same, so its ETag stays.
 */
export async function statusListOf(
  deps: { db: Db; clock: Clock; config: Config },
  companyId: number,
  previous?: SignedStatusList,
): Promise<SignedStatusList> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const keys = await companyKeys(tx, companyId);
    if (!keys.length) throw new NotFoundError('This company has issued no credentials.');
    await reconcileCompanyCredentials(tx, companyId, now);
    const revoked = await tx
      .select({ index: issuedCredentials.statusIndex })
      .from(issuedCredentials)
      .where(and(eq(issuedCredentials.companyId, companyId), isNotNull(issuedCredentials.revokedAt)));
    const encodedList = encodeStatusList(revoked.map((r) => r.index));
    const version = createHash('sha256')
      .update(JSON.stringify([encodedList, keys.map((k) => [k.thumbprint, k.retiredAt?.toISOString() ?? null])]))
      .digest('base64url')
      .slice(0, 32);
    if (previous?.version === version) return previous;
    const url = `${deps.config.publicSiteUrl}${credentialPublicPaths.statusList(companyId)}`;
    const did = companyDid(deps.config.publicSiteUrl, companyId);
    const jwt = await signCredential(tx, deps.config, companyId, now, {
      '@context': [vcContextV2],
      id: url,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: did,
      validFrom: isoSeconds(now),
      credentialSubject: { id: `${url}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
    });
    return { jwt, version };
  });
}

/**
 * A key that changes whenever anything the company's revocation list is made from changes (decision
 * 232): its credentials and their bits, the jobs they state with their people's
 * status, teams, review rounds, ratings and competencies, its signing keys and its name (a credential
 * naming the company as it was is revoked). Whole rows go in, so a
 * column nobody thought of still counts; a change that matters not makes only one needless rebuild.
 * One query, however many credentials, instead of comparing each credential's facts on every read.
 */
export async function statusListSourceVersion(db: Queryable, companyId: number): Promise<string> {
  const result = (await db.execute(sql`
    with jobs as (select distinct company_employment_id as id from issued_credentials where company_id = ${companyId} and company_employment_id is not null)
    select md5(coalesce(string_agg(part, '|' order by part), '')) as version from (
      select 'c' || ic.id || ':' || ic.status_index || ':' || coalesce(ic.company_employment_id::text, '') || ':' || coalesce(ic.revoked_at::text, '') || ':' || ic.fingerprint || ':' || ic.includes_review || ':' || coalesce(ic.review_id::text, '') as part
        from issued_credentials ic where ic.company_id = ${companyId}
      union all
      select 'e' || ce::text from company_employments ce where ce.id in (select id from jobs)
      union all
      select 'u' || u.id || ':' || u.status from users u where u.id in (select ce.user_id from company_employments ce where ce.id in (select id from jobs))
      union all
      select 't' || t::text from teams t where t.id in (select ce.team_id from company_employments ce where ce.id in (select id from jobs))
      union all
      select 'r' || r::text from employment_reviews r where r.employment_id in (select id from jobs)
      union all
      select 'g' || g::text || ':' || k::text from employment_review_ratings g
        join employment_reviews r on r.id = g.review_id
        join competencies k on k.id = g.competency_id
        where r.employment_id in (select id from jobs)
      union all
      select 'k' || ck.id || ':' || ck.thumbprint || ':' || coalesce(ck.retired_at::text, '') from credential_keys ck where ck.company_id = ${companyId}
      union all
      select 'n' || co.name from companies co where co.id = ${companyId}
    ) parts
  `)) as unknown as { rows: { version: string }[] };
  return result.rows[0]?.version ?? '';
}
