// The one owner of the realtime connections (SPEC §4, §7, §8): two laravel-echo + pusher-js
// connections (achievements and jobs apps), created only while signed in, closed on sign-out and
// when another tab clears the token. Every event is checked against contract/realtime.ts before it
// reaches a store; islands never touch a socket.
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { toastsOnArrival, type Notification } from '../../../contract/notifications.ts';
import {
  broadcastingAuthPath,
  parseRealtimeEvent,
  reauthoriseCloseCode,
  realtimeApps,
  type RealtimeApp,
  type WorkspaceList,
  workspaceLists,
} from '../../../contract/realtime.ts';
import { apiBaseUrl } from '../api/client.ts';
import { reportRequestError } from './error-policy.ts';
import { fetchNotificationStatus } from '../api/notifications-api.ts';
import { libText } from '../base/lib-messages.ts';
import { notificationKindKey, notificationText } from '../base/notification-text.ts';
import { isOwnNotification } from '../base/own-notifications.ts';
import { builtRealtimeSettings, socketEndpoint, type RealtimeSettings } from '../base/realtime-settings.ts';
import { $locale } from '../stores/locale.ts';
import { setUnreadNotifications } from '../stores/notification-badge.ts';
import { applyRead, catchUpNotifications, receiveNotification, resetNotifications } from '../stores/notifications.ts';
import { $token } from '../stores/session.ts';
import { notifyError, notifySuccess } from '../stores/toasts.ts';

/** The pusher-js connection surface this module uses (a fake in tests). */
export interface SocketConnection {
  state: string;
  bind(event: string, callback: (data: unknown) => void): void;
}

/** One app's Echo instance, as far as this module uses it. */
export interface EchoLike {
  private(name: string): {
    listen(event: string, callback: (data: unknown) => void): unknown;
    error(callback: (error: unknown) => void): unknown;
    subscribed(callback: () => void): unknown;
  };
  disconnect(): void;
  connector: { pusher: { connection: SocketConnection; connect(): void } };
}

/** The SPEC §7 options of one app's connection. */
export function echoOptions(
  app: RealtimeApp,
  settings: RealtimeSettings,
  token: string,
  page: Pick<Location, 'hostname' | 'port' | 'protocol'>,
  backendUrl: string,
) {
  const key = settings.keys[app];
  const endpoint = socketEndpoint(settings, page);
  return {
    broadcaster: 'pusher' as const,
    key,
    cluster: 'mt1',
    wsHost: endpoint.host,
    wsPort: endpoint.port,
    wssPort: endpoint.port,
    forceTLS: false,
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    disableStats: true,
    authEndpoint: `${backendUrl}${broadcastingAuthPath}`,
    auth: { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, params: { app_key: key } },
  };
}

export type ClosureKind = 'sessionLost' | 'streamingFailed' | 'interrupted';

/**
 * Turns one connection's events into SPEC §8 messages, once per incident: nothing more is shown
 * until the connection is back, and reconnects back off (1 s doubling to a minute).
 */
// Closes that are not interruptions: a normal close, going away, and the hub asking a socket to
// authorise again (a password change revokes the user channel; this tab's own session comes straight
// back, and 'Connection interrupted' beside 'Password changed' read as a failure).
// If the reconnect then fails, 'unavailable' or a refused authorisation still says so.
const quietCloseCodes = new Set([1000, 1001, reauthoriseCloseCode]);

export function watchConnection(
  connection: SocketConnection,
  reconnect: () => void,
  report: (kind: ClosureKind, status?: number | string) => void,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): { sessionLost(): void; stop(): void } {
  let everConnected = false;
  let incident = false;
  let stopped = false;
  let lastCode: number | undefined;
  let delay = 1000;
  let pending: unknown;
  const raise = (kind: ClosureKind, status?: number | string) => {
    if (incident || stopped) return;
    incident = true;
    report(kind, status);
  };
  const scheduleReconnect = () => {
    if (stopped || pending !== undefined) return;
    pending = timers.set(() => {
      pending = undefined;
      if (!stopped) reconnect();
    }, delay);
    delay = Math.min(delay * 2, 60_000);
  };
  connection.bind('error', (error) => {
    const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
    if (typeof code === 'number') lastCode = code;
  });
  connection.bind('state_change', (change) => {
    const current = (change as { current?: string }).current;
    if (current === 'connected') {
      everConnected = true;
      incident = false;
      lastCode = undefined;
      delay = 1000;
      return;
    }
    if (current === 'unavailable' || current === 'failed') {
      if (everConnected) raise('interrupted', lastCode ?? current);
      else raise('streamingFailed');
      scheduleReconnect();
    } else if (current === 'connecting' && everConnected && lastCode !== undefined && !quietCloseCodes.has(lastCode)) {
      raise('interrupted', lastCode);
    }
  });
  return {
    sessionLost: () => raise('sessionLost'),
    stop() {
      stopped = true;
      if (pending !== undefined) timers.clear(pending);
    },
  };
}

