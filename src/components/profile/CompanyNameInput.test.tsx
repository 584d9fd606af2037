// @vitest-environment happy-dom
// The job form's company field: typing 'North' suggests the registered Northwind
// Studio with its logo (WAI-ARIA combobox, arrows and Enter), and free text stays the value as typed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as careersApi from '../../lib/api/careers-api.ts';
import CompanyNameInput from './CompanyNameInput.tsx';

vi.mock('../../lib/api/careers-api.ts', () => ({ fetchCompanySuggestions: vi.fn() }));
const api = vi.mocked(careersApi);

function Form({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CompanyNameInput
      id="company"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      onBlur={() => {}}
      maxLength={160}
      noMatchesText="No matches"
    />
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the company field of the job form', () => {
  it('suggests registered companies for part of a name and takes the chosen one, keyboard only', async () => {
    vi.useFakeTimers();
    api.fetchCompanySuggestions.mockResolvedValue([
      { id: 7, name: 'Northwind Studio', logo_url: '/api/files/logo.png', registered: true, verified_domain: null },
    ]);
    const values: string[] = [];
    render(<Form onValue={(v) => values.push(v)} />);
    const input = screen.getByRole('combobox');
    fireEvent.input(input, { target: { value: 'North' } });
    await act(async () => vi.advanceTimersByTimeAsync(250));
    expect(api.fetchCompanySuggestions).toHaveBeenCalledTimes(1);
    expect(api.fetchCompanySuggestions.mock.calls[0]![0]).toBe('North');
    const option = screen.getByRole('option', { name: 'Northwind Studio' });
    expect(option.querySelector('img')?.getAttribute('src')).toBe('/api/files/logo.png');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('Northwind Studio');
    expect(values.at(-1)).toBe('Northwind Studio');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps free text as typed when nothing is suggested, and Enter does not replace it', async () => {
    vi.useFakeTimers();
    api.fetchCompanySuggestions.mockResolvedValue([]);
    render(<Form onValue={() => {}} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'My own workshop' } });
    await act(async () => vi.advanceTimersByTimeAsync(250));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('My own workshop');
  });
});
