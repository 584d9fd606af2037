import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../contract/notifications.ts';
import { notificationLink, notificationText } from '../base/notification-text.ts';
import {
  echoOptions,
  onResubscribed,
  startCompanyRealtime,
  stopCompanyRealtime,
  watchConnection,
  type EchoLike,
  type SocketConnection,
} from './realtime.ts';
import { $token } from '../stores/session.ts';
import { socketEndpoint, type RealtimeSettings } from '../base/realtime-settings.ts';
import { $notifications, applyRead, catchUpNotifications, receiveNotification } from '../stores/notifications.ts';
import { forgetServerData } from '../stores/query.ts';
import { showNotifications } from './test-notifications.ts';
import { workspaceLists } from '../../../contract/realtime.ts';
import { $unreadNotifications } from '../stores/notification-badge.ts';

const settings: RealtimeSettings = { keys: { achievements: 'ach-key', jobs: 'jobs-key' }, host: null, port: 6001 };
const page = (hostname: string, port = '', protocol = 'https:') => ({ hostname, port, protocol });

describe('echoOptions', () => {
  it('has SPEC §7’s options exactly, with ws.{host} on 6001 and app_key in the authorisation', () => {
    expect(echoOptions('jobs', settings, 'tok', page('profiles.example'), 'https://api.profiles.example')).toEqual({
      broadcaster: 'pusher',
      key: 'jobs-key',
      cluster: 'mt1',
      wsHost: 'ws.profiles.example',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      authEndpoint: 'https://api.profiles.example/broadcasting/auth',
      auth: { headers: { Authorization: 'Bearer tok', Accept: 'application/json' }, params: { app_key: 'jobs-key' } },
    });
    expect(echoOptions('achievements', settings, 'tok', page('profiles.example'), '').key).toBe('ach-key');
  });
});

describe('socketEndpoint', () => {
  it('uses the configured host, else ws.{host}, else the page’s own origin on localhost and IPs', () => {
    expect(socketEndpoint({ ...settings, host: 'rt.example', port: 7001 }, page('profiles.example'))).toEqual({
      host: 'rt.example',
      port: 7001,
    });
    expect(socketEndpoint(settings, page('profiles.example'))).toEqual({ host: 'ws.profiles.example', port: 6001 });
    // The company host uses the same socket host as the personal site (one hub, one certificate).
    expect(socketEndpoint(settings, page('company.profiles.example'))).toEqual({ host: 'ws.profiles.example', port: 6001 });
    expect(socketEndpoint(settings, page('company.localhost', '4321', 'http:'))).toEqual({ host: 'company.localhost', port: 4321 });
    expect(socketEndpoint(settings, page('localhost', '4321', 'http:'))).toEqual({ host: 'localhost', port: 4321 });
    expect(socketEndpoint(settings, page('127.0.0.1', '', 'http:'))).toEqual({ host: '127.0.0.1', port: 80 });
    expect(socketEndpoint(settings, page('[::1]', '8080', 'http:'))).toEqual({ host: '::1', port: 8080 });
  });
});

function fakeConnection() {
  const handlers = new Map<string, ((data: unknown) => void)[]>();
  const connection: SocketConnection = {
    state: 'initialized',
    bind: (event, cb) => void handlers.set(event, [...(handlers.get(event) ?? []), cb]),
  };
  const emit = (event: string, data: unknown) => handlers.get(event)?.forEach((cb) => cb(data));
  return { connection, emit, state: (current: string) => emit('state_change', { current }) };
}

