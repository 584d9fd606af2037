// The realtime wire contract (SPEC §7; ARCHITECTURE "Realtime"): the two Pusher apps, channel names,
// and every event's name, app and payload schema. The API publishes only events named here and the
// browser checks each event it receives against the same schema before a store sees it.
import { z } from 'zod';
import { Notification } from './notifications.ts';

/** The two Pusher apps: one connection each in the browser, each with its own key and secret. */
export const realtimeApps = ['achievements', 'jobs'] as const;

/**
 * The close code of a revoked channel's sockets (Pusher's 'reconnect immediately' range): the client
 * comes back at once and authorises again, so on its own it is no interruption worth telling anyone.
 */
export const reauthoriseCloseCode = 4200;
export const RealtimeApp = z.enum(realtimeApps);
export type RealtimeApp = z.infer<typeof RealtimeApp>;

/** Channel names; laravel-echo's `private('user.1')` subscribes to `private-user.1`. */
export const channelNames = {
  user: (userId: number) => `private-user.${userId}`,
  company: (companyId: number) => `private-company.${companyId}`,
} as const;

/** The channel a private channel name points at, or undefined for anything else. */
export function parseChannelName(name: string): { kind: 'user' | 'company'; id: number } | undefined {
  const match = /^private-(user|company)\.([1-9]\d{0,14})$/.exec(name);
  if (!match) return undefined;
  return { kind: match[1] as 'user' | 'company', id: Number(match[2]) };
}

/** Which channel kinds each app carries: both carry the user's own channel, company ones are on jobs. */
export const appChannelKinds: Record<RealtimeApp, readonly ('user' | 'company')[]> = {
  achievements: ['user'],
  jobs: ['user', 'company'],
};

const id = z.number().int().positive();

/** The company workspace's lists a `company.changed` event can name; `workspace` is the company and the member's own role. */
export const workspaceLists = [
  'workspace',
  'members',
  'invitations',
  'join_requests',
  'teams',
  'notifications',
  'employments',
  'competencies',
  'confirmations',
  /** The pipeline (decision 262): an application arrived, moved, was hired, noted or withdrawn. */
  'applications',
] as const;
export type WorkspaceList = (typeof workspaceLists)[number];

/** Every event: its app and its payload. Features add theirs here. */
export const realtimeEvents = {
  /** A stored notification was created for the channel's user; `unread_count` is theirs after it. */
  'notification.created': {
    app: 'jobs',
    payload: z.object({ notification: Notification, unread_count: z.number().int().min(0) }),
  },
  /** Notifications were marked read (in any tab or device); the badge shows `unread_count`. */
  'notification.read': {
    app: 'jobs',
    payload: z.object({ ids: z.array(id).nullable(), unread_count: z.number().int().min(0) }),
  },
  /**
   * Sessions of the channel's user ended elsewhere (a password change, a sign-out of other devices,
   * the account's closure): each tab checks its own session and signs out, closing its sockets, when
   * the session was one of them (decision 150).
   */
  'session.ended': {
    app: 'jobs',
    payload: z.object({ reason: z.enum(['password_changed', 'signed_out', 'account_closed']) }),
  },
  /**
   * The authorisations that let sockets hold the channel ended (sessions revoked, a member removed or
   * gone, an account closed). Not delivered: the hub closes every socket holding
   * the channel, on every hub process, with 4200 (reconnect at once), so each client authorises its
   * channels again and a revoked token gets no further events. The API sends it on both apps.
   */
  'subscriptions.revoked': {
    app: 'jobs',
    payload: z.object({}),
  },
  'achievement.unlocked': {
    app: 'achievements',
    payload: z.object({ achievement_id: id, title: z.string(), unlocked_at: z.string() }),
  },
  /**
   * A job of the channel's user changed (decision 177): a company hired, confirmed or declined,
   * changed the job, added or corrected a review round or the final feedback, approved a join request,
   * or the person left (in another tab). Names only: each open page showing the person's jobs reads
   * them again. `employment_id` is the job the change concerns, when there is one.
   */
  'employment.changed': {
    app: 'jobs',
    payload: z.object({ employment_id: id.nullable(), company_id: id.nullable() }),
  },
  /**
   * Something the company workspace lists changed (on `private-company.{id}`): every open workspace of
   * the company reads those lists again. Names only, no content: each member re-reads what their role may see.
   */
  'company.changed': {
    app: 'jobs',
    payload: z.object({ company_id: id, lists: z.array(z.enum(workspaceLists)).min(1) }),
  },
  /**
   * A message arrived in an application's conversation (decision 271), on the applicant's own channel
   * (the company's pipelines hear `company.changed` 'applications'). Names only: each open conversation
   * of that application reads itself again.
   */
  'application.message': {
    app: 'jobs',
    payload: z.object({ application_id: id }),
  },
  'invitation.received': {
    app: 'jobs',
    payload: z.object({ invitation_id: id, company: z.object({ id, name: z.string() }) }),
  },
} as const satisfies Record<string, { app: RealtimeApp; payload: z.ZodType }>;

export type RealtimeEventName = keyof typeof realtimeEvents;
export type RealtimeEventPayload<E extends RealtimeEventName> = z.infer<(typeof realtimeEvents)[E]['payload']>;

/** Checks an incoming event; undefined when the name is unknown or the payload does not match. */
export function parseRealtimeEvent<E extends RealtimeEventName>(name: E, data: unknown): RealtimeEventPayload<E> | undefined {
  const spec = realtimeEvents[name] as { payload: z.ZodType } | undefined;
  if (!spec) return undefined;
  const parsed = spec.payload.safeParse(data);
  return parsed.success ? (parsed.data as RealtimeEventPayload<E>) : undefined;
}

/** `POST /broadcasting/auth`: as pusher-js and laravel-echo send it (form-encoded or JSON). */
export const ChannelAuthRequest = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/),
  channel_name: z.string().min(1).max(200),
  app_key: z.string().min(1).max(200).optional(),
});
export type ChannelAuthRequest = z.infer<typeof ChannelAuthRequest>;
/**
 * The answer to a channel's authorisation; `channel_data` (the account, signed with the channel) on
 * channels whose name does not say whose socket it is, as presence channels carry it (decision 267),
 * with `until` (seconds) when the grant ends by itself: the hub closes the socket then (decision 243).
 */
export const ChannelAuthResponse = z.object({ auth: z.string(), channel_data: z.string().optional() });

export const broadcastingAuthPath = '/broadcasting/auth';
