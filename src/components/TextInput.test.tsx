// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionalSelect } from './TextInput.tsx';

afterEach(cleanup);

describe('OptionalSelect', () => {
  it('offers "none" (the empty value) first, then each option with its value and label', () => {
    render(
      <OptionalSelect
        name="team_id"
        value="2"
        onChange={() => {}}
        noneLabel="No team"
        options={[
          { value: 1, label: 'Design' },
          { value: 2, label: 'Sales' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.name).toBe('team_id');
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'No team'],
      ['1', 'Design'],
      ['2', 'Sales'],
    ]);
    expect(select.value).toBe('2');
  });
});
