// People as other people see them in lists (members, reviewers, hires): name and photo by user id.
import { inArray, eq } from 'drizzle-orm';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Queryable } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';

/** Display name and photo of people, by user id. */
export async function peopleByIds(
  db: Queryable,
  userIds: number[],
): Promise<Map<number, { name: string; photoUrl: string | null; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, first: profiles.firstName, last: profiles.lastName, photo: profiles.photoPath })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: [r.first, r.last].filter(Boolean).join(' ') || r.email,
        photoUrl: r.photo ? profileApiPaths.file(r.photo) : null,
        email: r.email,
      },
    ]),
  );
}

/** The name on a person's profile ('Olena Kovalenko'), or null when they gave none. */
export async function profileNameOf(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ first: profiles.firstName, last: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return [row?.first, row?.last].filter(Boolean).join(' ') || null;
}
