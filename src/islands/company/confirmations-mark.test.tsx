// @vitest-environment happy-dom
// The company's queue of requests to confirm a job marks the ones from people who confirmed a work
// email at the company's verified domain (decision 260): by the domain, in both languages,
// and never with the address, which the answer does not carry.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmationRequestView } from '../../../contract/careers-company.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import ConfirmationsCard from './ConfirmationsCard.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/workspace-careers.ts', () => ({ decideConfirmation: vi.fn() }));
afterEach(cleanup);

const request = (id: number, name: string, domain: string | null): ConfirmationRequestView => ({
  id,
  person: { user_id: id + 100, member_id: null, name, photo_url: null },
  position: 'Researcher',
  company_name: 'Northwind Studio',
  start_date: '2024-01-01',
  end_date: null,
  is_current: true,
  message: null,
  status: 'pending',
  requested_at: '2026-11-20T09:00:00Z',
  work_email_domain: domain,
});
const requests = [request(1, 'Marta', 'northwind.test'), request(2, 'Petro', null)];

describe('the confirmation queue', () => {
  for (const [locale, mark] of [
    ['en_GB', 'Work email at northwind.test confirmed'],
    ['uk_UA', 'Підтверджено робочу пошту в домені northwind.test'],
  ] as const) {
    it(`marks only the request with a confirmed work email (${locale})`, () => {
      const t = messagesTranslator(islandMessages(locale, 'company/ConfirmationsCard.tsx'));
      render(<ConfirmationsCard requests={requests} locale={locale} t={t} />);
      const marta = within(screen.getByText('Marta').closest('li')!);
      const petro = within(screen.getByText('Petro').closest('li')!);
      expect(marta.getByText(mark)).toBeTruthy();
      expect(petro.queryByText(mark)).toBeNull();
    });
  }
});
