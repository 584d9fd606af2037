// @vitest-environment happy-dom
// The sign-in form when something other than the API fails (its lazily loaded code, say): the person
// reads the generic message in the page's language, never a technical text in English.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { pickMessages } from '../../i18n/index.ts';
import LoginForm from './LoginForm.tsx';
import type * as LoginValidation from './login-validation.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('./login-validation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof LoginValidation>()),
  logIn: async () => {
    throw new TypeError('Failed to fetch dynamically imported module: /_astro/auth-api.js');
  },
}));

afterEach(cleanup);

it('shows the generic message in Ukrainian when the sign-in code fails', async () => {
  render(<LoginForm locale="uk_UA" messages={islandMessages('uk_UA', 'auth/LoginForm.tsx')} />);
  fireEvent.input(screen.getByLabelText('Електронна пошта або мобільний телефон'), { target: { value: 'a@b.test' } });
  fireEvent.input(screen.getByLabelText('Пароль'), { target: { value: 'Some-Passw0rd' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Увійти' }));
  });
  const alert = await vi.waitFor(() => {
    const element = screen.getByRole('alert');
    expect(element.textContent).not.toBe('');
    return element;
  });
  expect(alert.textContent).toBe(pickMessages('uk_UA', ['error.generic'])['error.generic']);
  expect(alert.textContent).not.toContain('Failed to fetch');
});
