// Comments on activity entries: post, reply (one level), like and unlike (one like per person),
// delete one's own. A comment is as visible as its entry: an entry a reader may not see answers 404
// through every comment path too (decision 141). The entry's author is told of comments and replies,
// a comment's author of replies and of the first like from each person.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Comment, CreateCommentRequest, LikeState } from '../../contract/activities.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { activities, commentLikes, comments } from '../db/activity-schema.ts';
import type { Db, Queryable } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { notify } from '../shared/notifications/writer.ts';

/** The entry, when its author's account is open (only then may anyone see it or its comments). */
async function visibleEntry(db: Queryable, activityId: number): Promise<{ id: number; userId: number; title: string }> {
  const [entry] = await db
    .select({ id: activities.id, userId: activities.userId, title: activities.title })
    .from(activities)
    .innerJoin(users, and(eq(users.id, activities.userId), eq(users.status, 'active')))
    .where(eq(activities.id, activityId))
    .limit(1);
  if (!entry) throw new NotFoundError();
  return entry;
}

/** A comment whose entry is visible; 404 otherwise. */
async function visibleComment(db: Queryable, commentId: number) {
  const [row] = await db
    .select({ id: comments.id, userId: comments.userId, activityId: comments.activityId, parentId: comments.parentId })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  if (!row) throw new NotFoundError();
  const entry = await visibleEntry(db, row.activityId);
  return { ...row, entry };
}

/** Every comment of an entry, oldest first, each reply right after its comment. */
export async function listComments(db: Db, viewerId: number, activityId: number): Promise<Comment[]> {
  await visibleEntry(db, activityId);
  const rows = await db
    .select({
      c: comments,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photoPath: profiles.photoPath,
      likeCount: sql<number>`(select count(*)::int from comment_likes l where l.comment_id = ${comments.id} and l.active)`,
      likedByMe: sql<boolean>`exists (select 1 from comment_likes l where l.comment_id = ${comments.id} and l.user_id = ${viewerId} and l.active)`,
    })
    .from(comments)
    .innerJoin(users, and(eq(users.id, comments.userId), eq(users.status, 'active')))
    .innerJoin(profiles, eq(profiles.userId, comments.userId))
    .where(eq(comments.activityId, activityId))
    .orderBy(asc(comments.id));
  const items = rows.map((row): Comment => ({
    id: row.c.id,
    activity_id: row.c.activityId,
    parent_id: row.c.parentId,
    author: {
      user_id: row.c.userId,
      first_name: row.firstName,
      last_name: row.lastName,
      photo_url: row.photoPath ? profileApiPaths.file(row.photoPath) : null,
    },
    text: row.c.text,
    like_count: Number(row.likeCount),
    liked_by_me: Boolean(row.likedByMe),
    is_own: row.c.userId === viewerId,
    created_at: row.c.createdAt.toISOString(),
  }));
  const top = items.filter((c) => c.parent_id === null);
  return top.flatMap((c) => [c, ...items.filter((r) => r.parent_id === c.id)]);
}

/** Posts a comment or a reply; the new comment's id. */
export async function addComment(db: Db, userId: number, activityId: number, input: CreateCommentRequest, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const entry = await visibleEntry(tx, activityId);
    let parentAuthor: number | null = null;
    const parentId = input.parent_id ?? null;
    if (parentId !== null) {
      const [parent] = await tx
        .select({ userId: comments.userId, parentId: comments.parentId })
        .from(comments)
        .where(and(eq(comments.id, parentId), eq(comments.activityId, activityId)))
        .limit(1);
      if (!parent) throw new RuleBrokenError([{ field: 'parent_id', message: messageRef('validation.invalid') }]);
      // One level: a reply to a reply is refused rather than nested.
      if (parent.parentId !== null) throw new RuleBrokenError([{ field: 'parent_id', message: messageRef('validation.invalid') }]);
      parentAuthor = parent.userId;
    }
    const [row] = await tx
      .insert(comments)
      .values({ activityId, userId, parentId, text: input.text, createdAt: now, updatedAt: now })
      .returning({ id: comments.id });
    if (!row) throw new Error('comment not written');
    const subject = { type: 'post' as const, id: activityId, name: entry.title.slice(0, 200), ownerId: entry.userId };
    if (parentAuthor !== null && parentAuthor !== userId) {
      await notify(tx, { kind: 'reply', to: { userId: parentAuthor }, actorId: userId, subject });
    }
    if (entry.userId !== userId && entry.userId !== parentAuthor) {
      await notify(tx, { kind: 'comment', to: { userId: entry.userId }, actorId: userId, subject });
    }
    await checkAchievements(tx, userId, now);
    if (entry.userId !== userId) await checkAchievements(tx, entry.userId, now);
    return row.id;
  });
}

/** The comment's author deletes it (with its replies); 404 for anyone else. */
export async function deleteComment(db: Db, userId: number, commentId: number): Promise<void> {
  const comment = await visibleComment(db, commentId);
  if (comment.userId !== userId) throw new NotFoundError();
  await db.delete(comments).where(eq(comments.id, commentId));
}

async function likeState(db: Queryable, viewerId: number, commentId: number): Promise<LikeState> {
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${commentLikes.active})::int`,
      mine: sql<boolean>`coalesce(bool_or(${commentLikes.userId} = ${viewerId} and ${commentLikes.active}), false)`,
    })
    .from(commentLikes)
    .where(eq(commentLikes.commentId, commentId));
  return { like_count: Number(row?.count ?? 0), liked_by_me: Boolean(row?.mine) };
}

/** Likes a comment (once per person); the first like from a person notifies the comment's author, once. */
export async function likeComment(db: Db, userId: number, commentId: number, now: Date): Promise<LikeState> {
  return db.transaction(async (tx) => {
    const comment = await visibleComment(tx, commentId);
    const [first] = await tx
      .insert(commentLikes)
      .values({ commentId, userId, active: true, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: commentLikes.id });
    if (first) {
      if (comment.userId !== userId) {
        await notify(tx, {
          kind: 'like',
          to: { userId: comment.userId },
          actorId: userId,
          subject: { type: 'comment', id: commentId, name: comment.entry.title.slice(0, 200), ownerId: comment.entry.userId },
        });
        await checkAchievements(tx, comment.userId, now);
      }
    } else {
      await tx
        .update(commentLikes)
        .set({ active: true, updatedAt: now })
        .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)));
    }
    return likeState(tx, userId, commentId);
  });
}

/** Takes the person's like back; the count drops, and a later like does not notify again. */
export async function unlikeComment(db: Db, userId: number, commentId: number, now: Date): Promise<LikeState> {
  await visibleComment(db, commentId);
  await db
    .update(commentLikes)
    .set({ active: false, updatedAt: now })
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)));
  return likeState(db, userId, commentId);
}
