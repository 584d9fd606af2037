// @vitest-environment happy-dom
// The employment details page's Work email card (decision 260) over mocked APIs (the calls
// themselves are the server's tests): what it says without a verified domain, the address-then-code
// dialog with the browser's check and the server's refusal on the field, and the confirmed state with
// the mark beside the company and the address for the owner only.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmploymentDetails } from '../../../contract/careers.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import * as careersApi from '../../lib/api/careers-api.ts';
import * as workEmailApi from '../../lib/api/work-email-api.ts';
import { forgetServerData } from '../../lib/stores/query.ts';
import { takeToasts } from '../../lib/stores/toasts.ts';
import EmploymentDetailsApp from './EmploymentDetailsApp.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/api/careers-api.ts', () => ({ fetchEmploymentDetails: vi.fn(), fetchCareers: vi.fn() }));
vi.mock('../../lib/api/work-email-api.ts', () => ({
  addWorkEmail: vi.fn(),
  resendWorkEmailCode: vi.fn(),
  confirmWorkEmail: vi.fn(),
  removeWorkEmail: vi.fn(),
}));
const careers = vi.mocked(careersApi);
const workEmail = vi.mocked(workEmailApi);

const job: EmploymentDetails = {
  id: 12,
  verified: false,
  self_declared_id: 12,
  position: 'Product designer',
  company: { id: 3, name: 'Northwind Studio', logo_url: null, registered: true, verified_domain: 'northwind.test' },
  start_date: '2023-04-01',
  end_date: null,
  is_current: true,
  planned_termination: null,
  leaves_on: null,
  months: 44,
  confirmation: null,
  work_email_domain: null,
  team: null,
  reviewer: null,
  experience_description: null,
  technical_skills: [],
  documents: [],
  competencies: [],
  reviews: [],
  in_company_score: { score: null, counted: 0, not_applicable: 0, total_weight: 0, inputs: [] },
  final_feedback: null,
  achievements: [],
  events: [],
  can_leave: false,
  work_email: { domain: 'northwind.test', address: null, status: 'none' },
};
const confirmed: EmploymentDetails = {
  ...job,
  work_email_domain: 'northwind.test',
  work_email: { domain: 'northwind.test', address: 'wanda@northwind.test', status: 'confirmed' },
};

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function showPage(shown: EmploymentDetails, locale: 'en_GB' | 'uk_UA' = 'en_GB') {
  careers.fetchEmploymentDetails.mockResolvedValue(shown);
  const rendered = render(<EmploymentDetailsApp locale={locale} messages={islandMessages(locale, 'careers/EmploymentDetailsApp.tsx')} />);
  await settle();
  return rendered;
}

const card = () => within(screen.getByRole('heading', { name: /^(Work email|Робоча пошта)$/ }).closest('section')!);

beforeEach(() => {
  vi.resetAllMocks();
  history.replaceState(null, '', '/employment-details/12');
  forgetServerData();
});
afterEach(() => {
  cleanup();
  takeToasts();
});

describe('the work email card', () => {
  it('says plainly when the company has not verified a domain, in both languages, and offers nothing to press', async () => {
    const unproved = {
      ...job,
      company: { ...job.company, verified_domain: null },
      work_email: { domain: null, address: null, status: 'none' as const },
    };
    const { unmount } = await showPage(unproved);
    expect(
      card().getByText('Northwind Studio has not verified a domain on Profiles yet, so this job cannot be confirmed with a work email.'),
    ).toBeTruthy();
    expect(card().queryByRole('button')).toBeNull();
    unmount();
    await showPage(unproved, 'uk_UA');
    expect(
      card().getByText(
        'Компанія Northwind Studio ще не підтвердила домен у Profiles, тож підтвердити цю роботу робочою поштою поки не можна.',
      ),
    ).toBeTruthy();
  });

  it('takes an address, shows the server’s refusal on its field, then the code, and shows the job confirmed', async () => {
    await showPage(job);
    fireEvent.click(card().getByRole('button', { name: 'Verify with your work email' }));
    await settle();
    const dialog = within(await screen.findByRole('dialog'));
    const address = dialog.getByLabelText('Work email');
    fireEvent.input(address, { target: { value: 'nope' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    await settle();
    expect(dialog.getByText('Invalid email address')).toBeTruthy();
    expect(workEmail.addWorkEmail).not.toHaveBeenCalled();

    workEmail.addWorkEmail.mockRejectedValueOnce(
      new ApiError({
        status: 422,
        method: 'PUT',
        path: '/api/careers/12/work-email',
        message: 'Invalid input',
        code: 'validation_failed',
        violations: [{ field: 'email', title: 'The email Enter your address at northwind.test or at one of its subdomains' }],
      }),
    );
    fireEvent.input(address, { target: { value: 'wanda@gmail.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    await settle();
    expect(dialog.getByText('Enter your address at northwind.test or at one of its subdomains')).toBeTruthy();

    workEmail.addWorkEmail.mockResolvedValueOnce({
      work_email: { domain: 'northwind.test', address: 'wanda@northwind.test', status: 'pending' },
      resend_available_in: 60,
      expires_in: 600,
    });
    fireEvent.input(address, { target: { value: 'wanda@northwind.test' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    await settle();
    expect(workEmail.addWorkEmail).toHaveBeenLastCalledWith(12, 'wanda@northwind.test');
    expect(dialog.getByText('We sent a 6-digit code to wanda@northwind.test. It expires in 10 minutes.')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'New code in 60 s' }) as HTMLButtonElement).disabled).toBe(true);

    workEmail.confirmWorkEmail.mockResolvedValueOnce(confirmed);
    fireEvent.input(dialog.getByLabelText('Code from the email'), { target: { value: '123456' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await settle();
    expect(workEmail.confirmWorkEmail).toHaveBeenCalledWith(12, '123456');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(card().getByRole('status').textContent).toBe('Work email at northwind.test confirmed');
    expect(card().getByText('Only you see the address: wanda@northwind.test.')).toBeTruthy();
    expect(document.querySelector('.employment-header .careers-work-email')?.textContent).toBe('Work email at northwind.test confirmed');
  });

  it('offers the code step for an address waiting for it, and removal once confirmed, in Ukrainian', async () => {
    const { unmount } = await showPage({
      ...job,
      work_email: { domain: 'northwind.test', address: 'wanda@northwind.test', status: 'pending' },
    });
    expect(card().getByText('wanda@northwind.test is not confirmed yet.')).toBeTruthy();
    fireEvent.click(card().getByRole('button', { name: 'Enter the code' }));
    await settle();
    expect(within(await screen.findByRole('dialog')).getByLabelText('Code from the email')).toBeTruthy();
    unmount();
    const ended = await showPage({
      ...confirmed,
      is_current: false,
      end_date: '2025-12-31',
      work_email_domain: null,
      work_email: { ...confirmed.work_email, status: 'pending' },
    });
    expect(card().getByText(/^A work email confirms a current job only/)).toBeTruthy();
    expect(card().getByRole('button', { name: 'Remove work email' })).toBeTruthy();
    expect(card().queryByRole('button', { name: 'Enter the code' })).toBeNull();
    ended.unmount();
    await showPage(confirmed, 'uk_UA');
    expect(card().getByText('Адресу бачите лише ви: wanda@northwind.test.')).toBeTruthy();
    expect(card().getByRole('button', { name: 'Видалити робочу пошту' })).toBeTruthy();
    expect(card().queryByRole('button', { name: 'Підтвердити робочою поштою' })).toBeNull();
  });
});