describe('watchConnection', () => {
  it('says "Could not start streaming" once when the first connection fails, and backs off its retries', () => {
    vi.useFakeTimers();
    const { connection, state } = fakeConnection();
    const reconnect = vi.fn();
    const report = vi.fn();
    watchConnection(connection, reconnect, report);
    state('connecting');
    state('unavailable');
    state('connecting');
    state('unavailable');
    state('failed');
    expect(report.mock.calls).toEqual([['streamingFailed', undefined]]);
    vi.advanceTimersByTime(1000);
    expect(reconnect).toHaveBeenCalledTimes(1);
    state('failed');
    vi.advanceTimersByTime(1999);
    expect(reconnect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(reconnect).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('says "Connection interrupted" with the close code once per incident, again after it recovered', () => {
    const { connection, emit, state } = fakeConnection();
    const report = vi.fn();
    watchConnection(connection, () => {}, report, { set: () => 1, clear: () => {} });
    state('connected');
    emit('error', { type: 'PusherError', data: { code: 4201, message: 'Pong reply not received' } });
    state('connecting');
    state('unavailable');
    expect(report.mock.calls).toEqual([['interrupted', 4201]]);
    state('connected');
    emit('error', { type: 'PusherError', data: { code: 1006 } });
    state('connecting');
    expect(report.mock.calls).toEqual([
      ['interrupted', 4201],
      ['interrupted', 1006],
    ]);
  });

  it('says nothing when the hub asks the socket to authorise again (4200) and it comes back, and speaks if it does not', () => {
    // A password change revokes the person's channel: this tab reconnects at once, so 'Password
    // changed' must not be followed by 'Connection interrupted (4200)'.
    const { connection, emit, state } = fakeConnection();
    const report = vi.fn();
    watchConnection(connection, () => {}, report, { set: () => 1, clear: () => {} });
    state('connected');
    emit('error', { type: 'PusherError', data: { code: 4200, message: 'Reauthorise' } });
    state('connecting');
    state('connected');
    expect(report).not.toHaveBeenCalled();
    emit('error', { type: 'PusherError', data: { code: 4200, message: 'Reauthorise' } });
    state('connecting');
    state('unavailable');
    expect(report.mock.calls).toEqual([['interrupted', 4200]]);
  });

  it('says "Server lost session" once, and nothing after it stopped', () => {
    const { connection, state } = fakeConnection();
    const report = vi.fn();
    const watcher = watchConnection(connection, () => {}, report, { set: () => 1, clear: () => {} });
    watcher.sessionLost();
    watcher.sessionLost();
    watcher.stop();
    state('failed');
    expect(report.mock.calls).toEqual([['sessionLost', undefined]]);
  });
});

const sample: Notification = {
  id: 5,
  kind: 'endorsement',
  scope: 'personal',
  company: null,
  actor: { user_id: 9, first_name: 'Olena', last_name: 'Koval' },
  subject: { type: 'skill', id: 3, name: 'SQL', owner_id: null },
  read_at: null,
  created_at: '2026-11-22T09:00:00.000Z',
};

describe('notification text and link', () => {
  it('fills the sentence and falls back for a missing actor', () => {
    expect(notificationText(sample, '{actor} endorsed your skill {subject}.', 'Someone')).toBe('Olena Koval endorsed your skill SQL.');
    expect(notificationText({ ...sample, actor: null }, '{actor} endorsed your skill {subject}.', 'Someone')).toBe(
      'Someone endorsed your skill SQL.',
    );
  });

  it('names a role change’s new role in the page’s words and links to that company’s workspace', () => {
    const changed: Notification = {
      ...sample,
      kind: 'role_changed',
      company: { id: 7, name: 'Northwind' },
      subject: { type: 'company', id: 7, name: 'admin', owner_id: null },
    };
    const words = { 'notifications.role.admin': 'адміністратор', 'notifications.role.member': 'учасник' };
    expect(notificationText(changed, '{actor} змінив(-ла) вашу роль у {company}: тепер ви {role}.', 'Хтось', (key) => words[key])).toBe(
      'Olena Koval змінив(-ла) вашу роль у Northwind: тепер ви адміністратор.',
    );
    expect(notificationLink(changed, 'uk_UA')).toBe('/uk/company-access?company=7');
  });

  it('sends a company’s new two-step rule to the person’s own two-step card', () => {
    const rule: Notification = {
      ...sample,
      kind: 'two_step_rule_on',
      company: { id: 7, name: 'Northwind' },
      subject: { type: 'company', id: 7, name: null, owner_id: null },
    };
    expect(notificationLink(rule, 'uk_UA')).toBe('/uk/settings#security');
    expect(notificationLink(rule, 'en_GB')).toBe('/settings#security');
  });

  it('links to what it is about, in the page’s language', () => {
    expect(notificationLink(sample, 'en_GB')).toBe('/');
    expect(
      notificationLink(
        { ...sample, kind: 'recommendation_accepted', subject: { type: 'recommendation', id: 1, name: null, owner_id: 42 } },
        'uk_UA',
      ),
    ).toBe('/uk/profile-42/');
    expect(notificationLink({ ...sample, kind: 'member_left', scope: 'company' }, 'en_GB')).toBe('/profile-9/');
    expect(notificationLink({ ...sample, kind: 'achievement_unlocked' }, 'en_GB')).toBe('/achievements');
    // A verified job's news opens the job; the company's copy of a leaving opens the person.
    const employment = { type: 'employment' as const, id: 31, name: 'Acme Ltd', owner_id: null };
    expect(notificationLink({ ...sample, kind: 'review_received', subject: employment }, 'uk_UA')).toBe('/uk/employment-details/31');
    expect(notificationLink({ ...sample, kind: 'hired', subject: employment }, 'en_GB')).toBe('/employment-details/31');
    expect(notificationLink({ ...sample, kind: 'member_left', scope: 'company', subject: employment }, 'en_GB')).toBe('/profile-9/');
  });
});

describe('the notifications store', () => {
  it('prepends a new notification once, and marks read ones', async () => {
    // The page shows the list, read empty.
    const stop = await showNotifications([], null);
    receiveNotification(sample, 1);
    receiveNotification(sample, 1);
    expect($notifications.get().data?.items.map((n) => n.id)).toEqual([5]);
    expect($unreadNotifications.get()).toBe(1);
    applyRead(null, 0, new Date('2026-11-22T10:00:00Z'));
    expect($notifications.get().data?.items[0]!.read_at).toBe('2026-11-22T10:00:00.000Z');
    expect($unreadNotifications.get()).toBe(0);
    stop();
    forgetServerData();
  });
});

describe('catching up after a dropped connection', () => {
  it('reads again on every subscription but the first', () => {
    const callbacks: (() => void)[] = [];
    const catchUp = vi.fn();
    onResubscribed({ subscribed: (cb) => callbacks.push(cb) }, catchUp);
    callbacks.forEach((cb) => cb());
    expect(catchUp).not.toHaveBeenCalled();
    callbacks.forEach((cb) => cb());
    callbacks.forEach((cb) => cb());
    expect(catchUp).toHaveBeenCalledTimes(2);
  });

  it('puts what arrived meanwhile on top of the list and what was read elsewhere in place, keeping older pages', async () => {
    const older = { ...sample, id: 2, read_at: null };
    const read = { ...sample, id: 5, read_at: null };
    const stop = await showNotifications([read, older], 'c2');
    const fetch = vi.fn(async () =>
      Response.json({
        data: {
          items: [
            { ...sample, id: 9, read_at: null },
            { ...read, read_at: '2026-11-22T10:00:00.000Z' },
          ],
          next_cursor: 'c1',
          unread_count: 2,
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await catchUpNotifications();
    vi.unstubAllGlobals();
    const state = $notifications.get().data;
    expect(state?.items.map((n) => [n.id, n.read_at])).toEqual([
      [9, null],
      [5, '2026-11-22T10:00:00.000Z'],
      [2, null],
    ]);
    expect(state?.nextCursor).toBe('c2');
    expect($unreadNotifications.get()).toBe(2);
    stop();
    forgetServerData();
  });
});

describe('the company host’s connection', () => {
  function fakeEcho() {
    const listeners = new Map<string, (data: unknown) => void>();
    let onError: ((error: unknown) => void) | undefined;
    const onSubscribed: (() => void)[] = [];
    const fake = fakeConnection();
    const echo = {
      options: undefined as unknown,
      channels: [] as string[],
      disconnected: false,
      private(name: string) {
        echo.channels.push(name);
        const channel = {
          listen: (event: string, cb: (data: unknown) => void) => (listeners.set(event, cb), channel),
          error: (cb: (error: unknown) => void) => ((onError = cb), channel),
          subscribed: (cb: () => void) => (onSubscribed.push(cb), channel),
        };
        return channel;
      },
      disconnect() {
        echo.disconnected = true;
      },
      connector: { pusher: { connection: fake.connection, connect: () => {} } },
    };
    const create = (options: unknown) => {
      echo.options = options;
      return echo as unknown as EchoLike;
    };
    return {
      echo,
      create,
      emit: (event: string, data: unknown) => listeners.get(event)?.(data),
      refuse: (status: number) => onError?.({ status }),
      subscribe: () => onSubscribed.forEach((cb) => cb()),
    };
  }

  it('joins its company’s channel on the jobs app with the company session, and hands on each checked change', () => {
    (globalThis as { __REALTIME_SETTINGS__?: RealtimeSettings }).__REALTIME_SETTINGS__ = settings;
    vi.stubGlobal('location', page('company.localhost', '4321', 'http:'));
    $token.set('company-session');
    const { echo, create, emit, refuse, subscribe } = fakeEcho();
    const changes: string[][] = [];
    startCompanyRealtime(7, (lists) => changes.push(lists), create);
    // Subscribed: the lists were read before the channel was open, so every list is read again.
    subscribe();
    expect(changes).toEqual([[...workspaceLists]]);
    changes.length = 0;
    expect(echo.channels).toEqual(['company.7']);
    expect(echo.options).toMatchObject({
      key: 'jobs-key',
      wsHost: 'company.localhost',
      wsPort: 4321,
      auth: { headers: { Authorization: 'Bearer company-session' } },
    });

    emit('.company.changed', { company_id: 7, lists: ['members', 'notifications'] });
    emit('.company.changed', { company_id: 8, lists: ['members'] });
    emit('.company.changed', { company_id: 7, lists: ['everything'] });
    emit('.company.changed', { company_id: 7, lists: [] });
    expect(changes).toEqual([['members', 'notifications']]);

    // Subscribed again after a dropped connection: what changed meanwhile was never sent, so every list is read again.
    subscribe();
    expect(changes.at(-1)).toEqual([...workspaceLists]);

    // A refused channel: the session is gone, and the workspace is read again to find out.
    refuse(403);
    expect(changes.at(-1)).toEqual(['workspace']);

    // Starting again for the same company opens nothing more; the token going closes it.
    startCompanyRealtime(
      7,
      () => {},
      () => {
        throw new Error('a second connection');
      },
    );
    $token.set('');
    expect(echo.disconnected).toBe(true);
    stopCompanyRealtime();
    vi.unstubAllGlobals();
    delete (globalThis as { __REALTIME_SETTINGS__?: RealtimeSettings }).__REALTIME_SETTINGS__;
  });
});