interface Running {
  instances: EchoLike[];
  watchers: { stop(): void }[];
}

let running: Running | undefined;
let starting: Promise<void> | undefined;
let watchingToken = false;

function closureText(kind: ClosureKind, status?: number | string): string {
  const locale = $locale.get();
  if (kind === 'sessionLost') return libText(locale, 'realtime.sessionLost');
  if (kind === 'streamingFailed') return libText(locale, 'realtime.streamingFailed');
  return libText(locale, 'realtime.interrupted', { status: status ?? '' });
}

/**
 * Whether a notification arriving live shows a toast (decision 239): not a quiet kind (a day's
 * achievement unlocks), not one already read, and not the news of this tab's own action, which said
 * it with its own toast (one leave, one toast).
 */
export function toastsOnReceipt(notification: Notification, now = Date.now()): boolean {
  if (!toastsOnArrival(notification.kind) || notification.read_at !== null) return false;
  return !isOwnNotification(notification, now);
}

function toastFor(notification: Notification): void {
  if (!toastsOnReceipt(notification)) return;
  const locale = $locale.get();
  notifySuccess(
    notificationText(
      notification,
      libText(locale, notificationKindKey(notification.kind)),
      libText(locale, 'notifications.someone'),
      (key) => libText(locale, key),
    ),
  );
}

// The stores a notification changes besides the list: an unlock updates the achievements page, a
// comment, reply or like an open thread. Loaded on demand (the same module instances the page uses).
function followNotification(notification: Notification): void {
  if (notification.kind === 'achievement_unlocked') {
    void import('../stores/achievements.ts').then((m) => m.refreshAchievements()).catch(() => undefined);
  } else if (notification.kind === 'comment' || notification.kind === 'reply' || notification.kind === 'like') {
    void import('../stores/activities.ts').then((m) => m.receiveActivityNotification(notification)).catch(() => undefined);
  } else if (notification.kind === 'application_offer' || notification.kind === 'application_rejected' || notification.kind === 'hired') {
    // My applications says the new stage at once (decision 262).
    void import('../stores/applications.ts').then((m) => m.receiveApplicationNews()).catch(() => undefined);
  }
}

/**
 * Calls `catchUp` each time the channel is subscribed again after its first subscription: pusher-js
 * resubscribes by itself after a dropped connection, but the hub keeps no history, so whatever was
 * sent in between is read again instead of being lost.
 */
export function onResubscribed(channel: { subscribed(callback: () => void): unknown }, catchUp: () => void): void {
  let subscriptions = 0;
  channel.subscribed(() => {
    subscriptions += 1;
    if (subscriptions > 1) catchUp();
  });
}

/**
 * A job of the person's changed (a company's decision, or leaving in another tab): the pages showing
 * their jobs read them again. A failed read leaves what the page shows; the next event or a reload
 * brings it up to date.
 */
function jobsChanged(): void {
  // Loaded on demand, like the stores below: a page that holds no server data does not load the cache.
  void import('../stores/query.ts').then(({ myJobsKey, refresh, under }) => refresh(under(myJobsKey))).catch(() => undefined);
}

/** After a dropped connection: the person's jobs, notifications and badge as the server has them now. */
function catchUpPerson(): void {
  jobsChanged();
  catchUpNotifications().catch(reportRequestError);
}

function listen(app: RealtimeApp, instance: EchoLike, userId: number, watcher: { sessionLost(): void }): void {
  const channel = instance.private(`user.${userId}`);
  // Refused authorisation (a revoked or changed session) is the server losing our session.
  channel.error((error) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 401 || status === 403) watcher.sessionLost();
  });
  if (app === 'jobs') {
    onResubscribed(channel, catchUpPerson);
    channel.listen('.notification.created', (data) => {
      const event = parseRealtimeEvent('notification.created', data);
      if (!event) return;
      receiveNotification(event.notification, event.unread_count);
      toastFor(event.notification);
      followNotification(event.notification);
    });
    channel.listen('.notification.read', (data) => {
      const event = parseRealtimeEvent('notification.read', data);
      if (event) applyRead(event.ids, event.unread_count);
    });
    // A message in one of the person's applications' conversations: an open one reads itself again (decision 271).
    channel.listen('.application.message', (data) => {
      const event = parseRealtimeEvent('application.message', data);
      if (event)
        void import('../stores/applications.ts').then((m) => m.receiveConversationNews(event.application_id)).catch(() => undefined);
    });
    channel.listen('.employment.changed', (data) => {
      if (parseRealtimeEvent('employment.changed', data)) jobsChanged();
    });
    // Sessions ended elsewhere (a password change, 'sign out all other devices', a closure): if this
    // tab's was one of them, the check answers 401 and the error policy signs it out, sockets too.
    channel.listen('.session.ended', (data) => {
      if (parseRealtimeEvent('session.ended', data)) fetchNotificationStatus().catch(reportRequestError);
    });
  }
  if (app === 'achievements') {
    onResubscribed(channel, () => {
      void import('../stores/achievements.ts').then((m) => m.refreshAchievements()).catch(() => undefined);
    });
    // An unlock is quiet (decision 239): no toast; the achievements page, if open, reads it.
    channel.listen('.achievement.unlocked', (data) => {
      if (!parseRealtimeEvent('achievement.unlocked', data)) return;
      void import('../stores/achievements.ts').then((m) => m.refreshAchievements()).catch(() => undefined);
    });
  }
}

