// Activity entries: the `/activities` list with presets, sorts and cursor pages, writing and deleting
// one's own posts (decision 141). Framework-free: routes call these with a database handle.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ActivityEntry, ActivityList, ActivityListQuery, ActivitySort, CreatePostRequest } from '../../contract/activities.ts';
import { wordsUnder } from '../../contract/i18n/index.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { activities } from '../db/activity-schema.ts';
import type { Db, Queryable } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import { customRange, isKnownTimeZone, presetRange, type Range } from './date-ranges.ts';

/** The reader's time zone (their profile's), UTC when they have none or it is not a known zone. */
export async function timeZoneOf(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const zone = row?.timeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

/** Whether `userId` is an open account whose entries signed-in people may see. */
export async function isVisibleAuthor(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  return Boolean(row);
}

type Cursor = [key: string, id: number];

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      if (value[0].length <= 300) return value as Cursor;
    }
  } catch {
    // A cursor that does not decode is treated as none: the first page.
  }
  return undefined;
}

// The sort key of each sort: the instant for the date sorts, and for A-Z and Z-A the lower-cased
// heading the list shows: a post's and an achievement's title (Ukrainian form for
// a Ukrainian reader where one exists), and for the other kinds the page's own sentence about them
// ('Verified employment at {company}', src/lib/base/activity-heading.ts) filled in from the entry's
// columns, so "Verified employment at Northwind Studio" sorts under V, not under N. Compared in the
// reader's alphabet through an ICU collation (the database's own may be "C", which orders by code
// point: Є and І after Я, É after z).
type Dictionary = Record<string, string>;

// The list's sentences: the site's own words, which live in contract/i18n so the server reads them
// too (decision 259); a test of the activity list checks the order they give.
const activityEn: Dictionary = wordsUnder('en_GB', 'activities.');
const activityUk: Dictionary = wordsUnder('uk_UA', 'activities.');

/** The SQL text of one kind's heading: its sentence with {position}, {company}, {person} filled in. */
function headingSql(template: string, someone: string): SQL {
  const values: Record<string, SQL> = {
    position: sql`coalesce(${activities.position}, '')`,
    company: sql`coalesce(${activities.company}, ${activities.title})`,
    person: sql`coalesce((select nullif(trim(p.first_name || ' ' || coalesce(p.last_name, '')), '') from profiles p join users u on u.id = p.user_id and u.status = 'active' where p.user_id = ${activities.personId}), ${someone})`,
  };
  const parts = template.split(/(\{\w+\})/).filter(Boolean);
  const pieces = parts.map((part) => values[part.slice(1, -1)] ?? sql`${part}::text`);
  return sql`(${sql.join(pieces, sql` || `)})`;
}

function headingKey(dictionary: Dictionary, ownTitle: SQL): SQL {
  const someone = dictionary.someone ?? '';
  const kinds = ['new_job', 'verified_employment', 'recommendation_accepted'] as const;
  const cases = kinds.map((kind) => sql`when ${activities.kind} = ${kind} then ${headingSql(dictionary[`kind.${kind}`] ?? '', someone)}`);
  return sql`(case ${sql.join(cases, sql` `)} else ${ownTitle} end)`;
}

function sortKey(sort: ActivitySort, ukrainian: boolean): SQL {
  if (sort === 'newest' || sort === 'oldest') return sql`${activities.occurredAt}`;
  return ukrainian
    ? sql`lower(${headingKey(activityUk, sql`coalesce(${activities.titleUk}, ${activities.title})`)} collate "activity_title_uk")`
    : sql`lower(${headingKey(activityEn, sql`${activities.title}`)} collate "activity_title_en")`;
}

const descending = (sort: ActivitySort) => sort === 'newest' || sort === 'za';

function cursorCondition(sort: ActivitySort, key: SQL, cursor: Cursor): SQL | undefined {
  const isDate = sort === 'newest' || sort === 'oldest';
  const date = isDate ? new Date(cursor[0]) : undefined;
  if (date && Number.isNaN(date.getTime())) return undefined;
  const value = date ?? cursor[0];
  return descending(sort)
    ? sql`(${key}, ${activities.id}) < (${value}, ${cursor[1]})`
    : sql`(${key}, ${activities.id}) > (${value}, ${cursor[1]})`;
}

export interface ListInput {
  viewerId: number;
  viewerLocale: string;
  now: Date;
  query: ActivityListQuery;
}

