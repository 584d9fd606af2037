// Bearer tokens: 256 random bits, stored only as a SHA-256 hash, with a small in-process cache of
// hash -> user for the lookup every authenticated request makes (ARCHITECTURE "The embedded database").
// The cache is only for a database one process owns (PGlite, behind the data-dir lock): with several
// API processes on PostgreSQL, a token one process revokes must be refused by every other at once, so
// each request asks the database (decision 071).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { CompanySessionEndReason } from '../../../contract/company-sessions.ts';
import type { Db } from '../../db/client.ts';
import { companyHandoffCodes, companySessions } from '../../db/company-schema.ts';
import { authTokens, companies, users } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { endCompanySessions, openedBy } from '../companies/session.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface CachedSession {
  userId: number;
  expiresAt: number;
  lastUsedAt: number;
}

/** A live session as the settings' list shows it. */
export interface SessionRow {
  id: number;
  tokenHash: string;
  userAgent: string | null;
  lastUsedAt: Date;
  createdAt: Date;
  /** The live company sessions this session opened (decision 243), newest first. */
  workspaces: { companyId: number; companyName: string; since: Date }[];
}

/** Told which companies' sessions ended, so their sockets close on every process (decision 243). */
export type CompanySessionsEndedListener = (companyIds: readonly number[]) => Promise<void>;

/** How stale `last_used_at` may get before a request writes it again (one write per session per interval, not per request). */
export const lastUsedIntervalMs = 5 * 60_000;
/** The longest User-Agent kept: enough to name a browser, not a place to store a payload. */
const maxUserAgentLength = 512;

/** Sessions one person may hold at once; signing in again ends the oldest (hardening issue, point 7). */
export const maxSessionsPerUser = 10;

export interface TokenStoreOptions {
  /** Keep resolved sessions in memory: only when this process is the database's only user. */
  cacheSessions: boolean;
  maxSessions?: number;
}

/** Issues, resolves and revokes tokens; one instance per app so tests stay isolated. */
export class TokenStore {
  private readonly cache = new Map<string, CachedSession>();
  private static readonly maxCached = 10_000;

  private readonly db: Db;
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private readonly cacheSessions: boolean;
  private readonly maxSessions: number;
  private companySessionsEnded: CompanySessionsEndedListener | undefined;

  constructor(db: Db, clock: Clock, ttlMs: number, options: TokenStoreOptions) {
    this.db = db;
    this.clock = clock;
    this.ttlMs = ttlMs;
    this.cacheSessions = options.cacheSessions;
    this.maxSessions = options.maxSessions ?? maxSessionsPerUser;
  }

  /** Who closes the sockets of ended company sessions: the realtime routes (one listener; a later one replaces it). */
  onCompanySessionsEnded(listener: CompanySessionsEndedListener): void {
    this.companySessionsEnded = listener;
  }

  /**
   * Ends the company sessions the ended profile sessions (by token hash) opened, and those sessions'
   * sockets (decision 243): one revocation reaches every session and socket that hangs off it.
   */
  private async endTheirWorkspaces(tokenHashes: readonly string[], reason: CompanySessionEndReason): Promise<void> {
    if (!tokenHashes.length) return;
    const companyIds = await endCompanySessions(this.db, this.clock.now(), openedBy(tokenHashes), reason);
    await this.db.delete(companyHandoffCodes).where(inArray(companyHandoffCodes.personalTokenHash, [...tokenHashes]));
    if (companyIds.length) await this.companySessionsEnded?.(companyIds);
  }