type CreateEcho = (options: ReturnType<typeof echoOptions>) => EchoLike;
const createLaravelEcho: CreateEcho = (options) => new Echo({ ...options, Pusher } as never) as unknown as EchoLike;

/** Opens both connections if signed in and not yet open. */
export function startRealtime(createEcho: CreateEcho = createLaravelEcho): Promise<void> {
  if (!watchingToken) {
    watchingToken = true;
    // Sign-out in this tab: the sockets go at once, not on the next page.
    $token.listen((token) => {
      if (!token) stopRealtime();
    });
  }
  const token = $token.get();
  const settings = builtRealtimeSettings();
  if (!token || !settings || running) return starting ?? Promise.resolve();
  starting ??= (async () => {
    try {
      const status = await fetchNotificationStatus();
      if ($token.get() !== token || running) return;
      const instances: EchoLike[] = [];
      const watchers: { stop(): void }[] = [];
      for (const app of realtimeApps) {
        const instance = createEcho(echoOptions(app, settings, token, location, apiBaseUrl()));
        const pusher = instance.connector.pusher;
        const watcher = watchConnection(
          pusher.connection,
          () => pusher.connect(),
          (kind, code) => notifyError(closureText(kind, code)),
        );
        listen(app, instance, status.user_id, watcher);
        instances.push(instance);
        watchers.push(watcher);
      }
      running = { instances, watchers };
      setUnreadNotifications(status.unread_count);
    } catch {
      // No badge and no live updates this page; the list page still loads on its own.
    } finally {
      starting = undefined;
    }
  })();
  return starting;
}

/** Closes both connections (sign-out, or another tab cleared the token). */
export function stopRealtime(): void {
  const current = running;
  running = undefined;
  if (!current) return;
  for (const watcher of current.watchers) watcher.stop();
  for (const instance of current.instances) instance.disconnect();
  resetNotifications();
}

interface CompanyLive {
  companyId: number;
  instance: EchoLike;
  watcher: { stop(): void };
  unwatchToken: () => void;
}

let companyLive: CompanyLive | undefined;

/**
 * The company host's one connection (decision 091): the jobs app with the host's company session,
 * on `private-company.{id}`. Each `company.changed` event is checked against the contract and its
 * lists handed to `onChange` (the workspace store reads them again). A refused channel means the
 * session is gone: `onChange(['workspace'])` lets the store find out and show 'Access denied'.
 * Closes when the token goes (leaving the workspace, or access denied).
 */
export function startCompanyRealtime(
  companyId: number,
  onChange: (lists: WorkspaceList[]) => void,
  createEcho: CreateEcho = createLaravelEcho,
): void {
  const token = $token.get();
  const settings = builtRealtimeSettings();
  if (!token || !settings || companyLive?.companyId === companyId) return;
  stopCompanyRealtime();
  const instance = createEcho(echoOptions('jobs', settings, token, location, apiBaseUrl()));
  const pusher = instance.connector.pusher;
  const watcher = watchConnection(
    pusher.connection,
    () => pusher.connect(),
    (kind, code) => {
      if (kind === 'sessionLost') onChange(['workspace']);
      else notifyError(closureText(kind, code));
    },
  );
  const channel = instance.private(`company.${companyId}`);
  channel.error((error) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 401 || status === 403) watcher.sessionLost();
  });
  // Every subscription, the first too, reads again each list the page has read: the page read them
  // before the channel was open, and the hub keeps no history of what was sent before it (or while a
  // dropped connection was down). Only lists already asked for are read (applyCompanyChange).
  channel.subscribed(() => onChange([...workspaceLists]));
  channel.listen('.company.changed', (data) => {
    const event = parseRealtimeEvent('company.changed', data);
    if (event && event.company_id === companyId) onChange(event.lists);
  });
  const unwatchToken = $token.listen((current) => {
    if (current !== token) stopCompanyRealtime();
  });
  companyLive = { companyId, instance, watcher, unwatchToken };
}

/** Closes the company host's connection. */
export function stopCompanyRealtime(): void {
  const current = companyLive;
  companyLive = undefined;
  if (!current) return;
  current.unwatchToken();
  current.watcher.stop();
  current.instance.disconnect();
}
