// The workspace's notification sentences for a company's domain: the domain is named.
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notifications.ts';
import { dictionaries } from '../../i18n/index.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { notificationText } from './NotificationsPanel.tsx';

const notice = (kind: 'domain_lapsed' | 'domain_taken_over'): Notification => ({
  id: 1,
  kind,
  scope: 'company',
  company: { id: 3, name: 'Acme Ltd' },
  actor: null,
  subject: { type: 'company', id: 3, name: 'acme.example', owner_id: null },
  read_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
});

describe('company notifications about a domain', () => {
  it('name the domain in both languages', () => {
    const en = messagesTranslator(dictionaries.en_GB);
    const uk = messagesTranslator(dictionaries.uk_UA);
    expect(notificationText(notice('domain_lapsed'), en)).toBe(
      'acme.example is no longer verified: its proof was not found for three days',
    );
    expect(notificationText(notice('domain_taken_over'), en)).toContain('Another company proved control of acme.example');
    expect(notificationText(notice('domain_lapsed'), uk)).toContain('Домен acme.example більше не вважається перевіреним');
    expect(notificationText(notice('domain_taken_over'), uk)).toContain('Інша компанія довела контроль над доменом acme.example');
  });
});
