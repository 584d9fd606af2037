// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginForm from './LoginForm.tsx';
import ResendButton from './ResendButton.tsx';
import SignUpForm from './SignUpForm.tsx';
import { registrationPage } from './registration-pages.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function submit(button: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: button }));
  });
}

describe('the sign-in form', () => {
  it('names each missing field in its own error, referenced by the field', async () => {
    render(<LoginForm locale="en_GB" messages={islandMessages('en_GB', 'auth/LoginForm.tsx')} />);
    await submit('Sign in');
    const login = screen.getByLabelText('Email or mobile phone');
    // The schema's verdict arrives after the click; the form re-renders with it.
    await vi.waitFor(() => expect(login.getAttribute('aria-describedby')).toBeTruthy());
    const error = document.getElementById(login.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Field is required');
    expect(error?.hasAttribute('data-form-error')).toBe(true);
    expect(login.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a refused sign-in as an alert in the form, in Ukrainian too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Invalid credentials' }), { status: 401 })),
    );
    render(<LoginForm locale="uk_UA" messages={islandMessages('uk_UA', 'auth/LoginForm.tsx')} />);
    fireEvent.input(screen.getByLabelText('Електронна пошта або мобільний телефон'), { target: { value: 'a@b.test' } });
    fireEvent.input(screen.getByLabelText('Пароль'), { target: { value: 'Wrong-Passw0rd' } });
    await submit('Увійти');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Неправильна електронна пошта, телефон або пароль.'));
  });
});

describe('the sign-up form', () => {
  it('asks for the company and the terms, with the SPEC §5 texts', async () => {
    render(<SignUpForm kind="company" locale="en_GB" messages={islandMessages('en_GB', 'auth/SignUpForm.tsx')} />);
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'short' } });
    await submit('Create account');
    expect(screen.getByRole('group', { name: 'Company' })).toBeTruthy();
    expect(await screen.findByText('You must accept the terms and conditions')).toBeTruthy();
    expect(screen.getByText('Must be at least 8 characters long, include a number, an uppercase and a lowercase letter.')).toBeTruthy();
    expect(screen.getAllByText('Field is required').length).toBeGreaterThan(3);
  });
});

describe('a sign-up the server fails', () => {
  it('says so at the top of the form, in the page language, and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    render(<SignUpForm kind="personal" locale="en_GB" messages={islandMessages('en_GB', 'auth/SignUpForm.tsx')} />);
    const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });
    type('First name', 'Olena');
    type('Last name', 'Kovalenko');
    type('Email', 'olena@example.test');
    type('Mobile phone', '+380501234567');
    fireEvent.input(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Passw0rd-Good' } });
    type('Confirm password', 'Passw0rd-Good');
    fireEvent.click(screen.getByRole('checkbox'));
    await submit('Create account');
    const alert = await vi.waitFor(() => {
      const element = screen.getByRole('alert');
      expect(element.textContent).not.toBe('');
      return element;
    });
    // SPEC §8's words for an answer that says nothing of its own.
    expect(alert.textContent).toBe('Some error');
    expect(alert.closest('form')).toBeTruthy();
    expect(screen.getByLabelText('First name', { exact: false })).toHaveProperty('value', 'Olena');
  });
});

describe('the resend button', () => {
  it('stays disabled and counts down until it may be used', () => {
    const messages = islandMessages('en_GB', 'auth/CodeVerificationIsland.tsx');
    const props = {
      resent: false,
      onResend: () => {},
      label: messages['verification.resend'],
      resentLabel: '',
      countdownLabel: (s: number) => `Resend code in ${s} s`,
    };
    const { rerender } = render(<ResendButton {...props} secondsLeft={undefined} />);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    rerender(<ResendButton {...props} secondsLeft={42} />);
    expect(screen.getByRole('button').textContent).toBe('Resend code in 42 s');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    rerender(<ResendButton {...props} secondsLeft={0} />);
    expect(screen.getByRole('button').textContent).toBe('Resend code');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the sign-up steps', () => {
  it('have a page each, with company variants for the email and last steps', () => {
    expect(registrationPage('email_verification', 'personal')).toBe('/create-account/email-verification');
    expect(registrationPage('email_verification', 'company')).toBe('/create-account/email-verification-company');
    expect(registrationPage('email_change', 'company')).toBe('/create-account/email-change-company');
    expect(registrationPage('phone_verification', 'company')).toBe('/create-account/phone-verification');
    expect(registrationPage('completed', 'company')).toBe('/create-account/completed-company');
    expect(registrationPage('completed', 'personal')).toBe('/create-account/completed');
  });
});
