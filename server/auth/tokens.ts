// Bearer tokens: 256 random bits, stored only as a SHA-256 hash, with a small in-process cache of
// hash -> user for the lookup every authenticated request makes (ARCHITECTURE "The embedded database").
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens, users } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface CachedSession {
  userId: number;
  expiresAt: number;
}

/** Issues, resolves and revokes tokens; one instance per app so tests stay isolated. */
export class TokenStore {
  private readonly cache = new Map<string, CachedSession>();
  private static readonly maxCached = 10_000;

  private readonly db: Db;
  private readonly clock: Clock;
  private readonly ttlMs: number;

  constructor(db: Db, clock: Clock, ttlMs: number) {
    this.db = db;
    this.clock = clock;
    this.ttlMs = ttlMs;
  }

  async issue(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + this.ttlMs);
    await this.db.insert(authTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
    return token;
  }

  /** The user id a live token belongs to, or undefined. */
  async resolve(token: string): Promise<number | undefined> {
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    const cached = this.cache.get(tokenHash);
    if (cached) {
      if (cached.expiresAt > now) return cached.userId;
      this.cache.delete(tokenHash);
    }
    const [row] = await this.db
      .select({ userId: authTokens.userId, expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, new Date(now)), eq(users.status, 'active')))
      .limit(1);
    if (!row) return undefined;
    if (this.cache.size >= TokenStore.maxCached) this.cache.clear();
    this.cache.set(tokenHash, { userId: row.userId, expiresAt: row.expiresAt.getTime() });
    return row.userId;
  }

  async revoke(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    await this.db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
  }

  /** Ends every session of a user (password reset, account closure). */
  async revokeAllOf(userId: number): Promise<void> {
    for (const [key, session] of this.cache) if (session.userId === userId) this.cache.delete(key);
    await this.db.delete(authTokens).where(eq(authTokens.userId, userId));
  }
}
