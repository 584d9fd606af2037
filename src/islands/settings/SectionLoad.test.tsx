// @vitest-environment happy-dom
// A settings section's own data: skeleton while it loads, the reason and a retry when it did not, the
// content once it is there.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SectionLoad from './SectionLoad.tsx';

afterEach(cleanup);

function view(state: { data?: string[]; error?: unknown }, lines?: 1 | 2) {
  const onRetry = vi.fn();
  const { container } = render(
    <SectionLoad state={state} lines={lines} failed={{ message: 'The list did not load.', retryLabel: 'Try again', onRetry }}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </SectionLoad>,
  );
  return { container, onRetry };
}

describe('SectionLoad', () => {
  it('shows a busy skeleton of the lines asked for until the data is there', () => {
    for (const state of [{}, { error: undefined }]) {
      const { container } = view(state, 2);
      expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
      expect(container.querySelectorAll('.settings-skeleton')).toHaveLength(2);
      expect(screen.queryByRole('list')).toBeNull();
      cleanup();
    }
    expect(view({}).container.querySelectorAll('.settings-skeleton')).toHaveLength(1);
  });

  it('says why it is empty when the data did not load, and tries again on the button', () => {
    const { onRetry } = view({ error: new Error('offline') });
    expect(screen.getByText('The list did not load.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the content with the data once it is there, even when reading it again failed', () => {
    const { container } = view({ data: ['one', 'two'], error: new Error('offline') });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });
});
