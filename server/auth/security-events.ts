// Security activity (issue 28): the one call a feature makes to record a sign-in, a failed attempt or
// a security change, and the settings' list of them. Kept 90 days: a person's older events go as a
// new one comes. Where a request came from is told only as far as the address honestly tells (no
// outside look-up is reachable): 'local network' for private ranges, otherwise the address itself.
import { isIPv4, isIPv6 } from 'node:net';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { securityEventRetentionDays, type SecurityEvent, type SecurityEventKind, type SecurityEventPlace } from '../../contract/security-events.ts';
import type { Queryable } from '../db/client.ts';
import { securityEvents } from '../db/security-schema.ts';
import { deviceNameOf } from '../settings/user-agent.ts';

const retentionMs = securityEventRetentionDays * 24 * 60 * 60 * 1000;
const listed = 100;

export interface SecurityEventInput {
  userId: number;
  kind: SecurityEventKind;
  address?: string | undefined;
  userAgent?: string | undefined;
  now: Date;
}

export async function recordSecurityEvent(db: Queryable, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    kind: event.kind,
    address: event.address?.slice(0, 64) ?? null,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
    createdAt: event.now,
  });
  await db.delete(securityEvents).where(and(eq(securityEvents.userId, event.userId), lt(securityEvents.createdAt, new Date(event.now.getTime() - retentionMs))));
}

/** Private, loopback, link-local and unique-local ranges (IPv4, IPv6 and IPv4-mapped IPv6). */
export function isLocalNetworkAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? (isIPv4(address) ? address : undefined);
  if (v4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (!isIPv6(address)) return false;
  const lower = address.toLowerCase();
  return lower === '::1' || /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
}

export function placeOf(address: string | null): SecurityEventPlace {
  if (!address) return { kind: 'unknown', address: null };
  return isLocalNetworkAddress(address) ? { kind: 'local_network', address } : { kind: 'address', address };
}

/** The person's security events of the last 90 days, newest first. */
export async function securityEventsOf(db: Queryable, userId: number, now: Date): Promise<SecurityEvent[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), gte(securityEvents.createdAt, new Date(now.getTime() - retentionMs))))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(listed);
  return rows.map((row) => {
    const { browser, os } = deviceNameOf(row.userAgent);
    return { id: row.id, kind: row.kind, browser, os, place: placeOf(row.address), created_at: row.createdAt.toISOString() };
  });
}