/** One page of someone's activity; 404 when they are not an open account. */
export async function listActivities(db: Db, input: ListInput): Promise<ActivityList> {
  const { viewerId, query } = input;
  const authorId = query.user ?? viewerId;
  if (!(await isVisibleAuthor(db, authorId))) throw new NotFoundError();
  const timeZone = await timeZoneOf(db, viewerId);
  let range: Range | null = null;
  if (query.preset) range = presetRange(query.preset, input.now, timeZone);
  else if (query.from || query.to) range = customRange(query.from, query.to, timeZone);

  const key = sortKey(query.sort, input.viewerLocale === 'uk_UA');
  const conditions: SQL[] = [sql`${activities.userId} = ${authorId}`];
  if (range) conditions.push(sql`${activities.occurredAt} >= ${range.from}`, sql`${activities.occurredAt} < ${range.to}`);
  const cursor = decodeCursor(query.cursor);
  const after = cursor ? cursorCondition(query.sort, key, cursor) : undefined;
  if (after) conditions.push(after);
  const direction = descending(query.sort) ? sql`desc` : sql`asc`;

  const rows = await selectEntries(db, and(...conditions)!, key, direction, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const isDate = query.sort === 'newest' || query.sort === 'oldest';
  return {
    items: page.map((row) => entryOf(row, viewerId, input.viewerLocale)),
    next_cursor: rows.length > query.limit && last ? encodeCursor([isDate ? last.a.occurredAt.toISOString() : last.key, last.a.id]) : null,
    range: range ? { from: range.from.toISOString(), to: range.to.toISOString() } : null,
    time_zone: timeZone,
  };
}

function selectEntries(db: Queryable, where: SQL, key: SQL, direction: SQL, limit: number) {
  return db
    .select({
      a: activities,
      key: sql<string>`${key}::text`,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photoPath: profiles.photoPath,
      personFirst: sql<
        string | null
      >`(select p.first_name from profiles p join users u on u.id = p.user_id and u.status = 'active' where p.user_id = ${activities.personId})`,
      personLast: sql<string | null>`(select p.last_name from profiles p where p.user_id = ${activities.personId})`,
      commentCount: sql<number>`(select count(*)::int from comments c where c.activity_id = ${activities.id})`,
    })
    .from(activities)
    .innerJoin(profiles, eq(profiles.userId, activities.userId))
    .where(where)
    .orderBy(sql`${key} ${direction}`, sql`${activities.id} ${direction}`)
    .limit(limit);
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function entryOf(row: EntryRow, viewerId: number, viewerLocale: string): ActivityEntry {
  return {
    id: row.a.id,
    kind: row.a.kind,
    author: {
      user_id: row.a.userId,
      first_name: row.firstName,
      last_name: row.lastName,
      photo_url: row.photoPath ? profileApiPaths.file(row.photoPath) : null,
    },
    title: viewerLocale === 'uk_UA' && row.a.titleUk ? row.a.titleUk : row.a.title,
    text: row.a.text,
    details: {
      achievement: row.a.achievementCode,
      company: row.a.company,
      position: row.a.position,
      person: row.personFirst ? `${row.personFirst} ${row.personLast ?? ''}`.trim() : null,
    },
    comment_count: Number(row.commentCount),
    is_own: row.a.userId === viewerId,
    created_at: row.a.occurredAt.toISOString(),
  };
}

/** Writes a post in the person's activity; the new entry's id. */
export async function createPost(db: Db, userId: number, input: CreatePostRequest, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({ userId, kind: 'post', title: input.title, text: input.text, occurredAt: now, createdAt: now, updatedAt: now })
      .returning({ id: activities.id });
    if (!row) throw new Error('post not written');
    await checkAchievements(tx, userId, now);
    return row.id;
  });
}

/** The person deletes one of their own entries (its comments go with it); 404 for anyone else's. */
export async function deleteActivity(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(activities)
    .where(and(eq(activities.id, id), eq(activities.userId, userId)))
    .returning({ id: activities.id });
  if (!deleted.length) throw new NotFoundError();
}

/** One entry as the list shows it, for the answer to a new post. */
export async function activityById(db: Db, viewerId: number, viewerLocale: string, id: number): Promise<ActivityEntry> {
  const [row] = await selectEntries(db, sql`${activities.id} = ${id}`, sql`${activities.occurredAt}`, sql`desc`, 1);
  if (!row) throw new NotFoundError();
  return entryOf(row, viewerId, viewerLocale);
}
