// @vitest-environment happy-dom
// The sign-in form with two-step sign-in on (decision 180): the password answers a challenge, the
// second step takes its place with focus on its code's field, an expired challenge goes back to the
// password with why, in the page's language.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/base/api-error.ts';
import LoginForm from './LoginForm.tsx';
import type * as LoginValidation from './login-validation.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

const completeSecondStep = vi.fn<(input: { challenge: string; code: string }) => Promise<string>>();

vi.mock('./login-validation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof LoginValidation>()),
  logIn: async () => ({ two_factor_required: true, challenge: 'the-challenge', expires_in: 300 }),
}));
vi.mock('../../lib/api/auth-api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  completeSecondStep: (input: { challenge: string; code: string }) => completeSecondStep(input),
}));

afterEach(cleanup);

async function passwordStep(locale: 'en_GB' | 'uk_UA') {
  const t = islandMessages(locale, 'auth/LoginForm.tsx');
  render(<LoginForm locale={locale} messages={t} />);
  fireEvent.input(screen.getByLabelText(t['account.field.login']!), { target: { value: 'a@b.test' } });
  fireEvent.input(screen.getByLabelText(t['account.field.password']!), { target: { value: 'Some-Passw0rd' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t['auth.signIn'] }));
  });
  await screen.findByRole('heading', { name: t['account.secondStep.title'] }, { timeout: 15_000 });
  const code = screen.getByLabelText(t['account.secondStep.field']!);
  await vi.waitFor(() => expect(document.activeElement).toBe(code));
  return t;
}

it('asks for the code after the password and sends it with the challenge', async () => {
  const t = await passwordStep('en_GB');
  completeSecondStep.mockRejectedValueOnce(
    new ApiError({ status: 401, method: 'POST', path: '/api/login/two-factor', code: 'challenge_expired', message: 'expired' }),
  );
  fireEvent.input(screen.getByLabelText(t['account.secondStep.field']!), { target: { value: ' 123 456 ' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t['account.secondStep.submit'] }));
  });
  expect(completeSecondStep).toHaveBeenCalledWith({ challenge: 'the-challenge', code: '123 456' });
  // Expired: back to the password form, which says why.
  const alert = await vi.waitFor(() => {
    const element = screen.getByRole('alert');
    expect(element.textContent).toBe(t['account.secondStep.expired']);
    return element;
  });
  expect(alert).toBeTruthy();
  expect(screen.getByLabelText(t['account.field.password']!)).toBeTruthy();
});

it('goes back to the password in Ukrainian when asked', async () => {
  const t = await passwordStep('uk_UA');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t['account.secondStep.back'] }));
  });
  expect(screen.getByRole('button', { name: t['auth.signIn'] })).toBeTruthy();
});