  /** A new session for `userId`; `userAgent` names its device in the session list. */
  async issue(userId: number, details: { userAgent?: string | undefined } = {}): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    const userAgent = details.userAgent ? details.userAgent.slice(0, maxUserAgentLength) : null;
    await this.db.insert(authTokens).values({ userId, tokenHash: hashToken(token), expiresAt, userAgent, lastUsedAt: now });
    // The newest sessions stay; older ones beyond the cap end (a forgotten device, a leaked token).
    const kept = this.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(eq(authTokens.userId, userId))
      .orderBy(desc(authTokens.id))
      .limit(this.maxSessions);
    const dropped = await this.db
      .delete(authTokens)
      .where(and(eq(authTokens.userId, userId), notInArray(authTokens.id, kept)))
      .returning({ tokenHash: authTokens.tokenHash });
    for (const row of dropped) this.cache.delete(row.tokenHash);
    await this.endTheirWorkspaces(
      dropped.map((row) => row.tokenHash),
      'signed_out',
    );
    return token;
  }

  /** The user id a live token belongs to, or undefined. */
  async resolve(token: string): Promise<number | undefined> {
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    const cached = this.cache.get(tokenHash);
    if (cached) {
      if (cached.expiresAt > now) {
        if (now - cached.lastUsedAt >= lastUsedIntervalMs) {
          cached.lastUsedAt = now;
          await this.touch(tokenHash, now);
        }
        return cached.userId;
      }
      this.cache.delete(tokenHash);
    }
    const [row] = await this.db
      .select({ userId: authTokens.userId, expiresAt: authTokens.expiresAt, lastUsedAt: authTokens.lastUsedAt })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, new Date(now)), eq(users.status, 'active')))
      .limit(1);
    if (!row) return undefined;
    let lastUsedAt = row.lastUsedAt?.getTime() ?? 0;
    if (now - lastUsedAt >= lastUsedIntervalMs) {
      lastUsedAt = now;
      await this.touch(tokenHash, now);
    }
    if (!this.cacheSessions) return row.userId;
    if (this.cache.size >= TokenStore.maxCached) this.cache.clear();
    this.cache.set(tokenHash, { userId: row.userId, expiresAt: row.expiresAt.getTime(), lastUsedAt });
    return row.userId;
  }

  private async touch(tokenHash: string, now: number): Promise<void> {
    await this.db
      .update(authTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(authTokens.tokenHash, tokenHash));
  }

  /** The live sessions of a user, most recently used first, each with the workspaces it opened. */
  async sessionsOf(userId: number): Promise<SessionRow[]> {
    const now = this.clock.now();
    const rows = await this.db
      .select({
        id: authTokens.id,
        tokenHash: authTokens.tokenHash,
        userAgent: authTokens.userAgent,
        lastUsedAt: authTokens.lastUsedAt,
        createdAt: authTokens.createdAt,
      })
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), gt(authTokens.expiresAt, now)))
      .orderBy(desc(authTokens.lastUsedAt), desc(authTokens.id));
    const workspaces = await this.db
      .select({
        personalTokenHash: companySessions.personalTokenHash,
        companyId: companySessions.companyId,
        companyName: companies.name,
        since: companySessions.createdAt,
      })
      .from(companySessions)
      .innerJoin(companies, eq(companies.id, companySessions.companyId))
      .where(and(eq(companySessions.userId, userId), isNull(companySessions.endedAt), gt(companySessions.expiresAt, now)))
      .orderBy(desc(companySessions.id));
    return rows.map((row) => ({
      ...row,
      lastUsedAt: row.lastUsedAt ?? row.createdAt,
      workspaces: workspaces
        .filter((w) => w.personalTokenHash === row.tokenHash)
        .map(({ companyId, companyName, since }) => ({ companyId, companyName, since })),
    }));
  }

  /** Ends one session of `userId` by its id, and the workspaces it opened; false when the user has no such session. */
  async revokeSessionOf(userId: number, sessionId: number): Promise<boolean> {
    const deleted = await this.db
      .delete(authTokens)
      .where(and(eq(authTokens.id, sessionId), eq(authTokens.userId, userId)))
      .returning({ tokenHash: authTokens.tokenHash });
    for (const row of deleted) this.cache.delete(row.tokenHash);
    await this.endTheirWorkspaces(
      deleted.map((row) => row.tokenHash),
      'signed_out',
    );
    return deleted.length > 0;
  }

  /**
   * Ends every session of `userId` but the one of `keepToken` (a password change, 'sign out all other
   * sessions'), company-host sessions and unused hand-over codes included; how
   * many ended.
   */
  async revokeOthersOf(
    userId: number,
    keepToken: string,
    options: { keepItsWorkspaces?: boolean; reason?: CompanySessionEndReason } = {},
  ): Promise<number> {
    const keep = hashToken(keepToken);
    const deleted = await this.db
      .delete(authTokens)
      .where(and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, keep)))
      .returning({ tokenHash: authTokens.tokenHash });
    for (const row of deleted) this.cache.delete(row.tokenHash);
    const reason = options.reason ?? 'signed_out';
    return deleted.length + (await this.revokeCompanyAccessOf(userId, reason, options.keepItsWorkspaces ? keep : undefined));
  }

  /**
   * Ends every company-host session (kept as a marker of `reason`, decision 243) and unused hand-over
   * code of `userId`, and closes their sockets; how many sessions ended. With `keepOf`, the ones
   * opened from that personal session stay (turning two-step on, decision 241).
   */
  async revokeCompanyAccessOf(userId: number, reason: CompanySessionEndReason, keepOf?: string): Promise<number> {
    const spare = (column: typeof companySessions.personalTokenHash | typeof companyHandoffCodes.personalTokenHash) =>
      keepOf === undefined ? undefined : or(isNull(column), ne(column, keepOf));
    const now = this.clock.now();
    const live = and(eq(companySessions.userId, userId), isNull(companySessions.endedAt), gt(companySessions.expiresAt, now));
    const [{ count } = { count: 0 }] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(companySessions)
      .where(and(live, spare(companySessions.personalTokenHash)));
    const companyIds = await endCompanySessions(
      this.db,
      now,
      and(eq(companySessions.userId, userId), spare(companySessions.personalTokenHash)),
      reason,
    );
    await this.db
      .delete(companyHandoffCodes)
      .where(and(eq(companyHandoffCodes.userId, userId), spare(companyHandoffCodes.personalTokenHash)));
    if (companyIds.length) await this.companySessionsEnded?.(companyIds);
    return count;
  }

  /**
   * Ends the session of `token` (signing out) and the workspaces it opened: whose session it was, or
   * undefined when there was no live session to end.
   */
  async revoke(token: string): Promise<number | undefined> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    const [deleted] = await this.db
      .delete(authTokens)
      .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, this.clock.now())))
      .returning({ userId: authTokens.userId });
    await this.endTheirWorkspaces([tokenHash], 'signed_out');
    return deleted?.userId;
  }

  /** When the live session of `token` ends by itself, or undefined when it is not live. */
  async expiryOf(token: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, hashToken(token)), gt(authTokens.expiresAt, this.clock.now())))
      .limit(1);
    return row?.expiresAt;
  }

  /** Ends every session of a user, company-host ones included (password reset, account closure). */
  async revokeAllOf(userId: number, reason: CompanySessionEndReason = 'password_changed'): Promise<void> {
    for (const [key, session] of this.cache) if (session.userId === userId) this.cache.delete(key);
    await this.db.delete(authTokens).where(eq(authTokens.userId, userId));
    await this.revokeCompanyAccessOf(userId, reason);
  }
}
