// @vitest-environment happy-dom
import { ApiError } from '../../lib/base/api-error.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $fatalError, clearFatalError, showFatalError } from '../../lib/stores/fatal-error.ts';
import { notifyError, notifySuccess, takeToasts } from '../../lib/stores/toasts.ts';
import toast from 'react-hot-toast/headless';
import AppToaster, { maxVisibleToasts, toastDurationMs, toastsOverLimit } from './AppToaster.tsx';
import ErrorScreen from './ErrorScreen.tsx';

const errorScreenTexts = {
  heading: 'Something went wrong',
  notFoundHeading: 'Oops! Page not found',
  notFoundText: 'The page you are looking for might have been removed.',
  goHomeLabel: 'Go to Homepage',
};

// Toasts live in module state the unit project's files share (decision 216): each test starts with
// none, whatever a file before it left queued or shown (a left toast failed these tests now and then).
beforeEach(() => {
  takeToasts();
  toast.remove();
});
afterEach(() => {
  cleanup();
  clearFatalError();
  takeToasts();
  toast.remove();
  vi.useRealTimers();
});

describe('the toaster (SPEC §9)', () => {
  it('shows queued toasts in announced regions, closable, for 5000 ms', async () => {
    vi.useFakeTimers();
    notifyError('Could not save');
    render(<AppToaster regionLabel="Notifications" closeLabel="Close notification" />);
    await act(async () => {
      notifySuccess('Saved');
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(document.querySelector('[data-toast="error"]')).not.toBeNull();
    expect(document.querySelector('[data-toast="success"]')).not.toBeNull();

    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Close notification' })[0] as HTMLElement);
    });
    expect(screen.getByRole('alert').textContent).not.toContain('Could not save');

    await act(async () => {
      vi.advanceTimersByTime(toastDurationMs + 100);
    });
    expect(screen.getByRole('status').textContent).not.toContain('Saved');
    expect(toastDurationMs).toBe(5000);
  });
});

describe('the toaster is never more than two deep', () => {
  it('closes the oldest success first, and shows the same words once', async () => {
    render(<AppToaster regionLabel="Notifications" closeLabel="Close notification" />);
    await act(async () => {
      notifyError('Could not save');
      notifySuccess('Unlocked A');
      notifySuccess('Unlocked B');
      notifySuccess('Unlocked B');
      notifySuccess('Unlocked C');
    });
    await act(async () => undefined);
    const shown = document.querySelectorAll('[data-toast]');
    expect(shown).toHaveLength(maxVisibleToasts);
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    expect(screen.getByRole('status').textContent).toContain('Unlocked C');
    expect(screen.getByRole('status').textContent).not.toContain('Unlocked A');
  });

  it('shows two at most even before the extra ones are closed (a burst on a slow machine)', async () => {
    // With closing switched off, only the render's own limit keeps the burst to two.
    const dismiss = vi.spyOn(toast, 'dismiss').mockImplementation(() => undefined);
    try {
      render(<AppToaster regionLabel="Notifications" closeLabel="Close notification" />);
      await act(async () => {
        for (const name of ['D', 'E', 'F', 'G', 'H']) notifySuccess(`Burst ${name}`);
      });
      await act(async () => undefined);
      expect(document.querySelectorAll('[data-toast]')).toHaveLength(maxVisibleToasts);
      expect(screen.getByRole('status').textContent).toContain('Burst H');
    } finally {
      dismiss.mockRestore();
      toast.remove();
    }
  });

  it('picks what to close: successes before errors, oldest first', () => {
    const item = (id: string, type: string, createdAt: number) => ({ id, type, createdAt });
    expect(toastsOverLimit([item('a', 'success', 1), item('b', 'error', 2), item('c', 'success', 3)])).toEqual(['a']);
    expect(toastsOverLimit([item('a', 'error', 1), item('b', 'error', 2), item('c', 'error', 3)])).toEqual(['a']);
    expect(toastsOverLimit([item('a', 'success', 1), item('b', 'success', 2)])).toEqual([]);
    // Made in the same millisecond: the list's order (newest first) decides.
    expect(toastsOverLimit([item('new', 'success', 5), item('mid', 'success', 5), item('old', 'success', 5)])).toEqual(['old']);
  });
});

describe('the error screen (SPEC §2, §8)', () => {
  it('stays empty until a fatal error, then shows its message and the way home', async () => {
    document.body.innerHTML = '<main id="main">page</main>';
    render(<ErrorScreen {...errorScreenTexts} homeHref="/uk/" />);
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => {
      showFatalError(
        new ApiError({ status: 403, method: 'GET', path: '/api/profile/7', message: 'Profile not found' }),
        'Something went wrong',
      );
    });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Profile not found');
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/uk/');
    expect(document.getElementById('main')?.hidden).toBe(true);
    expect(document.activeElement?.id).toBe('error-screen-heading');
  });

  it('shows a 404 as the not-found screen with its status and its own message (SPEC §8)', async () => {
    render(<ErrorScreen {...errorScreenTexts} homeHref="/" />);
    await act(async () => {
      showFatalError(
        new ApiError({ status: 404, method: 'GET', path: '/api/profile/7', message: 'Profile not found' }),
        'Something went wrong',
      );
    });
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(document.querySelector('.error-screen-status')?.textContent).toBe('404');
    expect(screen.getByRole('alert').textContent).toBe('Profile not found');
    expect(screen.getByText('The page you are looking for might have been removed.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('falls back to the generic message and keeps the status', () => {
    showFatalError('not an error', 'Something went wrong');
    expect($fatalError.get()).toEqual({ message: 'Something went wrong', status: undefined });
    showFatalError(new ApiError({ status: 404, method: 'GET', path: '/api/x', message: 'Gone' }), 'x');
    expect($fatalError.get()).toEqual({ message: 'Gone', status: 404 });
    // A bug's own words never: the fallback, with the status it carried.
    showFatalError(Object.assign(new TypeError('x is undefined'), { status: 500 }), 'Something went wrong');
    expect($fatalError.get()).toEqual({ message: 'Something went wrong', status: 500 });
  });
});
