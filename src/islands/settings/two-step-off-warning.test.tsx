// @vitest-environment happy-dom
// Before a person turns two-step sign-in off, the dialog names the workspaces whose
// rule would then sign them out and keep them out, in both languages; with none, no warning.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import TwoFactorPasswordDialog from './TwoFactorPasswordDialog.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/security.ts', () => ({ disableTwoFactor: vi.fn(), regenerateRecoveryCodes: vi.fn() }));

afterEach(cleanup);

function open(locale: Locale, kind: 'disable' | 'regenerate', requiredBy: { company_name: string }[]) {
  const t = messagesTranslator(islandMessages(locale, 'settings/SettingsApp.tsx'));
  render(<TwoFactorPasswordDialog locale={locale} t={t} kind={kind} requiredBy={requiredBy} onDone={() => {}} onClose={() => {}} />);
}

const companies = [{ company_name: 'Northwind Studio' }, { company_name: 'Contoso' }];

describe('turning two-step sign-in off', () => {
  it('names the workspaces whose rule would block the person, in English and Ukrainian', async () => {
    open('en_GB', 'disable', companies);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Companies where you are an owner or admin require two-step sign-in: Northwind Studio, Contoso. Turning it off signs you out of their workspaces and keeps you out until you turn it on again.',
    );
    cleanup();
    open('uk_UA', 'disable', companies);
    expect((await screen.findByRole('status')).textContent).toContain(
      'Компанії, де ви власник або адміністратор, вимагають двоетапного входу: Northwind Studio, Contoso.',
    );
  });

  it('warns of nothing when no company asks for it, nor for new recovery codes', async () => {
    open('en_GB', 'disable', []);
    await screen.findByRole('dialog');
    expect(screen.queryByText(/require two-step sign-in/)).toBeNull();
    cleanup();
    open('en_GB', 'regenerate', companies);
    await screen.findByRole('dialog');
    expect(screen.queryByText(/Northwind Studio/)).toBeNull();
  });
});
