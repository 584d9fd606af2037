// Activity and comments (SPEC §2 'Activities', §3 'Comment', §5 deletion confirmation): what a person
// did that others may see, the `/activities` list with its date presets and sorts, and comments with
// likes and one level of replies. Limits live here so the form and the server refuse the same text;
// everything is plain text (shown as text, never as HTML).
import { z } from 'zod';
import { AchievementCodeSchema } from './achievements.ts';
import { calendarDate, requiredText } from './validation.ts';
import { messageRef } from './message-refs.ts';

/** The kinds of entry: a post the person writes, and entries their other actions create. */
export const activityKinds = ['post', 'new_job', 'verified_employment', 'achievement', 'recommendation_accepted'] as const;
export const ActivityKind = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** SPEC §2's presets, in the order the page shows them. */
export const activityPresets = ['today', 'past_month', 'this_month', 'last_month', 'past_year', 'this_year', 'last_year'] as const;
export const ActivityPreset = z.enum(activityPresets);
export type ActivityPreset = z.infer<typeof ActivityPreset>;

/** SPEC §2's sorts: Newest First, Oldest First, A-Z, Z-A. */
export const activitySorts = ['newest', 'oldest', 'az', 'za'] as const;
export const ActivitySort = z.enum(activitySorts);
export type ActivitySort = z.infer<typeof ActivitySort>;

export const activityLimits = {
  titleMax: 150,
  textMax: 5000,
  commentMax: 2000,
  /** Posts a person may write per hour. */
  postsPerHour: 20,
  /** Comments (and replies) a person may write per ten minutes. */
  commentsPerTenMinutes: 30,
  pageSize: 20,
} as const;

const id = z.number().int().positive();

/** `POST /api/activities`: a post with a title and text. */
export const CreatePostRequest = z.object({
  title: requiredText(activityLimits.titleMax),
  text: requiredText(activityLimits.textMax),
});
export type CreatePostRequest = z.infer<typeof CreatePostRequest>;

/**
 * `GET /api/activities?user=&preset=&from=&to=&sort=&cursor=`: `user` defaults to the signed-in
 * person; a preset, or a custom range `from`..`to` (dates, both inclusive) in the reader's time zone.
 */
export const ActivityListQuery = z
  .object({
    user: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    preset: ActivityPreset.optional(),
    // Real calendar days in the range every date of the product keeps (hardening issue, point 2):
    // '9999-12-31' once reached the range arithmetic and answered 500.
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    sort: ActivitySort.default('newest'),
    cursor: z
      .string()
      .max(400)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(50).default(activityLimits.pageSize),
    // Every GET carries the reader's locale (SPEC §7); A-Z follows the Ukrainian titles for uk_UA.
    locale: z.string().max(10).optional(),
  })
  .refine((q) => !(q.preset && (q.from || q.to)), { message: messageRef('validation.invalid'), path: ['preset'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: messageRef('validation.invalid'), path: ['to'] });
export type ActivityListQuery = z.infer<typeof ActivityListQuery>;

const Person = z.object({
  user_id: id,
  first_name: z.string(),
  last_name: z.string(),
  photo_url: z.string().nullable(),
});

/** One entry. `title` and `text` are the post's; other kinds carry what they are about in `details`. */
export const ActivityEntry = z.object({
  id,
  kind: ActivityKind,
  author: Person,
  title: z.string(),
  text: z.string().nullable(),
  details: z.object({
    achievement: AchievementCodeSchema.nullable(),
    company: z.string().nullable(),
    position: z.string().nullable(),
    person: z.string().nullable(),
  }),
  comment_count: z.number().int().min(0),
  is_own: z.boolean(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityList = z.object({
  items: z.array(ActivityEntry),
  next_cursor: z.string().nullable(),
  /** The range the preset or custom dates meant, in UTC instants: [from, to). Null without a filter. */
  range: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** The time zone the boundaries were computed in. */
  time_zone: z.string(),
});
export type ActivityList = z.infer<typeof ActivityList>;

/** `POST /api/activities/{id}/comments`: a comment, or a reply to one (one level only). */
export const CreateCommentRequest = z.object({
  text: requiredText(activityLimits.commentMax),
  parent_id: id.nullable().optional(),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequest>;

export const Comment = z.object({
  id,
  activity_id: id,
  parent_id: id.nullable(),
  author: Person,
  text: z.string(),
  like_count: z.number().int().min(0),
  liked_by_me: z.boolean(),
  is_own: z.boolean(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof Comment>;

/** Comments of an entry, oldest first, each top-level one followed by its replies. */
export const CommentList = z.object({ items: z.array(Comment) });
export type CommentList = z.infer<typeof CommentList>;

export const LikeState = z.object({ like_count: z.number().int().min(0), liked_by_me: z.boolean() });
export type LikeState = z.infer<typeof LikeState>;

export const activityApiPaths = {
  list: '/api/activities',
  entry: (id: number | string) => `/api/activities/${id}`,
  comments: (id: number | string) => `/api/activities/${id}/comments`,
  comment: (id: number | string) => `/api/comments/${id}`,
  like: (id: number | string) => `/api/comments/${id}/like`,
} as const;
